/** The place kept for the import page and export buttons (the next release); until then, the operator's commands do it. */
import { Effect } from "effect"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const show = (req: Authed) =>
  Effect.succeed(Responses.htmlPage(req, Layout.page(req, { title: "Import & export", section: "import" }, html`
<h1>Import &amp; export</h1>
<p>Uploading an export from a browser, Pocket, Karakeep, Linkwarden or Linkding here, with its progress, and export buttons come in the next release.</p>
<p class="muted">Until then, the server's operator can import a file into your account and export your library with the <code>bookmarks import</code> and <code>bookmarks export</code> commands. Every bookmark is also reachable through the API: <code>GET /v1/api/bookmarks</code> pages through the whole library with its <code>nextBefore</code> cursor. Create a key under <a href="/keys">Keys</a>.</p>`)))
