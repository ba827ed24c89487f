/**
 * The browser extension's connect flow (docs/extension.md, "Connect"): the signed-in person approves, the app mints a
 * key labelled "Browser extension" whose saves are the extension's, seals it to the extension's public key and
 * hands it over in the fragment of the page it redirects to (never sent to a server, never shown).
 */
import { createKey } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Seal from "../extension/Seal.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const label = "Browser extension"

const invalid = (req: Authed) =>
  Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Connect the extension", section: "keys" },
      html`
<div class="narrow"><h1>This connection request is not valid</h1>
<p>The link did not come from the extension, or it was cut short. Open the extension's options and press Connect again.</p>
<p><a href="/keys">Your keys</a></p></div>`
    ),
    { status: 400 }
  )

export const show = (req: Authed) =>
  Effect.sync(() => {
    const encoded = req.url.searchParams.get("pub") ?? ""
    if (Seal.publicKey(encoded) === undefined) return invalid(req)
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Connect the extension", section: "keys" },
        html`
<div class="narrow">
<h1>Connect the browser extension?</h1>
<p>The extension asks for its own API key to save pages to this library, signed in as <strong>${req.me.user.email}</strong>.</p>
<p>It shows this code beside its Connect button: <strong class="code" id="connect-code">${Seal.code(encoded)}</strong>.
Approve only if you just pressed Connect and the codes match.</p>
<p class="muted">The key is labelled “${label}” on your Keys page; its saves count against your allowance, and you can revoke it there at any time.</p>
<form class="actions" method="post" action="/extension/connect" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
<input type="hidden" name="pub" value="${encoded}">
<button type="submit">Approve</button><a href="/keys">Cancel</a>
</form>
</div>`
      ),
      { noStore: true }
    )
  })

export const approve = (req: Authed) =>
  Effect.gen(function*() {
    const encoded = Forms.field(req.form, "pub")
    const publicKey = Seal.publicKey(encoded)
    if (publicKey === undefined) return invalid(req)
    const { key } = yield* createKey(req.me.account.id, label, "extension", ["bookmarks:read", "bookmarks:write"])
    const fragment = new URLSearchParams({ sealed: Seal.seal(publicKey, key), email: req.me.user.email })
    return Responses.redirect(`/extension/connected#${fragment.toString()}`)
  })

export const connected = (req: Authed) =>
  Effect.succeed(Responses.htmlPage(
    req,
    Layout.page(
      req,
      { title: "Extension connected", section: "keys" },
      html`
<div class="narrow"><h1>Extension connected</h1>
<p role="status">The browser extension now has its key. It closes this tab by itself; if it stays open, close it.</p>
<p><a href="/keys">Your keys</a></p></div>`
    ),
    { noStore: true }
  ))
