/**
 * Usage: the plan and its limits, the storage used, this month against the allowance, use by key, and a chart of
 * requests per day.
 */
import { accountUsage } from "@bookmark-library/domain"
import { Effect } from "effect"
import * as Format from "../Format.js"
import { html } from "../Html.js"
import * as Layout from "../Layout.js"
import * as Responses from "../Responses.js"
import type { Authed } from "../WebRequest.js"

const chart = (days: ReadonlyArray<{ readonly day: number; readonly count: number }>) => {
  const max = Math.max(1, ...days.map((d) => d.count))
  const width = 620
  const height = 140
  const slot = width / 31
  const bar = Math.max(2, slot - 4)
  const busiest = days.reduce((a, b) => (b.count > a.count ? b : a), days[0] ?? { day: 0, count: 0 })
  const label = `Requests per day this month; the busiest day so far, ${
    new Date(busiest.day).getUTCDate()
  }, had ${busiest.count}.`
  return html`<svg class="chart" viewBox="0 0 ${width} ${
    height + 16
  }" preserveAspectRatio="xMinYMax meet" role="img" aria-label="${label}">
${
    days.map((d, i) => {
      const h = Math.round((d.count / max) * height)
      return html`<rect x="${Math.round(i * slot + 2)}" y="${height - h}" width="${Math.round(bar)}" height="${
        Math.max(h, d.count > 0 ? 1 : 0)
      }"><title>${new Date(d.day).toISOString().slice(0, 10)}: ${d.count}</title></rect>
<text x="${Math.round(i * slot + 2)}" y="${height + 12}">${
        (i + 1) % 5 === 0 || i === 0 ? new Date(d.day).getUTCDate() : ""
      }</text>`
    })
  }
</svg>`
}

export const show = (req: Authed) =>
  Effect.gen(function*() {
    const u = yield* accountUsage(req.me.account)
    const share = Math.min(100, Math.round((u.month / u.limits.perMonth) * 1000) / 10)
    return Responses.htmlPage(
      req,
      Layout.page(
        req,
        { title: "Usage", section: "usage" },
        html`
<h1>Usage</h1>
<div class="cols">
<section class="panel" aria-labelledby="plan-heading">
<h2 id="plan-heading">Plan: ${u.plan}</h2>
<dl class="fields">
<dt>Per minute</dt><dd>${u.limits.perMinute.toLocaleString("en-US")} requests</dd>
<dt>Per month</dt><dd>${u.limits.perMonth.toLocaleString("en-US")} requests</dd>
<dt>In total</dt><dd>${Format.plural(u.total, "request")}</dd>
<dt>Storage used</dt><dd data-storage-bytes="${u.storageBytes}">${Format.bytes(u.storageBytes)}</dd>
</dl>
<p class="muted small">Storage counts the screenshots, pictures and archived copies of your bookmarks.</p>
</section>
<section class="panel" aria-labelledby="month-heading">
<h2 id="month-heading">This month</h2>
<p><strong>${u.month.toLocaleString("en-US")}</strong> of ${
          u.limits.perMonth.toLocaleString("en-US")
        } requests (${share} %)</p>
<meter min="0" max="${u.limits.perMonth}" value="${u.month}" low="${Math.round(u.limits.perMonth * 0.8)}" high="${
          Math.round(u.limits.perMonth * 0.95)
        }" optimum="0" aria-label="Monthly allowance used">${share} %</meter>
<p class="muted small">Renews ${
          Format.date(u.resetAt, req.zone)
        }. Requests from this web app are not counted; API requests with your keys are.</p>
</section>
</div>
<h2>Requests per day</h2>
${chart(u.days)}
<details><summary>As a table</summary><div class="table-wrap"><table><thead><tr><th scope="col">Day</th><th scope="col">Requests</th></tr></thead>
<tbody>${
          u.days.map((d) => html`<tr><td>${new Date(d.day).toISOString().slice(0, 10)}</td><td>${d.count}</td></tr>`)
        }</tbody></table></div></details>
<h2>By key</h2>
${
          u.keys.length === 0 ?
            html`<p class="muted">No keys yet. <a href="/keys">Create one</a>.</p>` :
            html`<div class="table-wrap"><table>
<thead><tr><th scope="col">Key</th><th scope="col">Label</th><th scope="col">This month</th><th scope="col">Last used</th></tr></thead>
<tbody>${
              u.keys.map((k) =>
                html`<tr><td><code>${k.key.masked}</code></td><td>${k.key.label}</td><td>${
                  k.month.toLocaleString("en-US")
                }</td><td>${Format.date(k.lastUsedAt, req.zone)}</td></tr>`
              )
            }</tbody>
</table></div>`
        }`
      )
    )
  })
