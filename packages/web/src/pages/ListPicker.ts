/** Pick the lists of one bookmark (on its page): a checkbox per list, saved at once (docs/lists.md). */
import { type BookmarkId, bookmarkLists, List, Lists, setBookmarkLists } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

const bookmarkPath = (id: string) => `/bookmarks/${encodeURIComponent(id)}`

export const render = (req: Authed, bookmarkId: BookmarkId) =>
  Effect.gen(function*() {
    const lists = yield* Lists
    const tree = List.tree(yield* lists.list(req.me.account.id))
    if (tree.length === 0) {
      return html`<section aria-labelledby="lists-heading"><h2 id="lists-heading">Lists</h2>
<p class="muted">No lists yet. <a href="/lists">Create one</a> to group bookmarks.</p></section>`
    }
    const holding = new Set((yield* bookmarkLists(req.me.account.id, bookmarkId)).lists.map((l) => l.id))
    return html`<section aria-labelledby="lists-heading"><h2 id="lists-heading">Lists</h2>
<form class="list-picker" method="post" action="${bookmarkPath(bookmarkId)}/lists">
<input type="hidden" name="_csrf" value="${req.csrf}">
<fieldset><legend class="small muted">In these lists</legend>
<ul>${
      tree.map(({ depth, list }) =>
        html`<li class="depth-${
          Math.min(depth, List.maxDepth)
        }"><label><input type="checkbox" name="list" value="${list.id}"${
          holding.has(list.id) ? html` checked` : ""
        }> ${list.name}</label></li>`
      )
    }</ul></fieldset>
<button type="submit" class="quiet">Save lists</button>
</form></section>`
  })

export const submit = (req: Authed) =>
  Effect.gen(function*() {
    const id = req.params["id"] ?? ""
    yield* setBookmarkLists(req.me.account.id, id, Forms.all(req.form, "list"))
    return Responses.redirect(`${bookmarkPath(id)}?notice=lists`)
  })
