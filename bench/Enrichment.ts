/**
 * Enrichment throughput with screenshots on: local fixture pages on 127.0.0.1, one worker (WORKER_CONCURRENCY=2
 * by default), the embedded `bookmarks start` and, with Postgres + Redis, `bookmarks serve` + `bookmarks work`.
 * After one warm-up page (browser launch): N pages saved at once until all are `ready`, then pages saved one at a
 * time. Every request, the service's and Chromium's, goes to loopback only.
 */
import * as http from "node:http"
import { cpus, loadavg } from "node:os"
import type { EnrichmentFigures, EnrichmentMode } from "./Report.js"
import { bothModes, type Context, listenOnLoopback, percentile, sleep, type Target } from "./Section.js"

export interface Options extends Context {
  readonly pages: number
  readonly sequential: number
  readonly workerConcurrency: number
  /** Archived copies on (the default) or off (`ARCHIVE=false`). */
  readonly copies?: boolean
}

const chromium = "/usr/bin/chromium"

// ---- Fixture pages: /pages/<n> (HTML) and /images/<n>.svg (the image each page shows and names as og:image) ----

const topics = [
  "harbour",
  "orchard",
  "railway",
  "lighthouse",
  "bakery",
  "observatory",
  "river",
  "library",
  "market",
  "mill"
]

export const page = (n: number) => {
  const topic = topics[n % topics.length]!
  const title = `Notes on the ${topic}, part ${n}`
  const paragraphs = [
    `Part ${n} of a series about the ${topic} and the people who keep it running through the seasons of the year.`,
    `In the early morning the ${topic} is quiet; by noon visitors arrive, ask questions and take photographs of everything.`,
    `Records kept since the last century describe how the ${topic} changed, who worked there and what they earned each week.`,
    `The ${topic} still opens every day, and volunteers guide small groups through its rooms and tell its long history.`
  ]
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>${title} | Town Chronicle</title>
<meta name="description" content="A short history of the ${topic}, its workers and its visitors (part ${n}).">
<meta property="og:title" content="${title}">
<meta property="og:image" content="/images/${n}.svg">
<style>body { font-family: sans-serif; max-width: 40em; margin: 2em auto; line-height: 1.5 } img { width: 100%; height: auto }</style>
</head><body>
<header><nav><a href="/">Town Chronicle</a></nav></header>
<main><article>
<h1>${title}</h1>
<img src="/images/${n}.svg" alt="The ${topic}" width="600" height="315">
${paragraphs.map((p) => `<p>${p}</p>`).join("\n")}
</article></main>
<footer><p>Town Chronicle</p></footer>
</body></html>`
}

const image = (n: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
<rect width="1200" height="630" fill="hsl(${(n * 37) % 360}, 45%, 55%)"/>
<circle cx="900" cy="200" r="120" fill="#fff" opacity="0.6"/>
<text x="80" y="560" font-family="sans-serif" font-size="72" fill="#fff">${topics[n % topics.length]} ${n}</text>
</svg>`

export const fixtureServer = async () => {
  const server = http.createServer((req, res) => {
    const path = req.url ?? "/"
    const pageMatch = /^\/pages\/(\d+)$/.exec(path)
    const imageMatch = /^\/images\/(\d+)\.svg$/.exec(path)
    const [type, body] = pageMatch !== null
      ? ["text/html; charset=utf-8", page(Number(pageMatch[1]))]
      : imageMatch !== null
      ? ["image/svg+xml", image(Number(imageMatch[1]))]
      : [undefined, "not found"]
    res.writeHead(type === undefined ? 404 : 200, {
      "content-type": type ?? "text/plain",
      "content-length": Buffer.byteLength(body)
    })
    res.end(body)
  })
  const { port, close } = await listenOnLoopback(server)
  let next = 0
  return {
    /** A page URL not saved before in this run. */
    nextUrl: () => `http://127.0.0.1:${port}/pages/${next++}`,
    close
  }
}

// ---- The measurement against one running service ----

const send = (target: Target, method: "GET" | "POST", path: string, body?: unknown) =>
  fetch(`${target.baseUrl}/v1/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${target.key}`,
      ...(body === undefined ? {} : { "content-type": "application/json" })
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) })
  })

/**
 * A GET whose connection fails (on a loaded machine a kept-alive socket the server is closing is sometimes reused:
 * "fetch failed") is sent again, up to three times; a POST is not, so no page is saved twice.
 */
const api = async (target: Target, method: "GET" | "POST", path: string, body?: unknown) => {
  let response: Response | undefined
  for (let attempt = 1; response === undefined; attempt++) {
    try {
      response = await send(target, method, path, body)
    } catch (error) {
      if (method !== "GET" || attempt >= 3) throw error
      target.alive()
      await sleep(200)
    }
  }
  const text = await response.text()
  if (response.status >= 300) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

const save = async (target: Target, url: string) => String((await api(target, "POST", "/bookmarks", { url }))["id"])

/** Polls one bookmark until `ready`; the time it was seen ready (performance.now()). */
const readyOne = async (target: Target, id: string, timeoutMs: number) => {
  const until = performance.now() + timeoutMs
  for (;;) {
    target.alive()
    if ((await api(target, "GET", `/bookmarks/${id}`))["status"] === "ready") return performance.now()
    if (performance.now() > until) throw new Error(`bookmark ${id} not ready after ${timeoutMs / 1000} s`)
    await sleep(100)
  }
}

/**
 * `urls` saved at once; each one's POST → ready, from one list request (the newest 100) every 200 ms rather than
 * a GET per page, so polling costs the service little.
 */
const burst = async (target: Target, urls: ReadonlyArray<string>, timeoutMs: number) => {
  const started = performance.now()
  const posted = await Promise.all(urls.map(async (url) => {
    const at = performance.now()
    return { id: await save(target, url), at }
  }))
  const ours = new Set(posted.map((p) => p.id))
  const readyAt = new Map<string, number>()
  const until = started + timeoutMs
  while (readyAt.size < posted.length && performance.now() < until) {
    target.alive()
    const list = await api(target, "GET", "/bookmarks?limit=100")
    const now = performance.now()
    for (const row of list["bookmarks"] as ReadonlyArray<{ id: string; status: string }>) {
      if (row.status === "ready" && ours.has(row.id) && !readyAt.has(row.id)) readyAt.set(row.id, now)
    }
    await sleep(200)
  }
  const latencies = posted.flatMap((p) => (readyAt.has(p.id) ? [readyAt.get(p.id)! - p.at] : []))
  const last = Math.max(started, ...readyAt.values())
  return {
    ids: posted.map((p) => p.id),
    latencies,
    seconds: (last - started) / 1000,
    notReady: posted.length - readyAt.size
  }
}

/** Bookmarks whose `screenshot` is empty or does not answer an image, and those with a processing error. */
const checkScreenshots = async (target: Target, ids: ReadonlyArray<string>) => {
  let without = 0
  let failed = 0
  for (const id of ids) {
    const bookmark = await api(target, "GET", `/bookmarks/${id}`)
    if (bookmark["processingError"] !== "") failed++
    const url = String(bookmark["screenshot"] ?? "")
    const response = url === "" ? undefined : await fetch(url)
    const bytes = response === undefined ? 0 : (await response.arrayBuffer()).byteLength
    if (response?.status !== 200 || !(response.headers.get("content-type") ?? "").startsWith("image/") || bytes === 0) {
      without++
    }
  }
  return { without, failed }
}

const measureOn = async (
  target: Target,
  options: Options,
  fixtures: Awaited<ReturnType<typeof fixtureServer>>
): Promise<EnrichmentMode> => {
  options.log("  warming the browser with one page…")
  const warmId = await save(target, fixtures.nextUrl())
  await readyOne(target, warmId, 300_000)
  options.log(`  saving ${options.pages} pages at once…`)
  const urls = Array.from({ length: options.pages }, () => fixtures.nextUrl())
  const b = await burst(target, urls, Math.max(600_000, options.pages * 20_000))
  const pagesPerMinute = (options.pages - b.notReady) / (b.seconds / 60)
  options.log(
    `  ${options.pages - b.notReady}/${options.pages} ready in ${b.seconds.toFixed(1)} s: ${
      pagesPerMinute.toFixed(1)
    } pages/minute; POST → ready p50 ${(percentile(b.latencies, 50) / 1000).toFixed(1)} s, p90 ${
      (percentile(b.latencies, 90) / 1000).toFixed(1)
    } s`
  )
  options.log(`  saving ${options.sequential} pages one at a time…`)
  const sequential: Array<number> = []
  const sequentialIds: Array<string> = []
  for (let i = 0; i < options.sequential; i++) {
    const at = performance.now()
    const id = await save(target, fixtures.nextUrl())
    sequential.push((await readyOne(target, id, 120_000)) - at)
    sequentialIds.push(id)
  }
  options.log(`  one at a time: median POST → ready ${(percentile(sequential, 50) / 1000).toFixed(2)} s`)
  const ids = [warmId, ...b.ids, ...sequentialIds]
  const shots = await checkScreenshots(target, ids)
  options.log(
    `  ${shots.without} of ${ids.length} bookmarks without a screenshot, ${shots.failed} with a processing error`
  )
  return {
    burst: {
      pages: options.pages,
      seconds: b.seconds,
      pagesPerMinute,
      notReady: b.notReady,
      p50: percentile(b.latencies, 50),
      p90: percentile(b.latencies, 90)
    },
    sequential: {
      n: sequential.length,
      median: percentile(sequential, 50),
      min: Math.min(...sequential),
      max: Math.max(...sequential)
    },
    checked: ids.length,
    withoutScreenshot: shots.without,
    failed: shots.failed
  }
}

/** The environment every enrichment process gets: screenshots on, loopback fixtures fetchable. */
const enrichmentEnv = (options: Options): Record<string, string> => ({
  ADMIN_TOKEN: options.adminToken,
  PLAN_LIMITS: options.planLimits,
  ALLOW_PRIVATE_NETWORK: "true",
  CHROMIUM_PATH: chromium,
  SCREENSHOTS: "true",
  ARCHIVE: options.copies === false ? "false" : "true",
  WORKER_CONCURRENCY: String(options.workerConcurrency)
})

export const measure = async (options: Options): Promise<EnrichmentFigures> => {
  const loadStart = loadavg()
  const samples: Array<number> = []
  const sampler = setInterval(() => samples.push(loadavg()[0]!), 2_000)
  const fixtures = await fixtureServer()
  try {
    const { embedded, scaled } = await bothModes(
      options,
      "enrichment",
      enrichmentEnv(options),
      (target) => measureOn(target, options, fixtures)
    )
    return {
      pages: options.pages,
      sequential: options.sequential,
      workerConcurrency: options.workerConcurrency,
      cores: cpus().length,
      load: {
        start: loadStart,
        end: loadavg(),
        mean: samples.length === 0 ? loadStart[0]! : samples.reduce((s, x) => s + x, 0) / samples.length,
        max: Math.max(loadStart[0]!, ...samples)
      },
      embedded,
      scaled
    }
  } finally {
    clearInterval(sampler)
    await fixtures.close()
  }
}
