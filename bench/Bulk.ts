/**
 * Bulk actions: how long a bulk tag of every bookmark of a 10,000-bookmark library takes as a job (admin API,
 * `POST /admin/accounts/:id/bookmarks/batch` with `q: ""`, followed until done), and how long a save
 * (`POST /v1/api/bookmarks`, until its 201) takes with the service idle and while the job runs. The library is
 * restored from our own JSON export (ready bookmarks, no enrichment); saves point at a loopback page. Embedded
 * `bookmarks start` (PGlite) and `bookmarks serve` + `bookmarks work` (Postgres + Redis); nothing leaves loopback.
 */
import * as http from "node:http"
import { bothModes, type Context, listenOnLoopback, percentile, sleep, type Target } from "./Section.js"
import * as Seed from "./Seed.js"

export interface Options extends Context {
  readonly rows: number
  readonly saves: number
}

export interface BulkMode {
  readonly rows: number
  readonly seconds: number
  readonly ok: number
  readonly idle: ReadonlyArray<number>
  readonly during: ReadonlyArray<number>
}

export interface BulkFigures {
  readonly rows: number
  readonly saves: number
  readonly embedded: BulkMode
  readonly scaled?: BulkMode | undefined
}

const call = async (target: Target, path: string, token: string, init: RequestInit = {}) => {
  const response = await fetch(`${target.baseUrl}${path}`, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${token}` }
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`)
  return text
}

const json = (text: string) => JSON.parse(text) as Record<string, unknown>

const post = (body: unknown): RequestInit => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(body)
})

/** One save until its answer, in ms. */
const timedSave = async (target: Target, url: string) => {
  const at = performance.now()
  await call(target, "/v1/api/bookmarks", target.key, post({ url }))
  return performance.now() - at
}

/** A library of `rows` ready bookmarks: one saved and enriched, exported, copied `rows` times and imported. */
const restoreLibrary = async (target: Target, options: Options, accountId: string, page: string) => {
  const saved = json(await call(target, "/v1/api/bookmarks", target.key, post({ url: `${page}/seed` })))
  for (let i = 0; i < 600; i++) {
    const b = json(await call(target, `/v1/api/bookmarks/${String(saved["id"])}`, target.key))
    if (b["status"] === "ready") break
    await sleep(100)
  }
  const exported = json(await call(target, `/admin/accounts/${accountId}/export`, options.adminToken))
  const [one] = exported["bookmarks"] as Array<Record<string, unknown>>
  if (one === undefined) throw new Error("the export is empty")
  const base = Date.UTC(2025, 0, 1)
  const bookmarks = Array.from({ length: options.rows }, (_, i) => ({
    ...one,
    url: `https://example.com/bulk/${i}`,
    createdAt: new Date(base + i * 1000).toISOString()
  }))
  const started = json(
    await call(target, `/admin/accounts/${accountId}/imports`, options.adminToken, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: JSON.stringify({ ...exported, bookmarks })
    })
  )
  for (;;) {
    target.alive()
    const now = json(await call(target, `/admin/imports/${String(started["id"])}`, options.adminToken))
    if (now["state"] === "done") return
    await sleep(200)
  }
}

const measureOn = async (target: Target, options: Options, page: string): Promise<BulkMode> => {
  const account = await Seed.account(target.baseUrl, options.adminToken)
  const mine: Target = { ...target, key: account.key }
  options.log(`  restoring ${options.rows.toLocaleString("en")} bookmarks…`)
  await restoreLibrary(mine, options, account.id, page)
  await timedSave(mine, `${page}/warm`)
  const idle: Array<number> = []
  for (let i = 0; i < options.saves; i++) idle.push(await timedSave(mine, `${page}/idle/${i}`))
  options.log(`  idle: median save ${percentile(idle, 50).toFixed(1)} ms`)
  const started = performance.now()
  const run = json(
    await call(
      mine,
      `/admin/accounts/${account.id}/bookmarks/batch`,
      options.adminToken,
      post({ action: "addTags", q: "", tags: ["bulk"] })
    )
  )
  const during: Array<number> = []
  let last = run
  let i = 0
  while (last["state"] === "running") {
    target.alive()
    during.push(await timedSave(mine, `${page}/during/${i++}`))
    last = json(await call(mine, `/admin/bookmarks/batch/${String(run["id"])}`, options.adminToken))
    if (performance.now() - started > 600_000) {
      throw new Error(`the bulk tag did not finish in 600 s: ${String(last["done"])} of ${String(last["total"])} done`)
    }
  }
  const seconds = (performance.now() - started) / 1000
  options.log(
    `  bulk tag of ${String(last["total"])} in ${seconds.toFixed(1)} s (${String(last["ok"])} ok); ` +
      `${during.length} saves meanwhile, median ${percentile(during, 50).toFixed(1)} ms, p95 ${
        percentile(during, 95).toFixed(1)
      } ms`
  )
  return { rows: Number(last["total"]), seconds, ok: Number(last["ok"]), idle, during }
}

export const measure = async (options: Options): Promise<BulkFigures> => {
  const server = http.createServer((req, res) => {
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
    res.end(`<!doctype html><html><head><title>Page ${req.url}</title></head><body><p>A page.</p></body></html>`)
  })
  const site = await listenOnLoopback(server)
  try {
    const env = {
      ADMIN_TOKEN: options.adminToken,
      PLAN_LIMITS: options.planLimits,
      ALLOW_PRIVATE_NETWORK: "true",
      SCREENSHOTS: "false"
    }
    const page = `http://127.0.0.1:${site.port}`
    const { embedded, scaled } = await bothModes(options, "bulk", env, (target) => measureOn(target, options, page))
    return { rows: options.rows, saves: options.saves, embedded, scaled }
  } finally {
    await site.close()
  }
}

const row = (cells: ReadonlyArray<string>) => `| ${cells.join(" | ")} |`

export const render = (f: BulkFigures): Array<string> => {
  const modes = [f.embedded, f.scaled]
  const each = (g: (m: BulkMode) => string) => modes.map((m) => (m === undefined ? "—" : g(m)))
  const ms = (xs: ReadonlyArray<number>, p: number) => `${percentile(xs, p).toFixed(1)} ms`
  return [
    "## Bulk actions: a bulk tag of a whole library, and saves meanwhile",
    "",
    `\`bench/Bulk.ts\`: \`addTags\` on every bookmark of a ${
      f.rows.toLocaleString("en")
    }-bookmark library (restored from our JSON export) through`,
    "the admin API, as a job followed until done; saves (`POST /v1/api/bookmarks` until its 201) one at a time",
    `with the service idle (${f.saves}) and for as long as the job runs. Target: the bulk tag in at most 30 s.`,
    "",
    row(["Measure", "Embedded (PGlite)", "Scaled (Postgres + Redis)"]),
    row(["---", "---", "---"]),
    row(["Bulk tag, whole library", ...each((m) => `${m.seconds.toFixed(1)} s (${m.ok.toLocaleString("en")} ok)`)]),
    row(["Bookmarks per second", ...each((m) => (m.rows / m.seconds).toFixed(0))]),
    row(["Save, idle (median / p95)", ...each((m) => `${ms(m.idle, 50)} / ${ms(m.idle, 95)}`)]),
    row(["Save, during the job (median / p95)", ...each((m) => `${ms(m.during, 50)} / ${ms(m.during, 95)}`)]),
    row(["Saves during the job", ...each((m) => String(m.during.length))]),
    ""
  ]
}
