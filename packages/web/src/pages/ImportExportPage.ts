/** The place kept for import and export (a later release); until then, the API walks the whole library. */
import { Effect } from "effect"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const show = (req: Authed) =>
  Effect.succeed(Responses.htmlPage(req, Layout.page(req, { title: "Import & export", section: "import" }, html`
<h1>Import &amp; export</h1>
<p>Importing bookmarks from a browser, Pinboard, Pocket or Karakeep, and exporting your library, come in a coming release.</p>
<p class="muted">Until then, every bookmark is reachable through the API: <code>GET /v1/api/bookmarks</code> pages through the whole library with its <code>nextBefore</code> cursor. Create a key under <a href="/keys">Keys</a>.</p>`)))
