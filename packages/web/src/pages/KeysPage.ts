/** API keys: create one with a label (shown once, with a copy button), the list with their use, and revocation. */
import { Actor, createKey, type KeyWithUse, listKeysWithUse, revokeKey, Text } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const maxLabelLength = 200

const row = (zone: string) => (k: KeyWithUse) =>
  html`<tr>
<td data-label="Label">${k.key.label === "" ? html`<span class="muted">(no label)</span>` : k.key.label}</td>
<td data-label="Key"><code>${k.key.masked}</code></td>
<td data-label="Created">${Format.date(k.key.createdAt, zone)}</td>
<td data-label="Last used">${Format.date(k.lastUsedAt, zone)}</td>
<td data-label="This month">${k.month.toLocaleString("en-US")}</td>
<td>${
    k.key.revokedAt === null
      ? html`<form method="get" action="/keys/${
        encodeURIComponent(k.key.id)
      }/revoke"><button type="submit" class="quiet" aria-label="Revoke ${
        k.key.label === "" ? k.key.masked : k.key.label
      }">Revoke</button></form>`
      : html`<span class="muted">Revoked ${Format.date(k.key.revokedAt, zone)}</span>`
  }</td>
</tr>`

const render = (
  req: Authed,
  options: {
    readonly created?: { readonly key: string; readonly label: string }
    readonly error?: string
    readonly label?: string
  }
) =>
  Effect.gen(function*() {
    // An OAuth grant is shown under Connected apps (ConnectedApps.ts), not among the keys.
    const keys = (yield* listKeysWithUse(req.me.account)).filter((k) => k.key.source !== "oauth")
    const created = options.created
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Keys", section: "keys" },
        html`
<h1>API keys</h1>
<p class="muted">Keys let programs use your library through the API (<code>Authorization: Bearer bk_…</code>). All keys share your plan's allowance.</p>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${
          created === undefined ? "" : html`<section class="panel" aria-labelledby="new-key-heading">
<h2 id="new-key-heading">Your new key${created.label === "" ? "" : html` “${created.label}”`}</h2>
<p>Copy it now: it is shown only this once.</p>
<code class="secret" id="new-key">${created.key}</code>
<p><button type="button" class="quiet" data-copy="new-key">Copy</button> <span data-copied role="status"></span></p>
</section>`
        }
${Layout.notice(options.error, "error")}
<form class="row" method="post" action="/keys">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="label">Label <span class="hint">what uses it, e.g. “laptop script”</span></label><input id="label" name="label" type="text" maxlength="${maxLabelLength}" value="${
          options.label ?? ""
        }"></div>
<button type="submit">Create key</button>
</form>
${
          keys.length === 0 ?
            html`<p class="empty-state">No keys yet.</p>` :
            html`<div class="table-wrap"><table class="keys stack">
<caption class="visually-hidden">Your API keys</caption>
<thead><tr><th scope="col">Label</th><th scope="col">Key</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">This month</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${keys.map(row(req.zone))}</tbody>
</table></div>`
        }`
      ),
      created === undefined ? {} : { noStore: true }
    )
  })

export const show = (req: Authed) => render(req, {})

export const create = (req: Authed) =>
  Effect.gen(function*() {
    const label = Forms.field(req.form, "label").trim()
    if (label.length > maxLabelLength || Text.problem(label) !== undefined) {
      return yield* render(req, { label, error: `Label: must be at most ${maxLabelLength} characters.` })
    }
    const { key } = yield* createKey(req.me.account.id, label)
    return yield* render(req, { created: { key, label } })
  })

const keyId = (req: Authed) => req.params["id"] ?? ""

export const confirmRevoke = (req: Authed) =>
  Effect.gen(function*() {
    // An OAuth grant is shown under Connected apps (ConnectedApps.ts), not among the keys.
    const keys = (yield* listKeysWithUse(req.me.account)).filter((k) => k.key.source !== "oauth")
    const found = keys.find((k) => k.key.id === keyId(req) && k.key.revokedAt === null)
    if (found === undefined) return Responses.notFound(req)
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Revoke key", section: "keys" },
        html`
<h1>Revoke this key?</h1>
<p><code>${found.key.masked}</code> ${found.key.label}</p>
<p class="muted">Programs using it get 401 from their next request on. This cannot be undone.</p>
<form class="actions" method="post" action="/keys/${encodeURIComponent(found.key.id)}/revoke">
<input type="hidden" name="_csrf" value="${req.csrf}">
<button type="submit" class="danger">Revoke key</button><a href="/keys">Cancel</a>
</form>`
      )
    )
  })

export const revoke = (req: Authed) =>
  Effect.map(revokeKey(Actor.account(req.me.account.id), keyId(req)), () => Responses.redirect("/keys?notice=revoked"))
