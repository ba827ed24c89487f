/**
 * The bookmarklet, for browsers without the extension: a link to drag to the bookmarks bar that opens our save form
 * with the current page's address in it (`/save?url=`). Nothing is saved until Save is pressed on our page, so a
 * page cannot save into the library on its own (the form carries our CSRF token).
 */
import { Effect } from "effect"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const source = (publicUrl: string) =>
  `javascript:(function(){location.href=${
    JSON.stringify(`${publicUrl.replace(/\/+$/, "")}/save?url=`)
  }+encodeURIComponent(location.href)})()`

export const show = (req: Authed) =>
  Effect.succeed(Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Bookmarklet", section: "library" },
      html`
<h1>Bookmarklet</h1>
<p>Drag this link to your browser's bookmarks bar. On any page, click it to open the save form here with that page's address filled in; press <strong>Save</strong> to keep it.</p>
<p><a class="button bookmarklet" hx-boost="false" href="${source(req.settings.publicUrl)}">Save to Bookmarks</a></p>
<p class="muted small">The browser extension does the same in one click, with tags and a note: see the extension's page in the documentation.</p>`
    )
  ))
