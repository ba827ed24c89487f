/** Lists in the web app: manage them (create, rename, move, delete) and show one list's bookmarks (docs/lists.md). */
import {
  Bookmark,
  createList,
  deleteList,
  Links,
  List,
  listLists,
  listRecords,
  removeFromList,
  updateList
} from "@bookmark-library/domain"
import { Clock, Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import * as FeedPages from "./FeedPages.js"
import { statusLine, tagList } from "./Library.js"
import * as ListsSidebar from "./ListsSidebar.js"

const id = (req: Authed) => req.params["id"] ?? ""
const pageSize = 30

/** The parent choices: the top level, then every list but `except` and its own sublists, indented. */
const parentOptions = (all: ReadonlyArray<List.List>, selected: string | null, except?: string) => {
  const below = except === undefined ? new Set<string>() : List.subtree(all, except)
  return html`<option value="">None (top level)</option>${
    List.tree(all).filter(({ list }) => !below.has(list.id)).map(({ depth, list }) =>
      html`<option value="${list.id}"${list.id === selected ? html` selected` : ""}>${
        "\u00a0\u00a0".repeat(depth - 1)
      }${list.name}</option>`
    )
  }`
}

// The forms that may be refused are sent without htmx: htmx does not swap in a 400 answer, a full page shows it.
const withSidebar = (req: Authed, current: string, title: string, body: ReturnType<typeof html>, status = 200) =>
  Effect.map(
    ListsSidebar.render(req, current),
    (aside) => Responses.htmlPage(req, Layout.page(req, { title, section: "lists", aside }, body), { status })
  )

interface CreateForm {
  readonly name?: string
  readonly parentId?: string
  readonly error?: string
}

const manage = (req: Authed, form: CreateForm, status = 200) =>
  Effect.gen(function*() {
    const all = (yield* listLists(req.me.account.id)).lists
    const body = html`
<h1>Lists</h1>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
<section class="panel" aria-labelledby="new-list-heading">
<h2 id="new-list-heading">New list</h2>
${Layout.notice(form.error, "error")}
<form class="row" method="post" action="/lists" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="list-name">Name</label><input id="list-name" name="name" type="text" required maxlength="${List.maxNameLength}" value="${
      form.name ?? ""
    }"></div>
<div><label for="list-parent">Inside</label><select id="list-parent" name="parentId">${
      parentOptions(all, form.parentId ?? null)
    }</select></div>
<button type="submit">Create</button>
</form>
</section>
${
      all.length === 0
        ? html`<p class="empty-state">No lists yet. A list groups bookmarks; a bookmark can be in any number of lists.</p>`
        : html`<h2>Your lists</h2><ul class="list-tree" aria-label="Your lists">${
          List.tree(all).map(({ depth, list }) =>
            html`<li class="depth-${Math.min(depth, List.maxDepth)}"><a href="${
              ListsSidebar.listHref(list.id)
            }">${list.name}</a> <span class="muted small">${Format.plural(list.count, "bookmark")}</span></li>`
          )
        }</ul>`
    }`
    return yield* withSidebar(req, "manage", "Lists", body, status)
  })

export const showAll = (req: Authed) => manage(req, {})

export const create = (req: Authed) =>
  Effect.gen(function*() {
    const form = { name: Forms.field(req.form, "name"), parentId: Forms.field(req.form, "parentId") }
    const created = yield* Outcome.orInvalid(
      createList(req.me.account.id, { name: form.name, parentId: form.parentId === "" ? null : form.parentId })
    )
    if (created._tag === "Success") {
      return Responses.redirect(`${ListsSidebar.listHref(created.success.id)}?notice=list-created`)
    }
    return yield* manage(req, { ...form, error: Outcome.message(created.failure, { parentId: "Inside" }) }, 400)
  })

interface EditForm {
  readonly name: string
  readonly parentId: string
  readonly error?: string
}

const card = (req: Authed, listId: string, now: number, b: Bookmark.Bookmark) => {
  const href = `/bookmarks/${encodeURIComponent(b.id)}`
  return html`<li class="card"><div class="body">
<h3><a href="${href}">${Format.title(b)}</a></h3>
<span class="host">${b.url === "" ? "Note" : Format.host(b.url)}</span>
${statusLine(b, req.zone, now)}
${tagList(b.tags, b.generatedTags)}
<form class="inline" method="post" action="${ListsSidebar.listHref(listId)}/remove">
<input type="hidden" name="_csrf" value="${req.csrf}"><input type="hidden" name="bookmarkId" value="${b.id}">
<button type="submit" class="link small">Take out of this list</button></form>
</div></li>`
}

const one = (req: Authed, edit?: EditForm, status = 200) =>
  Effect.gen(function*() {
    const before = req.url.searchParams.get("before") ?? undefined
    const page = yield* listRecords(req.me.account.id, id(req), {
      limit: String(pageSize),
      ...(before === undefined ? {} : { before })
    })
    const links = yield* Links.Links
    const now = yield* Clock.currentTimeMillis
    const all = (yield* listLists(req.me.account.id)).lists
    const list = page.list
    const path = ListsSidebar.listHref(list.id)
    const values = edit ?? { name: list.name, parentId: list.parentId ?? "" }
    const trail = ancestors(all, list.id)
    const body = html`
${
      trail.length === 0
        ? ""
        : html`<p class="small muted">${
          trail.map((l) => html`<a href="${ListsSidebar.listHref(l.id)}">${l.name}</a> / `)
        }</p>`
    }
<h1>${list.name}</h1>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${
      page.rows.length === 0
        ? html`<p class="empty-state">This list is empty. Open a bookmark and pick this list under <strong>Lists</strong>.</p>`
        : html`<ul class="results list" aria-label="Bookmarks in ${list.name}">${
          page.rows.map((r) => card(req, list.id, now, Bookmark.present(r, links)))
        }</ul>`
    }
${
      page.nextBefore === null
        ? ""
        : html`<p><a class="button quiet" href="${path}?before=${
          encodeURIComponent(new Date(page.nextBefore).toISOString())
        }">Older bookmarks</a></p>`
    }
<section class="panel" aria-labelledby="edit-list-heading">
<h2 id="edit-list-heading">Rename or move</h2>
${Layout.notice(edit?.error, "error")}
<form class="row" method="post" action="${path}/edit" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="edit-name">Name</label><input id="edit-name" name="name" type="text" required maxlength="${List.maxNameLength}" value="${values.name}"></div>
<div><label for="edit-parent">Inside</label><select id="edit-parent" name="parentId">${
      parentOptions(all, values.parentId === "" ? null : values.parentId, list.id)
    }</select></div>
<button type="submit">Save</button>
</form>
<p class="small"><a href="${path}/delete">Delete this list</a> <span class="muted">— its bookmarks stay in your library</span></p>
</section>
<section class="panel" aria-labelledby="feed-heading"><h2 id="feed-heading">Feed</h2>
<p class="small muted">RSS and Atom of this list's newest bookmarks, at a secret address you can revoke.</p>
${FeedPages.button(req, { list: list.id })}</section>
<section class="panel" aria-labelledby="share-heading"><h2 id="share-heading">Share</h2>
<p class="small muted">A public page of this list, read-only, at a secret address you can revoke.</p>
${FeedPages.shareButton(req, list.id)}</section>`
    return yield* withSidebar(req, list.id, list.name, body, status)
  })

const ancestors = (all: ReadonlyArray<List.List>, id: string): Array<List.List> => {
  const byId = new Map<string, List.List>(all.map((l) => [l.id, l]))
  const out: Array<List.List> = []
  let current = byId.get(id)?.parentId ?? null
  while (current !== null && out.length < List.maxDepth) {
    const parent = byId.get(current)
    if (parent === undefined) break
    out.unshift(parent)
    current = parent.parentId
  }
  return out
}

export const show = (req: Authed) => one(req)

export const edit = (req: Authed) =>
  Effect.gen(function*() {
    const form = { name: Forms.field(req.form, "name"), parentId: Forms.field(req.form, "parentId") }
    const updated = yield* Outcome.orInvalid(
      updateList(req.me.account.id, id(req), {
        name: form.name,
        parentId: form.parentId === "" ? null : form.parentId
      })
    )
    if (updated._tag === "Success") {
      return Responses.redirect(`${ListsSidebar.listHref(updated.success.id)}?notice=list-saved`)
    }
    return yield* one(req, { ...form, error: Outcome.message(updated.failure, { parentId: "Inside" }) }, 400)
  })

export const remove = (req: Authed) =>
  Effect.gen(function*() {
    yield* removeFromList(req.me.account.id, id(req), [Forms.field(req.form, "bookmarkId")])
    return Responses.redirect(`${ListsSidebar.listHref(id(req))}?notice=list-removed`)
  })

export const confirmDelete = (req: Authed) =>
  Effect.gen(function*() {
    const { list } = yield* listRecords(req.me.account.id, id(req), { limit: "1" })
    const path = ListsSidebar.listHref(list.id)
    return yield* withSidebar(
      req,
      list.id,
      "Delete list",
      html`
<h1>Delete the list ${list.name}?</h1>
<p class="muted">Its bookmarks stay in your library and in their other lists; its sublists move up one level.</p>
<form class="actions" method="post" action="${path}/delete">
<input type="hidden" name="_csrf" value="${req.csrf}">
<button type="submit" class="danger">Delete list</button><a href="${path}">Cancel</a>
</form>`
    )
  })

export const submitDelete = (req: Authed) =>
  Effect.map(deleteList(req.me.account.id, id(req)), () => Responses.redirect("/lists?notice=list-deleted"))
