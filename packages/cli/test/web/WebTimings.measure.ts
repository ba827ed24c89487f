/**
 * Page timings of the web app on a 10,000-bookmark library (embedded PGlite): the server time each page reports
 * (Server-Timing), and the bytes of HTML, CSS and JavaScript a first visit transfers. Measured, never asserted:
 * the numbers go to test-output/web/timings.json and the console for the release notes.
 */
import { External } from "@bookmark-library/testkit"
import { Effect } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { Browser, BrowserContext } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as ApiFixtureServer from "../support/ApiFixtureServer.js"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { serverTime, Visits } from "./Visits.js"

const library = 10_000
const person = { email: "timer@example.com", password: "measure twice" }

const seed = (accountId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
    INSERT INTO bookmarks (
      id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
      title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
      effective_title, effective_description, effective_note, effective_tags, tag_keys)
    SELECT 'bmk_seed' || g, ${accountId}, 'https://example.com/articles/' || g, 'api', 1700000000000 + g * 1000, 'ready', '',
      '["seed"]'::jsonb, '',
      'Seeded article ' || g || ' about ' || (ARRAY['pangolins','harpsichords','webhooks','gardens','tides'])[1 + g % 5],
      'A description of article ' || g, 'article', '', '', '', 'A short summary of the seeded article.', '[]'::jsonb, '{}'::jsonb,
      'Paragraphs of seeded text about ' || (ARRAY['pangolins','harpsichords','webhooks','gardens','tides'])[1 + g % 5],
      'Seeded article ' || g || ' about ' || (ARRAY['pangolins','harpsichords','webhooks','gardens','tides'])[1 + g % 5],
      'A description of article ' || g, '', '["seed"]'::jsonb, ARRAY['seed']
    FROM generate_series(1, ${library}) AS g`)

const median = (xs: ReadonlyArray<number>) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)] ?? 0
}

describe.runIf(External.needs("CHROMIUM_PATH").run)(
  "web app page timings on a 10,000-bookmark library (PGlite)",
  () => {
    let service: Harness.Started | undefined
    let fixture: ApiFixtureServer.ApiFixtureServer | undefined
    let browser: Browser | undefined

    beforeAll(async () => {
      fixture = await ApiFixtureServer.start()
      service = await Harness.start({
        mode: "embedded",
        env: { SCREENSHOTS: "false", ALLOW_HTTP_WEBHOOKS: "true" },
        overrides: { guard: { allowlist: [fixture.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
      })
      browser = await Chromium.launch(process.env["CHROMIUM_PATH"] ?? "")
    })

    afterAll(async () => {
      await browser?.close()
      await service?.stop()
      await service?.storage.cleanup()
      await fixture?.close()
    })

    it("measures every page", async () => {
      if (service === undefined || browser === undefined || fixture === undefined) throw new Error("not started")
      const s = service
      const account = await s.client.admin<{ id: string }>("POST", "/accounts", { plan: "free" })
      await s.client.admin("POST", `/accounts/${account.body.id}/users`, person)
      await s.run(seed(account.body.id))
      const key =
        (await s.client.admin<{ key: string }>("POST", `/accounts/${account.body.id}/keys`, { label: "bench" })).body
          .key
      const hook = await s.client.api<{ id: string }>("POST", "/webhooks", key, { url: `${fixture.origin}/hook` })
      for (let i = 0; i < 20; i++) await s.client.api("POST", `/webhooks/${hook.body.id}/test`, key)
      const context: BrowserContext = await browser.newContext()
      const page = await context.newPage()
      await page.goto(`${s.baseUrl}/sign-in`)
      await page.getByLabel("Email").fill(person.email)
      await page.getByLabel("Password").fill(person.password)
      await page.getByRole("button", { name: "Sign in" }).click()
      await page.getByRole("heading", { name: "Library" }).waitFor()
      await expect(page.locator("#results > li.card").count()).resolves.toBe(30)
      // htmx loads the next page when "Load more" scrolls into view.
      await page.getByRole("link", { name: "Load more" }).scrollIntoViewIfNeeded()
      await page.locator("#results > li.card").nth(59).waitFor()
      await expect(page.getByRole("link", { name: "Seeded article 9970 about" }).count()).resolves.toBe(1)
      const cookies = await context.cookies()

      const pages: ReadonlyArray<readonly [string, string]> = [
        ["library (newest 30)", "/"],
        ["library, 100th page", `/?before=${new Date(1700000000000 + 7_000 * 1000).toISOString()}`],
        ["library, list view", "/?view=list"],
        ["search (q=harpsichords)", "/?q=harpsichords"],
        ["tag filter (seed)", "/?tag=seed"],
        ["bookmark", "/bookmarks/bmk_seed5000"],
        ["edit bookmark", "/bookmarks/bmk_seed5000/edit"],
        ["new note", "/notes/new"],
        ["keys", "/keys"],
        ["webhooks", "/webhooks"],
        ["webhook with its log", `/webhooks/${hook.body.id}`],
        ["usage", "/usage"],
        ["account", "/account"]
      ]
      const rows: Array<
        {
          page: string
          serverMsMedian: number
          serverMsMax: number
          analyzedMsMedian: number
          htmlBytes: number
          cssBytes: number
          jsBytes: number
        }
      > = []
      const measure = async (path: string) => {
        const times: Array<number> = []
        for (let i = 0; i < 6; i++) {
          const response = await page.goto(`${s.baseUrl}${path}`)
          expect(response?.status()).toBe(200)
          const t = serverTime(response)
          if (i > 0 && t !== null) times.push(t)
        }
        return times
      }
      // PGlite runs no autovacuum, so a library written since the last ANALYZE has no planner statistics: measured as
      // is, then after an ANALYZE (what Postgres's autovacuum would have done).
      const asStored: Array<Array<number>> = []
      for (const [, path] of pages) asStored.push(await measure(path))
      await s.run(Effect.flatMap(SqlClient.SqlClient, (sql) => sql`ANALYZE bookmarks`))
      for (const [index, [name, path]] of pages.entries()) {
        const analyzed = await measure(path)
        const times = asStored[index] ?? []
        // A first visit with an empty cache: what a person's browser transfers for this page.
        const fresh = await browser.newContext()
        await fresh.addCookies(cookies)
        const freshPage = await fresh.newPage()
        const bytes = { html: 0, css: 0, js: 0 }
        freshPage.on("requestfinished", async (request) => {
          const sizes = await request.sizes()
          const response = await request.response()
          const type = response?.headers()["content-type"] ?? ""
          if (type.startsWith("text/html")) bytes.html += sizes.responseBodySize
          if (type.startsWith("text/css")) bytes.css += sizes.responseBodySize
          if (type.startsWith("text/javascript")) bytes.js += sizes.responseBodySize
        })
        await freshPage.goto(`${s.baseUrl}${path}`, { waitUntil: "networkidle" })
        await fresh.close()
        rows.push({
          page: name,
          serverMsMedian: median(times),
          serverMsMax: Math.max(...times),
          analyzedMsMedian: median(analyzed),
          htmlBytes: bytes.html,
          cssBytes: bytes.css,
          jsBytes: bytes.js
        })
      }
      new Visits("pglite").write("timings.json", { library, rows })
      console.log(
        [
          "| page | server ms (median of 5) | max | after ANALYZE | HTML bytes | CSS bytes | JS bytes |",
          "|---|---|---|---|---|---|---|",
          ...rows.map((r) =>
            `| ${r.page} | ${r.serverMsMedian} | ${r.serverMsMax} | ${r.analyzedMsMedian} | ${r.htmlBytes} | ${r.cssBytes} | ${r.jsBytes} |`
          )
        ].join("\n")
      )
      await context.close()
    }, 240_000)
  }
)
