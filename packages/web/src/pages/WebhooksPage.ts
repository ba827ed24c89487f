/** Webhooks: register one, and per webhook its state, secret, a test delivery, re-enable and delete. */
import { Actor, deleteWebhook, enableWebhook, listWebhooks, registerWebhook, Webhook } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import * as Forms from "../Forms.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Outcome from "../Outcome.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

export const path = (id: string) => `/webhooks/${encodeURIComponent(id)}`

export const state = (w: Webhook.Webhook, zone: string) =>
  html`<dl class="fields">
<dt>State</dt><dd>${
    w.active ? html`<span class="badge ok">active</span>` : html`<span class="badge off">inactive</span>`
  }</dd>
<dt>Events</dt><dd>${w.events.join(", ")}</dd>
<dt>Failures in a row</dt><dd>${w.failureCount}</dd>
<dt>Last status</dt><dd>${w.lastStatus === 0 ? "none yet" : w.lastStatus}</dd>
<dt>Last reached</dt><dd>${Format.date(w.lastDeliveredAt, zone)}</dd>
</dl>`

export const secret = (w: Webhook.Webhook) =>
  html`<details><summary>Reveal secret</summary>
<code class="secret" id="secret-${w.id}">${w.secret}</code>
<button type="button" class="quiet" data-copy="secret-${w.id}">Copy secret</button> <span data-copied role="status"></span>
</details>`

export const controls = (req: Authed, w: Webhook.Webhook) =>
  html`<div class="actions">
<form method="post" action="${
    path(w.id)
  }/test"><input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="quiet">Send test delivery</button></form>
${
    w.active
      ? ""
      : html`<form method="post" action="${
        path(w.id)
      }/enable"><input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="quiet">Re-enable</button></form>`
  }
<a class="button quiet" href="${path(w.id)}/delete">Delete</a>
</div>`

const card = (req: Authed, w: Webhook.Webhook) =>
  html`<section class="panel" aria-label="Webhook ${w.url}">
<h2><a href="${path(w.id)}">${w.url}</a></h2>
${w.description === "" ? "" : html`<p>${w.description}</p>`}
${state(w, req.zone)}
${secret(w)}
${controls(req, w)}
<p class="small"><a href="${path(w.id)}">Delivery log</a></p>
</section>`

interface Values {
  readonly url?: string
  readonly description?: string
}

const render = (req: Authed, options: { readonly values?: Values; readonly error?: string } = {}, status = 200) =>
  Effect.gen(function*() {
    const { webhooks } = yield* listWebhooks(req.me.account.id)
    const values = options.values ?? {}
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Webhooks", section: "webhooks" },
        html`
<h1>Webhooks</h1>
<p class="muted">When a bookmark finishes processing, a signed <code>bookmark.saved</code> delivery is POSTed to each endpoint. At most ${Webhook.maxPerAccount} per account.</p>
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${webhooks.map((w) => card(req, w))}
<section class="panel" aria-labelledby="register-heading">
<h2 id="register-heading">Register a webhook</h2>
${Layout.notice(options.error, "error")}
<form class="stack" method="post" action="/webhooks">
<input type="hidden" name="_csrf" value="${req.csrf}">
<div><label for="url">Endpoint URL</label><input id="url" name="url" type="url" required placeholder="https://example.org/hooks/bookmarks" value="${
          values.url ?? ""
        }"></div>
<div><label for="description">Description <span class="hint">optional</span></label><input id="description" name="description" type="text" maxlength="${Webhook.maxDescriptionLength}" value="${
          values.description ?? ""
        }"></div>
<fieldset><legend>Events</legend>${
          Webhook.events.map((e) =>
            html`<label><input type="checkbox" name="events" value="${e}" checked> ${e}</label>`
          )
        }</fieldset>
<div><button type="submit">Register webhook</button></div>
</form>
</section>`
      ),
      { status }
    )
  })

export const show = (req: Authed) => render(req)

export const register = (req: Authed) =>
  Effect.gen(function*() {
    const values = { url: Forms.field(req.form, "url"), description: Forms.field(req.form, "description") }
    const events = Forms.all(req.form, "events")
    const registered = yield* Outcome.orInvalid(registerWebhook(req.me.account.id, {
      ...values,
      events: events.length === 0 ? "" : [...events]
    }))
    if (registered._tag === "Success") return Responses.redirect(`${path(registered.success.id)}?notice=registered`)
    return yield* render(req, {
      values,
      error: Outcome.message(registered.failure, { url: "Endpoint URL", webhooks: "Webhooks" })
    }, 400)
  })

/** The answer of a test delivery, for the page that shows it. */
export const testOutcome = (
  result: { readonly ok: boolean; readonly status: number; readonly error?: string | null | undefined }
): { readonly text: string; readonly kind: "ok" | "error" } =>
  result.ok
    ? { text: `Test delivery answered ${result.status}.`, kind: "ok" }
    : result.status !== 0
    ? { text: `Test delivery answered ${result.status}, which is not a success.`, kind: "error" }
    : { text: `Test delivery failed: ${result.error ?? "no answer"}.`, kind: "error" }

export const enable = (req: Authed) =>
  Effect.map(
    enableWebhook(Actor.account(req.me.account.id), req.params["id"] ?? ""),
    (w) => Responses.redirect(`${path(w.id)}?notice=enabled`)
  )

export const confirmDelete = (req: Authed) =>
  Effect.gen(function*() {
    const { webhooks } = yield* listWebhooks(req.me.account.id)
    const w = webhooks.find((h) => h.id === req.params["id"])
    if (w === undefined) return Responses.notFound(req)
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Delete webhook", section: "webhooks" },
        html`
<h1>Delete this webhook?</h1>
<p><strong>${w.url}</strong></p>
<p class="muted">Deliveries still waiting are cancelled. This cannot be undone.</p>
<form class="actions" method="post" action="${path(w.id)}/delete">
<input type="hidden" name="_csrf" value="${req.csrf}">
<button type="submit" class="danger">Delete webhook</button><a href="/webhooks">Cancel</a>
</form>`
      )
    )
  })

export const remove = (req: Authed) =>
  Effect.map(
    deleteWebhook(req.me.account.id, req.params["id"] ?? ""),
    () => Responses.redirect("/webhooks?notice=webhook-deleted")
  )
