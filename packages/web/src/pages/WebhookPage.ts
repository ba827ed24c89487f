/** One webhook: its state and secret, a test delivery, and the delivery log (last 100 attempts) with Redeliver. */
import { Actor, type DeliveryAttempt, redeliver, testWebhook, Webhook, webhookLog } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"
import { controls, path, secret, state, testOutcome } from "./WebhooksPage.js"

const triggers: Record<DeliveryAttempt.Trigger, string> = { delivery: "event", test: "test", redelivery: "redelivery" }

const result = (a: DeliveryAttempt.Record) =>
  a.status === null
    ? html`<span class="error-text">${a.error ?? "no answer"}</span>`
    : a.status >= 200 && a.status <= 299
    ? html`<span class="badge ok">${a.status}</span>`
    : html`<span class="badge off">${a.status}</span>`

const row = (req: Authed, a: DeliveryAttempt.Record) =>
  html`<tr>
<td data-label="Time">${Format.date(a.at, req.zone)}</td>
<td data-label="Delivery"><code>${a.deliveryId}</code></td>
<td data-label="Cause">${triggers[a.trigger]}</td>
<td data-label="Result">${result(a)}</td>
<td data-label="Duration">${a.durationMs} ms</td>
<td data-label="Answer">${
    a.responseSnippet === ""
      ? html`<span class="muted">—</span>`
      : html`<details><summary>Answer</summary><pre class="mono small">${a.responseSnippet}</pre></details>`
  }</td>
<td>${
    a.trigger === "test" ?
      "" :
      html`<form method="post" action="${path(a.webhookId)}/deliveries/${encodeURIComponent(a.deliveryId)}/redeliver">
<input type="hidden" name="_csrf" value="${req.csrf}"><button type="submit" class="quiet" aria-label="Redeliver ${a.deliveryId}">Redeliver</button></form>`
  }</td>
</tr>`

const render = (req: Authed) =>
  Effect.gen(function*() {
    const { attempts, webhook } = yield* webhookLog(Actor.account(req.me.account.id), req.params["id"] ?? "")
    const notice = sentNotice(req, attempts)
    const w = Webhook.present(webhook)
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: `Webhook ${w.url}`, section: "webhooks" },
        html`
<p class="small"><a href="/webhooks">← Webhooks</a></p>
<h1>${w.url}</h1>
${w.description === "" ? "" : html`<p>${w.description}</p>`}
${Layout.notice(Format.notice(req.url.searchParams.get("notice")))}
${notice === undefined ? "" : Layout.notice(notice.text, notice.kind)}
${state(w, req.zone)}
${secret(w)}
${controls(req, w)}
<h2>Delivery log</h2>
${
          attempts.length === 0
            ? html`<p class="empty-state">No attempts yet. Deliveries appear here when bookmarks finish processing, and test deliveries too.</p>`
            : html`<p class="muted small">The last ${
              Format.plural(attempts.length, "attempt")
            }, newest first.</p><div class="table-wrap"><table class="stack">
<caption class="visually-hidden">Delivery attempts</caption>
<thead><tr><th scope="col">Time</th><th scope="col">Delivery</th><th scope="col">Cause</th><th scope="col">Result</th><th scope="col">Duration</th><th scope="col">Answer</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
<tbody>${attempts.map((a) => row(req, a))}</tbody></table></div>`
        }`
      )
    )
  })

export const show = (req: Authed) => render(req)

/**
 * The outcome of the latest test or redelivery, read from the log (never text from the address bar): the page
 * after post/redirect/get says what the attempt just made answered.
 */
const sentNotice = (req: Authed, attempts: ReadonlyArray<DeliveryAttempt.Record>) => {
  const sent = req.url.searchParams.get("sent")
  if (sent !== "test" && sent !== "redelivery") return undefined
  const latest = attempts.find((a) => a.trigger === sent)
  if (latest === undefined) return undefined
  const status = latest.status ?? 0
  const told = testOutcome({ ok: status >= 200 && status <= 299, status, error: latest.error })
  return sent === "test" ? told : { kind: told.kind, text: told.text.replace("Test delivery", "Redelivery") }
}

/** Post/redirect/get: reloading the page after a test delivery shows it again instead of a 405. */
export const test = (req: Authed) =>
  Effect.map(
    testWebhook(req.me.account.id, req.params["id"] ?? ""),
    () => Responses.redirect(`${path(req.params["id"] ?? "")}?sent=test`)
  )

export const resend = (req: Authed) =>
  Effect.map(
    redeliver(Actor.account(req.me.account.id), req.params["id"] ?? "", req.params["delivery"] ?? ""),
    () => Responses.redirect(`${path(req.params["id"] ?? "")}?sent=redelivery`)
  )
