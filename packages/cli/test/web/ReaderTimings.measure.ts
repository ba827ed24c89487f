/**
 * Server time of the reader view (docs/reading.md, "Measured") on a 10,000-bookmark library (embedded PGlite):
 * the first view of an archived copy (Readability, the sanitiser and storing the images: what enrichment does
 * once per copy), later views of it (one small asset read), and the view from the text kept at enrichment (no
 * copy). Server-Timing of each answer; medians and p95 go to test-output/web/pglite/reader-timings.json and the
 * console. Measured, never asserted, as WebTimings.measure.ts.
 */
import { AssetId, AssetStore } from "@bookmark-library/domain"
import { External } from "@bookmark-library/testkit"
import { Effect } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import type { Browser } from "playwright-core"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as Chromium from "./Chromium.js"
import { serverTime, Visits } from "./Visits.js"

const library = 10_000
const withCopies = 200
const person = { email: "reader@example.com", password: "measure twice" }

const paragraph =
  "The harbour wakes before the town does. At half past five the first boats slip their moorings, engines low, " +
  "and the gulls follow them out past the breakwater as if they had been invited. "

/** About 1,500 words of text, as a long article keeps (blocks separated by blank lines). */
const pageText = Array.from({ length: 40 }, () => paragraph.repeat(2)).join("\n\n")

const seed = (accountId: string) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) =>
    sql`
    INSERT INTO bookmarks (
      id, account_id, url, source, created_at, status, processing_error, caller_tags, note,
      title, description, type, image, favicon, screenshot, summary, derived_tags, overrides, page_text,
      effective_title, effective_description, effective_note, effective_tags, tag_keys)
    SELECT 'bmk_read' || g, ${accountId}, 'https://example.com/articles/' || g, 'api', 1700000000000 + g * 1000,
      'ready', '', '["seed"]'::jsonb, '', 'Seeded article ' || g, 'A description of article ' || g, 'article', '', '',
      '', 'A short summary.', '[]'::jsonb, '{}'::jsonb, ${pageText}, 'Seeded article ' || g,
      'A description of article ' || g, '', '["seed"]'::jsonb, ARRAY['seed']
    FROM generate_series(1, ${library}) AS g`)

/** An archived copy as SingleFile writes one: the page with its photos inlined (two of about 30 KB each). */
const copyHtml = async () => {
  const photo = (hue: string) =>
    sharp({ create: { width: 900, height: 500, channels: 3, background: hue } }).jpeg({ quality: 80 }).toBuffer()
  const images = await Promise.all(["#3b7dd8", "#e0a96d"].map(photo))
  const img = (bytes: Buffer, alt: string) =>
    `<figure><img src="data:image/jpeg;base64,${
      bytes.toString("base64")
    }" alt="${alt}"><figcaption>${alt}</figcaption></figure>`
  const body = Array.from(
    { length: 40 },
    (_, i) =>
      `${i % 10 === 0 ? `<h2>Part ${i / 10 + 1}</h2>` : ""}<p>${paragraph.repeat(2)}</p>${
        i === 3
          ? img(images[0] ?? Buffer.alloc(0), "Boats at dawn")
          : i === 20
          ? img(images[1] ?? Buffer.alloc(0), "The quay")
          : ""
      }`
  ).join("\n")
  return `<!doctype html><html><head><meta charset="utf-8"><title>A morning at the harbour</title>
<style>body{font-family:serif}</style></head><body><header><nav><a href="/">Home</a></nav></header>
<main><article><h1>A morning at the harbour</h1>${body}</article></main><footer>© Coast</footer></body></html>`
}

const storeCopies = (html: string) =>
  Effect.gen(function*() {
    const assets = yield* AssetStore
    const sql = yield* SqlClient.SqlClient
    const bytes = new TextEncoder().encode(html)
    for (let g = 1; g <= withCopies; g++) {
      const asset = AssetId.make(g.toString(16).padStart(32, "c"))
      yield* assets.put(asset, { bytes, contentType: "text/html; charset=utf-8" })
      const archive = JSON.stringify({
        copy: {
          asset,
          takenAt: 1700000000000,
          bytes: bytes.length,
          contentType: "text/html; charset=utf-8",
          partial: ""
        },
        problem: ""
      })
      yield* sql`UPDATE bookmarks SET archive = ${archive}::jsonb WHERE id = ${`bmk_read${g}`}`
    }
    yield* sql`ANALYZE bookmarks`
  })

const percentile = (xs: ReadonlyArray<number>, p: number) => {
  const sorted = [...xs].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length - 1) * p))] ?? 0
}

describe.runIf(External.needs("CHROMIUM_PATH").run)("reader view timings on a 10,000-bookmark library (PGlite)", () => {
  let service: Harness.Started | undefined
  let browser: Browser | undefined

  beforeAll(async () => {
    service = await Harness.start({ mode: "embedded", env: { SCREENSHOTS: "false" } })
    browser = await Chromium.launch(process.env["CHROMIUM_PATH"] ?? "")
  })

  afterAll(async () => {
    await browser?.close()
    await service?.stop()
    await service?.storage.cleanup()
  })

  it("measures the reader view", async () => {
    if (service === undefined || browser === undefined) throw new Error("not started")
    const s = service
    const account = await s.client.admin<{ id: string }>("POST", "/accounts", { plan: "free" })
    await s.client.admin("POST", `/accounts/${account.body.id}/users`, person)
    await s.run(seed(account.body.id))
    const html = await copyHtml()
    await s.run(storeCopies(html))
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${s.baseUrl}/sign-in`)
    await page.getByLabel("Email").fill(person.email)
    await page.getByLabel("Password").fill(person.password)
    await page.getByRole("button", { name: "Sign in" }).click()
    await page.getByRole("heading", { name: "Library" }).waitFor()
    const time = async (id: number) => {
      const response = await context.request.get(`${s.baseUrl}/bookmarks/bmk_read${id}/read`)
      expect(response.status()).toBe(200)
      return serverTime({ headers: () => response.headers() } as never) ?? Number.NaN
    }
    const firstViews: Array<number> = []
    for (let g = 1; g <= withCopies; g++) firstViews.push(await time(g))
    const cached: Array<number> = []
    const fromText: Array<number> = []
    for (let i = 0; i < 400; i++) {
      cached.push(await time(1 + Math.floor(Math.random() * withCopies)))
      fromText.push(await time(withCopies + 1 + Math.floor(Math.random() * (library - withCopies))))
    }
    const sample = await context.request.get(`${s.baseUrl}/bookmarks/bmk_read1/read`)
    const body = await sample.text()
    expect(body).toContain("id=\"reader-content\"")
    expect(body).toMatch(/<img src="[^"]+\/v1\/api\/assets\/[0-9a-f]{32}" alt="Boats at dawn"/)
    const row = (name: string, xs: ReadonlyArray<number>) => ({
      name,
      n: xs.length,
      p50: percentile(xs, 0.5),
      p95: percentile(xs, 0.95),
      max: Math.max(...xs)
    })
    const rows = [
      row("first view of an archived copy (derived and stored)", firstViews),
      row("later views of an archived copy", cached),
      row("view from the kept text (no copy)", fromText)
    ]
    new Visits("pglite").write("reader-timings.json", { library, copyBytes: html.length, htmlBytes: body.length, rows })
    console.log(
      [
        `library ${library}, copy ${html.length} bytes, reader page ${body.length} bytes`,
        "| reader view | n | p50 ms | p95 ms | max ms |",
        "|---|---|---|---|---|",
        ...rows.map((r) => `| ${r.name} | ${r.n} | ${r.p50} | ${r.p95} | ${r.max} |`)
      ].join("\n")
    )
    await context.close()
  }, 300_000)
})
