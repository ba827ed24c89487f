/**
 * Connected apps (docs/oauth.md, "Connected apps"): every app a person connected through OAuth, with its scopes,
 * last use and this month's requests; disconnecting revokes its grant, which ends all of its tokens on their very
 * next request in every process (the key cache's invalidation, as for keys).
 */
import { Actor, type KeyWithUse, listKeysWithUse, revokeKey } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

const row = (req: Authed) => (app: KeyWithUse) =>
  html`<tr>
<td>${app.key.label}</td>
<td>${app.key.scopes.map((scope) => html`<code>${scope}</code> `)}</td>
<td>${Format.date(app.key.createdAt, req.zone)}</td>
<td>${Format.date(app.lastUsedAt, req.zone)}</td>
<td>${app.month.toLocaleString("en-US")}</td>
<td><form method="post" action="/account/apps/${encodeURIComponent(app.key.id)}/revoke" hx-boost="false">
<input type="hidden" name="_csrf" value="${req.csrf}">
<button type="submit" class="quiet" aria-label="Disconnect ${app.key.label}">Disconnect</button></form></td>
</tr>`

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const apps = (yield* listKeysWithUse(req.me.account)).filter((k) =>
      k.key.source === "oauth" && k.key.revokedAt === null
    )
    const notice = req.url.searchParams.get("notice") === "disconnected"
      ? "App disconnected. Its tokens are refused from now on."
      : undefined
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Connected apps", section: "account" },
        html`
<h1>Connected apps</h1>
<p class="muted">Assistants and other apps you connected with “Connect” (OAuth). They share your plan's allowance; usage reports list each under its name.</p>
${Layout.notice(notice)}
${
          apps.length === 0
            ? html`<p class="empty-state">No apps connected.</p>`
            : html`<div class="table-wrap"><table class="keys">
<caption class="visually-hidden">Your connected apps</caption>
<thead><tr><th scope="col">App</th><th scope="col">May</th><th scope="col">Connected</th><th scope="col">Last used</th><th scope="col">This month</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${apps.map(row(req))}</tbody>
</table></div>`
        }
<p><a href="/account">Back to your account</a></p>`
      ),
      { noStore: true }
    )
  })

export const revoke = (req: Authed) =>
  Effect.gen(function*() {
    const id = req.params["id"] ?? ""
    const app = (yield* listKeysWithUse(req.me.account)).find((k) => k.key.id === id && k.key.source === "oauth")
    if (app === undefined) return Responses.notFound(req)
    yield* revokeKey(Actor.account(req.me.account.id), id)
    return Responses.redirect("/account/apps?notice=disconnected")
  })
