/**
 * Feeds out (docs/lists.md, "Feeds"): the public RSS and Atom documents behind a secret token, and the owner's page
 * that creates (the address shown once), lists and revokes them.
 */
import { createFeed, listFeeds, Lists, readFeed, revokeFeed, SecretLink } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as FeedXml from "../FeedXml.js"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed, WebRequest } from "../WebRequest.js"

const token = (req: WebRequest) => req.params["token"] ?? ""
const feedUrl = (req: WebRequest, secret: string, kind: "rss" | "atom") =>
  `${req.settings.publicUrl.replace(/\/$/, "")}/feeds/${encodeURIComponent(secret)}/${kind}`

const document = (req: WebRequest, kind: "rss" | "atom") =>
  Effect.gen(function*() {
    const secret = token(req)
    const feed = yield* readFeed(secret)
    const links = { home: req.settings.publicUrl, self: feedUrl(req, secret, kind), id: feed.id }
    return HttpServerResponse.text(kind === "rss" ? FeedXml.rss(feed, links) : FeedXml.atom(feed, links), {
      contentType: kind === "rss" ? "application/rss+xml; charset=utf-8" : "application/atom+xml; charset=utf-8",
      headers: {
        "cache-control": "private, no-cache",
        "x-content-type-options": "nosniff",
        "referrer-policy": "no-referrer",
        "x-robots-tag": "noindex"
      }
    })
  })

export const rss = (req: WebRequest) => document(req, "rss")
export const atom = (req: WebRequest) => document(req, "atom")

const describe = (feed: SecretLink.View, names: ReadonlyMap<string, string>) =>
  `${feed.purpose === "page" ? "Shared page of list" : feed.kind === "list" ? "Feed of list" : "Feed of tag"} ${
    feed.kind === "list" ? (names.get(feed.target) ?? "(deleted)") : feed.target
  }`

const sharedUrl = (req: WebRequest, secret: string) =>
  `${req.settings.publicUrl.replace(/\/$/, "")}/shared/${encodeURIComponent(secret)}`

const listPage = (req: Authed, created?: { readonly token: string; readonly feed: SecretLink.View }, error?: string) =>
  Effect.gen(function*() {
    const feeds = yield* listFeeds(req.me.account.id)
    const lists = yield* (yield* Lists).list(req.me.account.id)
    const names = new Map<string, string>(lists.map((l) => [l.id, l.name]))
    const body = html`
<h1>Feeds and shared pages</h1>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${Layout.notice(error, "error")}
${
      created === undefined
        ? ""
        : created.feed.purpose === "page"
        ? html`<section class="panel" aria-labelledby="created-heading"><h2 id="created-heading">${
          describe(created.feed, names)
        }</h2>
<p>Copy the address now: it is shown only once. Anyone who has it can read this list (not change it) until you revoke it.</p>
<p><label for="page-url">Address</label><input id="page-url" type="text" readonly value="${
          sharedUrl(req, created.token)
        }"></p>
</section>`
        : html`<section class="panel" aria-labelledby="created-heading"><h2 id="created-heading">${
          describe(created.feed, names)
        }</h2>
<p>Copy an address into your feed reader now: it is shown only once. Anyone who has it can read this feed until you revoke it.</p>
<p><label for="rss-url">RSS</label><input id="rss-url" type="text" readonly value="${
          feedUrl(req, created.token, "rss")
        }"></p>
<p><label for="atom-url">Atom</label><input id="atom-url" type="text" readonly value="${
          feedUrl(req, created.token, "atom")
        }"></p>
</section>`
    }
<p class="muted">A feed shows the ${SecretLink.feedItems} newest bookmarks of a list or a tag; a shared page shows a list to anyone with its address. Create them from a list's page or a tag's page.</p>
${
      feeds.length === 0
        ? html`<p class="empty-state">No feeds or shared pages yet.</p>`
        : html`<ul class="list-tree" aria-label="Your feeds and shared pages">${
          feeds.map((f) =>
            html`<li>${describe(f, names)} <span class="small muted">created ${Format.date(f.createdAt, req.zone)}${
              f.revoked ? " · revoked" : ""
            }</span>${
              f.revoked ? "" : html` <form class="inline" method="post" action="/feeds/${f.id}/revoke">
<input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="link">Revoke</button></form>`
            }</li>`
          )
        }</ul>`
    }`
    return Responses.htmlPage(req, Layout.page(req, { title: "Feeds and shared pages", section: "none" }, body), {
      status: error === undefined ? 200 : 400,
      noStore: created !== undefined
    })
  })

export const show = (req: Authed) => listPage(req)

export const create = (req: Authed) =>
  Effect.gen(function*() {
    const list = Forms.field(req.form, "list")
    const tag = Forms.field(req.form, "tag")
    const purpose = Forms.field(req.form, "purpose") === "page" ? "page" : "feed"
    const made = yield* Outcome.orInvalid(createFeed(req.me.account.id, { list, tag }, purpose))
    if (made._tag === "Failure") return yield* listPage(req, undefined, Outcome.message(made.failure))
    return yield* listPage(req, made.success)
  })

export const revoke = (req: Authed) =>
  Effect.map(
    revokeFeed(req.me.account.id, req.params["id"] ?? ""),
    () => Responses.redirect("/feeds?notice=feed-revoked")
  )

/** The button on a list's or a tag's page. */
export const button = (req: Authed, target: { readonly list: string } | { readonly tag: string }) =>
  html`<form method="post" action="/feeds" hx-boost="false"><input type="hidden" name="_csrf" value="${req.csrf}">${
    "list" in target
      ? html`<input type="hidden" name="list" value="${target.list}">`
      : html`<input type="hidden" name="tag" value="${target.tag}">`
  }<button type="submit" class="quiet">Create a feed link</button> <a class="small" href="/feeds">Your feeds</a></form>`

/** The button on a list's page that makes a read-only public page of it. */
export const shareButton = (req: Authed, listId: string) =>
  html`<form method="post" action="/feeds" hx-boost="false"><input type="hidden" name="_csrf" value="${req.csrf}"><input type="hidden" name="list" value="${listId}"><input type="hidden" name="purpose" value="page"><button type="submit" class="quiet">Share a read-only page</button></form>`
