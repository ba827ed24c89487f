/**
 * The tags page: every tag with its count, 100 a page (10,000 tags never load at once), filtered by a few letters;
 * one tag's page renames, merges (with another tag or all its variants) and deletes it across the library.
 */
import {
  Bookmarks,
  deleteTag,
  mergeTags,
  mergeVariants,
  renameTag,
  TagEdits,
  Tags,
  tagsPage
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import * as FeedPages from "./FeedPages.js"

const tagHref = (tag: string) => `/tags/edit?tag=${encodeURIComponent(tag)}`
const libraryHref = (tag: string) => `/?tag=${encodeURIComponent(tag)}`

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const filter = req.url.searchParams.get("q") ?? ""
    const page = yield* tagsPage(req.me.account.id, Number(req.url.searchParams.get("page") ?? "1"), filter)
    const pageHref = (n: number) =>
      `/tags?${new URLSearchParams({ ...(filter === "" ? {} : { q: filter }), page: String(n) })}`
    const body = html`
<h1>Tags</h1>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
<form class="filters" role="search" method="get" action="/tags">
<div class="search"><label for="tag-filter">Find a tag</label><input id="tag-filter" name="q" type="search" value="${filter}"></div>
<button type="submit" class="quiet">Find</button>
</form>
<p class="small muted">${Format.plural(page.total, "tag")}${filter === "" ? "" : " matching"}, most used first.</p>
${
      page.tags.length === 0
        ? html`<p class="empty-state">${filter === "" ? "No tags yet." : "No tag matches."}</p>`
        : html`<div class="table-wrap"><table class="tags-table"><thead><tr><th scope="col">Tag</th><th scope="col" class="num">Bookmarks</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead><tbody>${
          page.tags.map((t) =>
            html`<tr><td><a href="${libraryHref(t.tag)}">${t.tag}</a>${
              t.variants > 1
                ? html` <span class="small muted">(${t.variants - 1} variant${t.variants > 2 ? "s" : ""})</span>`
                : ""
            }</td><td class="num">${t.count.toLocaleString("en-US")}</td><td><a href="${
              tagHref(t.tag)
            }" aria-label="Edit ${t.tag}">Edit</a></td></tr>`
          )
        }</tbody></table></div>`
    }
${
      page.pages <= 1
        ? ""
        : html`<nav class="pager" aria-label="Pages of tags"><p>${
          page.page > 1 ? html`<a href="${pageHref(page.page - 1)}" rel="prev">Previous</a> ` : ""
        }<span>Page ${page.page} of ${page.pages}</span>${
          page.page < page.pages ? html` <a href="${pageHref(page.page + 1)}" rel="next">Next</a>` : ""
        }</p></nav>`
    }`
    return Responses.htmlPage(req, Layout.page(req, { title: "Tags", section: "tags" }, body))
  })

const editPage = (req: Authed, tag: string, error?: string, status = 200) =>
  Effect.gen(function*() {
    const all = yield* (yield* Bookmarks).tags(req.me.account.id)
    const found = all.find((t) => Tags.tagKey(t.tag) === Tags.tagKey(tag))
    if (found === undefined) return Responses.notFound(req)
    const variants = all.filter((t) => t !== found && TagEdits.variantKey(t.tag) === TagEdits.variantKey(found.tag))
    const hidden =
      html`<input type="hidden" name="_csrf" value="${req.csrf}"><input type="hidden" name="tag" value="${found.tag}">`
    const body = html`
<p class="small"><a href="/tags">All tags</a></p>
<h1>Tag ${found.tag}</h1>
<p class="muted">On <a href="${libraryHref(found.tag)}">${
      Format.plural(found.count, "bookmark")
    }</a>. Changes apply to every bookmark at once.</p>
${Layout.notice(error, "error")}
<section class="panel" aria-labelledby="rename-heading"><h2 id="rename-heading">Rename</h2>
<form class="row" method="post" action="/tags/rename" hx-boost="false">${hidden}
<div><label for="rename-to">New name</label><input id="rename-to" name="to" type="text" required maxlength="${Tags.maxTagLength}" value="${found.tag}"></div>
<button type="submit">Rename</button></form>
<p class="small muted">Renaming to a tag you already use merges the two.</p></section>
<section class="panel" aria-labelledby="merge-heading"><h2 id="merge-heading">Merge</h2>
${
      variants.length === 0
        ? html`<p class="small muted">No variants of this tag (other spellings, plurals, accents).</p>`
        : html`<form method="post" action="/tags/merge-variants">${hidden}
<p>Variants: ${variants.map((v, i) => html`${i > 0 ? ", " : ""}<strong>${v.tag}</strong> (${v.count})`)}</p>
<button type="submit">Merge ${Format.plural(variants.length, "variant")} into ${found.tag}</button></form>`
    }
<form class="row" method="post" action="/tags/merge" hx-boost="false">${hidden}
<div><label for="merge-into">Merge into</label><input id="merge-into" name="into" type="text" required maxlength="${Tags.maxTagLength}"></div>
<button type="submit" class="quiet">Merge</button></form></section>
<section class="panel" aria-labelledby="feed-heading"><h2 id="feed-heading">Feed</h2>
<p class="small muted">RSS and Atom of the newest bookmarks with this tag, at a secret address you can revoke.</p>
${FeedPages.button(req, { tag: found.tag })}</section>
<section class="panel" aria-labelledby="delete-heading"><h2 id="delete-heading">Delete</h2>
<p class="small muted">The tag leaves ${Format.plural(found.count, "bookmark")}; the bookmarks stay.</p>
<form method="post" action="/tags/delete">${hidden}<button type="submit" class="danger">Delete tag ${found.tag}</button></form></section>`
    return Responses.htmlPage(req, Layout.page(req, { title: `Tag ${found.tag}`, section: "tags" }, body), { status })
  })

export const showEdit = (req: Authed) => editPage(req, req.url.searchParams.get("tag") ?? "")

/** Runs an edit; success goes back to the tags page, a refusal shows the tag's page with the message. */
const submit = <E, R>(req: Authed, run: Effect.Effect<{ readonly changed: number }, E, R>, notice: string) =>
  Effect.gen(function*() {
    const done = yield* Outcome.orInvalid(run)
    if (done._tag === "Success") return Responses.redirect(`/tags?notice=${notice}`)
    return yield* editPage(
      req,
      Forms.field(req.form, "tag"),
      Outcome.message(done.failure, { to: "New name", into: "Merge into" }),
      400
    )
  })

export const rename = (req: Authed) =>
  submit(req, renameTag(req.me.account.id, Forms.field(req.form, "tag"), Forms.field(req.form, "to")), "tag-renamed")

export const merge = (req: Authed) =>
  submit(req, mergeTags(req.me.account.id, [Forms.field(req.form, "tag")], Forms.field(req.form, "into")), "tag-merged")

export const mergeAllVariants = (req: Authed) =>
  submit(req, mergeVariants(req.me.account.id, Forms.field(req.form, "tag")), "tag-merged")

export const remove = (req: Authed) =>
  submit(req, deleteTag(req.me.account.id, Forms.field(req.form, "tag")), "tag-deleted")
