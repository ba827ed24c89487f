/**
 * Imports: rows/second of a 10,000-row import (until every row is read and saved, before enrichment), and how long
 * a save takes to be enriched (POST → ready) when the worker is idle and while that import's backlog is being
 * enriched. Pages answer from `node:http` on 127.0.0.1 after a short delay, spread over 20 ports (20 "sites") so
 * the per-host pacing does not idle the import lane. Embedded `bookmarks start` (PGlite) and `bookmarks serve` +
 * `bookmarks work` (Postgres + Redis); screenshots off; nothing leaves loopback.
 */
import * as http from "node:http"
import { bothModes, type Context, listenOnLoopback, percentile, sleep, type Target } from "./Section.js"
import * as Seed from "./Seed.js"

export interface Options extends Context {
  readonly rows: number
  readonly saves: number
  readonly workerConcurrency: number
}

export interface ImportMode {
  readonly rows: number
  readonly readSeconds: number
  readonly rowsPerSecond: number
  readonly idle: ReadonlyArray<number>
  readonly during: ReadonlyArray<number>
  /** Import bookmarks enriched by the time the last save during the import was ready. */
  readonly importEnrichedMeanwhile: number
}

export interface ImportFigures {
  readonly rows: number
  readonly saves: number
  readonly pageDelayMs: number
  readonly workerConcurrency: number
  readonly embedded: ImportMode
  readonly scaled?: ImportMode | undefined
}

const pageDelayMs = 100
const sites = 20

const pages = async () => {
  const servers = await Promise.all(Array.from({ length: sites }, async () => {
    const server = http.createServer((req, res) => {
      const body =
        `<!doctype html><html><head><title>Page ${req.url}</title><meta name="description" content="A page">` +
        `</head><body><p>Some words about ${req.url} for the summary. Another sentence follows here.</p></body></html>`
      setTimeout(() => {
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" })
        res.end(body)
      }, pageDelayMs)
    })
    return listenOnLoopback(server)
  }))
  let next = 0
  return {
    url: (kind: string) => `http://127.0.0.1:${servers[next % sites]!.port}/${kind}/${next++}`,
    close: () => Promise.all(servers.map((s) => s.close()))
  }
}

const netscape = (urls: ReadonlyArray<string>) =>
  [
    "<!DOCTYPE NETSCAPE-Bookmark-file-1>",
    "<DL><p>",
    ...urls.map((url, i) => `<DT><A HREF="${url}" ADD_DATE="${1_500_000_000 + i}" TAGS="bench">Imported ${i}</A>`),
    "</DL><p>"
  ].join("\n")

/** A kept-alive connection the server closed just then resets the next request on it: reads are tried again once. */
const send = (url: string, init: RequestInit) =>
  fetch(url, init).catch((error: unknown) => {
    if ((init.method ?? "GET") !== "GET") throw error
    return fetch(url, init)
  })

const request = async (target: Target, path: string, init: RequestInit & { readonly token: string }) => {
  const response = await send(`${target.baseUrl}${path}`, {
    ...init,
    headers: { ...init.headers, authorization: `Bearer ${init.token}` }
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${init.method ?? "GET"} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** One save, POST → seen ready (polled every 50 ms), in ms. */
const timedSave = async (target: Target, url: string) => {
  const at = performance.now()
  const saved = await request(target, "/v1/api/bookmarks", {
    method: "POST",
    token: target.key,
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ url })
  })
  for (;;) {
    target.alive()
    const bookmark = await request(target, `/v1/api/bookmarks/${String(saved["id"])}`, { token: target.key })
    if (bookmark["status"] === "ready") return performance.now() - at
    if (performance.now() - at > 120_000) throw new Error(`save of ${url} not ready after 120 s`)
    await sleep(50)
  }
}

const measureOn = async (
  target: Target,
  options: Options,
  site: Awaited<ReturnType<typeof pages>>
): Promise<ImportMode> => {
  options.log(`  ${options.saves} saves one at a time, worker idle…`)
  await timedSave(target, site.url("warm"))
  const idle: Array<number> = []
  for (let i = 0; i < options.saves; i++) idle.push(await timedSave(target, site.url("idle")))
  options.log(`  idle: median POST → ready ${percentile(idle, 50).toFixed(0)} ms`)

  const account = await Seed.account(target.baseUrl, options.adminToken)
  const file = netscape(Array.from({ length: options.rows }, () => site.url("import")))
  options.log(`  importing ${options.rows.toLocaleString("en")} rows…`)
  const started = performance.now()
  const progress = await request(target, `/admin/accounts/${account.id}/imports`, {
    method: "POST",
    token: options.adminToken,
    headers: { "content-type": "application/octet-stream" },
    body: file
  })
  const id = String(progress["id"])
  // Saves go on while the rows are read and the backlog is enriched.
  const during: Array<number> = []
  let readSeconds = 0
  const reading = (async () => {
    for (;;) {
      const now = await request(target, `/admin/imports/${id}`, { token: options.adminToken })
      if (now["state"] === "done") {
        readSeconds = (performance.now() - started) / 1000
        return
      }
      await sleep(100)
    }
  })()
  for (let i = 0; i < options.saves; i++) during.push(await timedSave(target, site.url("during")))
  await reading
  const after = await request(target, `/admin/imports/${id}`, { token: options.adminToken })
  const rowsPerSecond = options.rows / readSeconds
  options.log(
    `  import read in ${readSeconds.toFixed(1)} s (${
      rowsPerSecond.toFixed(0)
    } rows/s); during it: median POST → ready ` +
      `${percentile(during, 50).toFixed(0)} ms; ${String(after["enriched"])} imported bookmarks enriched meanwhile`
  )
  return {
    rows: options.rows,
    readSeconds,
    rowsPerSecond,
    idle,
    during,
    importEnrichedMeanwhile: Number(after["enriched"])
  }
}

export const measure = async (options: Options): Promise<ImportFigures> => {
  const site = await pages()
  try {
    const env = {
      ADMIN_TOKEN: options.adminToken,
      PLAN_LIMITS: options.planLimits,
      ALLOW_PRIVATE_NETWORK: "true",
      SCREENSHOTS: "false",
      WORKER_CONCURRENCY: String(options.workerConcurrency)
    }
    const { embedded, scaled } = await bothModes(options, "imports", env, (target) => measureOn(target, options, site))
    return {
      rows: options.rows,
      saves: options.saves,
      pageDelayMs,
      workerConcurrency: options.workerConcurrency,
      embedded,
      scaled
    }
  } finally {
    await site.close()
  }
}

const row = (cells: ReadonlyArray<string>) => `| ${cells.join(" | ")} |`

export const render = (f: ImportFigures): Array<string> => {
  const modes = [f.embedded, f.scaled]
  const each = (g: (m: ImportMode) => string) => modes.map((m) => (m === undefined ? "—" : g(m)))
  const median = (xs: ReadonlyArray<number>) => `${percentile(xs, 50).toFixed(0)} ms`
  const ratio = (m: ImportMode) => percentile(m.during, 50) / percentile(m.idle, 50)
  return [
    "## Imports: rows per second, and saves during an import",
    "",
    `\`bench/Imports.ts\`: a ${
      f.rows.toLocaleString("en")
    }-row Netscape file uploaded through the admin API; rows/s until`,
    "every row is read and saved (duplicates checked, enrichment jobs queued), before enrichment. Saves: POST → ready",
    `of ${f.saves} pages saved one at a time with the worker idle, then ${f.saves} while the import runs and its backlog`,
    `is enriched. Pages answer after ${f.pageDelayMs} ms from 20 loopback ports; \`WORKER_CONCURRENCY=${f.workerConcurrency}\`;`,
    "screenshots off. Embedded: `bookmarks start`. Scaled: `bookmarks serve` + one `bookmarks work`.",
    "",
    row(["Measure", "Embedded (PGlite)", "Scaled (Postgres + Redis)"]),
    row(["---", "---", "---"]),
    row([
      "Import: rows read and saved",
      ...each((m) => `${m.rowsPerSecond.toFixed(0)} rows/s (${m.readSeconds.toFixed(1)} s)`)
    ]),
    row(["Save → ready, worker idle (median)", ...each((m) => median(m.idle))]),
    row(["Save → ready, during the import (median)", ...each((m) => median(m.during))]),
    row(["During / idle (target ≤ 2×)", ...each((m) => `${ratio(m).toFixed(2)}×`)]),
    row(["Save → ready during the import (max)", ...each((m) => `${Math.max(...m.during).toFixed(0)} ms`)]),
    row(["Imported bookmarks enriched meanwhile", ...each((m) => String(m.importEnrichedMeanwhile))]),
    ""
  ]
}
