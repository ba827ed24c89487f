/** Deleting a bookmark: a confirmation page, then the delete (with its assets and waiting deliveries). */
import { deleteBookmark, getBookmark } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import { id, path } from "./BookmarkPage.js"

export const confirmDelete = (req: Authed) =>
  Effect.map(
    getBookmark(req.me.account.id, id(req)),
    (b) =>
      Responses.htmlPage(
        req,
        Layout.page(
          req,
          { title: "Delete bookmark", section: "library" },
          html`
<h1>Delete this bookmark?</h1>
<p><strong>${Format.title(b)}</strong>${b.url === "" ? "" : html` <span class="muted">(${b.url})</span>`}</p>
<p class="muted">It is removed with its screenshot and any deliveries still waiting. This cannot be undone.</p>
<form class="actions" method="post" action="${path(b)}/delete">
<input type="hidden" name="_csrf" value="${req.csrf}">
<button type="submit" class="danger">Delete</button><a href="${path(b)}">Cancel</a>
</form>`
        )
      )
  )

export const submitDelete = (req: Authed) =>
  Effect.map(deleteBookmark(req.me.account.id, id(req)), () => Responses.redirect("/?notice=deleted"))
