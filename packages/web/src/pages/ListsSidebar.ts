/** The lists sidebar: every list of the account, nested, beside the library and the list pages (docs/lists.md). */
import { List, Lists } from "@bookmark-library/domain"
import { Effect } from "effect"
import { html } from "../Html.js"
import type { Authed } from "../WebRequest.js"

export const listHref = (id: string) => `/lists/${encodeURIComponent(id)}`

/** The library view of broken links (docs/preservation.md, "Link health"): the search `is:broken`. */
export const brokenQuery = "is:broken"
export const brokenHref = "/?q=is%3Abroken"

/** `current`: the list shown, "all" for the library, or "broken" for its broken links. */
export const render = (req: Authed, current: string) =>
  Effect.gen(function*() {
    const lists = yield* Lists
    const tree = List.tree(yield* lists.list(req.me.account.id))
    const here = (id: string) => (id === current ? html` aria-current="page"` : "")
    return html`<nav class="lists-sidebar" aria-label="Lists">
<h2>Lists</h2>
<ul>
<li><a href="/"${here("all")}>All bookmarks</a></li>
<li><a href="${brokenHref}"${here("broken")}>Broken links</a></li>
${
      tree.map(({ depth, list }) =>
        html`<li class="depth-${Math.min(depth, List.maxDepth)}"><a href="${listHref(list.id)}"${
          here(list.id)
        }><span class="name">${list.name}</span> <span class="count">${list.count}</span></a></li>`
      )
    }
</ul>
<p class="small"><a href="/lists">${tree.length === 0 ? "Create a list" : "Manage lists"}</a></p>
</nav>`
  })
