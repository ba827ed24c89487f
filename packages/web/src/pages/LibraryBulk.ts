/**
 * Bulk actions in the library (docs/lists.md, "Bulk actions"): a checkbox on every card and one form above the
 * results. The checkboxes belong to the form by its id (`form="bulk"`), so the form works without a script; "all
 * matching this search" sends the search itself, resolved on the server. Deleting, and anything on "all matching",
 * first shows a confirmation page that names the count. Small selections are done at once and the library says
 * what happened; large ones run as a job with its own progress page (pages/BulkProgress.ts).
 */
import {
  Bulk,
  type Errors,
  type List,
  listLists,
  operationOf,
  resolveSelection,
  runBulk,
  selectionOf
} from "@bookmark-library/domain"
import { Effect, Result } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { type Html, html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import { bulkPath } from "./BulkProgress.js"

/** The library's search as the bulk form carries it. */
export interface Search {
  readonly q: string
  readonly tag: string
  readonly type: string
}

const labels: Record<Bulk.Action, string> = {
  addTags: "Add tags",
  removeTags: "Remove tags",
  addToList: "Add to a list",
  removeFromList: "Take out of a list",
  favourite: "Star (favourite)",
  unfavourite: "Unstar",
  archive: "Archive (mark read)",
  unarchive: "Unarchive",
  refresh: "Refresh (fetch again)",
  delete: "Delete…"
}

const searchFields = (search: Search) =>
  html`<input type="hidden" name="q" value="${search.q}"><input type="hidden" name="tag" value="${search.tag}"><input type="hidden" name="type" value="${search.type}">`

/**
 * The bulk form above the results; on a phone it folds behind one button, as the save form does. `matching` is offered when the page shows a search or filter the server can
 * resolve (the date range is the page's own and is not sent, so "all matching" is not offered with it).
 */
export const bar = (req: Authed, search: Search, lists: ReadonlyArray<List.List>, options: {
  readonly back: string
  readonly matching: boolean
}) =>
  html`<details class="panel bulk bulk-panel">
<summary class="button quiet">Act on ticked bookmarks</summary>
<form id="bulk" method="post" action="/bulk" hx-boost="false" aria-labelledby="bulk-heading">
<h2 id="bulk-heading" class="visually-hidden">Act on several bookmarks</h2>
<input type="hidden" name="_csrf" value="${req.csrf}">
<input type="hidden" name="back" value="${options.back}">
${searchFields(search)}
<fieldset class="scope"><legend>Act on</legend>
<label><input type="radio" name="scope" value="selected" checked> the bookmarks ticked below</label>
${
    options.matching
      ? html`<label><input type="radio" name="scope" value="matching"> all that match the filters above, not only this page</label>`
      : ""
  }
<button type="button" class="quiet small" data-pick-page hidden>Tick all on this page</button>
</fieldset>
<div class="row">
<div><label for="bulk-action">Action</label><select id="bulk-action" name="action">${
    Bulk.actions.map((a) => html`<option value="${a}">${labels[a]}</option>`)
  }</select></div>
<div><label for="bulk-tags">Tag names <span class="hint">to add or remove, comma-separated</span></label><input id="bulk-tags" name="tags" type="text" autocomplete="off"></div>
<div><label for="bulk-list">List <span class="hint">to add to or take out of</span></label><select id="bulk-list" name="listId">
<option value="">Choose a list</option>
${lists.map((l) => html`<option value="${l.id}">${l.name}</option>`)}
</select></div>
<button type="submit">Apply</button>
</div>
</form>
</details>`

/** The lists for the form's picker. */
export const listsFor = (req: Authed) => Effect.map(listLists(req.me.account.id), (answer) => answer.lists)

/** Only a path of this site: `/` and not `//` (another host) or a backslash. */
export const safeBack = (back: string): string => /^\/(?![/\\])[^\\\s]*$/.test(back) ? back : "/"

interface Asked {
  readonly action: Bulk.Action
  readonly scope: "selected" | "matching"
  readonly ids: ReadonlyArray<string>
  readonly search: Search
  readonly tags: string
  readonly listId: string
  readonly back: string
}

const asked = (form: Readonly<Record<string, string>>): Asked | undefined => {
  const action = Forms.field(form, "action")
  const known = Bulk.actions.find((a) => a === action)
  if (known === undefined) return undefined
  return {
    action: known,
    scope: Forms.field(form, "scope") === "matching" ? "matching" : "selected",
    ids: Forms.all(form, "id"),
    search: { q: Forms.field(form, "q"), tag: Forms.field(form, "tag"), type: Forms.field(form, "type") },
    tags: Forms.field(form, "tags"),
    listId: Forms.field(form, "listId"),
    back: safeBack(Forms.field(form, "back"))
  }
}

const nonEmpty = (value: string) => value.trim() === "" ? undefined : value

const check = (a: Asked) =>
  Effect.gen(function*() {
    const operation = yield* operationOf({
      action: a.action,
      ...(Bulk.needsTags(a.action) ? { tags: a.tags.split(",") } : {}),
      ...(Bulk.needsList(a.action) ? { listId: a.listId } : {})
    })
    const selection = a.scope === "selected"
      ? yield* selectionOf({ ids: a.ids })
      : yield* selectionOf({
        // An empty search is the whole library, as the library page shows it.
        q: a.search.q,
        ...(nonEmpty(a.search.tag) === undefined ? {} : { tag: a.search.tag }),
        ...(nonEmpty(a.search.type) === undefined ? {} : { type: a.search.type })
      })
    return { operation, selection }
  })

const messagePage = (req: Authed, text: string, back: string, status = 400) =>
  Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Bulk action", section: "library" },
      html`<div class="narrow"><h1>Nothing was changed</h1>${
        Layout.notice(text, "error")
      }<p><a href="${back}">Back to the library</a></p></div>`
    ),
    { status }
  )

const describe = (a: Asked, count: number) => {
  const what = a.scope === "matching"
    ? `${a.action === "delete" ? "all " : ""}${Format.plural(count, "bookmark")} matching ${
      a.search.q.trim() === "" && a.search.tag === "" && a.search.type === "" ? "your whole library" : "this search"
    }`
    : Format.plural(count, "selected bookmark")
  return what
}

/** The search as the person sees it: the words, then the tag and type filters. */
const searchSaid = (search: Search) =>
  [search.q.trim(), search.tag === "" ? "" : `#${search.tag}`, search.type === "" ? "" : `type ${search.type}`]
    .filter((part) => part !== "").join(" · ")

const confirmPage = (req: Authed, a: Asked, count: number, listName: string) => {
  const what = describe(a, count)
  const verb = a.action === "delete"
    ? `Delete ${what}?`
    : `${labels[a.action].replace("…", "")}${
      Bulk.needsTags(a.action) ? ` "${a.tags}"` : Bulk.needsList(a.action) ? ` "${listName}"` : ""
    }: ${what}?`
  const button = a.action === "delete"
    ? `Delete ${Format.plural(count, "bookmark")}`
    : `Apply to ${Format.plural(count, "bookmark")}`
  return Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Confirm bulk action", section: "library" },
      html`<div class="narrow">
<h1>${verb}</h1>
${
        a.action === "delete"
          ? html`<p class="muted">Their pictures, archived copies and list memberships go with them. This cannot be undone.</p>`
          : a.scope === "matching"
          ? html`${
            searchSaid(a.search) === "" ? "" : html`<p>Search: <strong>${searchSaid(a.search)}</strong></p>`
          }<p class="muted">The search is run again when you confirm: bookmarks saved meanwhile that match it are included.</p>`
          : ""
      }
<form class="actions" method="post" action="/bulk" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
<input type="hidden" name="confirmed" value="yes">
<input type="hidden" name="action" value="${a.action}">
<input type="hidden" name="scope" value="${a.scope}">
<input type="hidden" name="tags" value="${a.tags}">
<input type="hidden" name="listId" value="${a.listId}">
<input type="hidden" name="back" value="${a.back}">
${searchFields(a.search)}
${a.scope === "selected" ? a.ids.map((id) => html`<input type="hidden" name="id" value="${id}">`) : ""}
<button type="submit"${
        a.action === "delete" ? html` class="danger"` : ""
      }>${button}</button><a href="${a.back}">Cancel</a>
</form></div>`
    )
  )
}

const withParam = (path: string, name: string, value: string) =>
  `${path}${path.includes("?") ? "&" : "?"}${name}=${encodeURIComponent(value)}`

const refused = (req: Authed, a: Asked, e: Errors.InvalidInput) =>
  messagePage(
    req,
    e.field === "ids"
      ? a.scope === "selected" ? "Tick at least one bookmark (at most 1,000), or choose all matching." : e.reason
      : Outcome.message(e, { tags: "Tags", listId: "List", q: "Search" }),
    a.back
  )

export const submit = (req: Authed) =>
  Effect.gen(function*() {
    const a = asked(req.form)
    if (a === undefined) return messagePage(req, "Choose an action.", safeBack(Forms.field(req.form, "back")))
    const checked = yield* Outcome.orInvalid(check(a))
    if (Result.isFailure(checked)) return refused(req, a, checked.failure)
    const { operation, selection } = checked.success
    const accountId = req.me.account.id
    if (Forms.field(req.form, "confirmed") !== "yes" && (a.action === "delete" || a.scope === "matching")) {
      const ids = yield* Outcome.orInvalid(resolveSelection(accountId, selection))
      if (Result.isFailure(ids)) return refused(req, a, ids.failure)
      if (ids.success.length === 0) return messagePage(req, "No bookmark matches this search.", a.back)
      const lists = Bulk.needsList(a.action) ? yield* listsFor(req) : []
      return confirmPage(req, a, ids.success.length, lists.find((l) => l.id === a.listId)?.name ?? "")
    }
    const run = yield* Outcome.orInvalid(runBulk(accountId, operation, selection))
    if (Result.isFailure(run)) return refused(req, a, run.failure)
    return run.success.state === "done"
      ? Responses.redirect(withParam(a.back, "bulk", run.success.id))
      : Responses.redirect(bulkPath(run.success.id))
  })

/** The line the library shows after a bulk action done at once ("Archived 12 bookmarks · 1 not found"). */
export const resultLine = (p: Bulk.Progress): Html =>
  html`<p class="notice" role="status" id="bulk-result">${Bulk.doneLabel[p.action]} ${
    Format.plural(p.ok, "bookmark")
  }.${p.notFound === 0 ? "" : ` ${Format.plural(p.notFound, "bookmark")} no longer there.`}${
    p.failed === 0 ? "" : ` ${Format.plural(p.failed, "bookmark")} failed: ${p.results.find((r) => r.reason)?.reason}.`
  }</p>`
