/**
 * Webhook deliveries to a local receiver on 127.0.0.1: the delay from `ready` (the envelope's `createdAt`, written
 * in the transaction that finishes the bookmark) to the delivery's arrival with an idle worker, then deliveries per
 * second sustained by one worker with a backlog (ten webhooks, a burst of saves: ten deliveries per bookmark).
 * Embedded: `bookmarks start`. Scaled: `bookmarks serve` + one `bookmarks work` on Postgres + Redis. Screenshots off:
 * the enrichment in front of each delivery is a local fetch and the extraction, nothing else.
 */
import * as http from "node:http"
import { fixtureServer } from "./Enrichment.js"
import type { WebhookFigures, WebhookMode } from "./Report.js"
import { bothModes, type Context, listenOnLoopback, percentile, sleep, type Target } from "./Section.js"

export interface Options extends Context {
  readonly sequential: number
  readonly burst: number
}

/** The most webhooks one account may register (docs/decisions.md, "Webhooks"). */
const webhooksPerAccount = 10
/** Wall-clock milliseconds with a fraction, comparable with the service's `createdAt` on this machine. */
const wallClock = () => performance.timeOrigin + performance.now()

interface Arrival {
  readonly deliveryId: string
  readonly bookmarkId: string
  readonly readyAt: number
  readonly arrivedAt: number
}

/** Answers every delivery 200 after reading its body, and keeps what arrived. */
const receiver = async () => {
  const arrivals: Array<Arrival> = []
  const server = http.createServer((req, res) => {
    const chunks: Array<Buffer> = []
    req.on("data", (chunk: Buffer) => chunks.push(chunk))
    req.on("end", () => {
      const arrivedAt = wallClock()
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as {
          id: string
          createdAt: string
          data: { id: string }
        }
        arrivals.push({ deliveryId: body.id, bookmarkId: body.data.id, readyAt: Date.parse(body.createdAt), arrivedAt })
      } catch {
        // not a delivery: counted nowhere
      }
      res.writeHead(200, { "content-type": "text/plain" }).end("ok")
    })
  })
  const { port, close } = await listenOnLoopback(server)
  return { url: (n: number) => `http://127.0.0.1:${port}/hooks/${n}`, arrivals, close }
}

const post = async (target: Target, path: string, body: unknown) => {
  const response = await fetch(`${target.baseUrl}/v1/api${path}`, {
    method: "POST",
    headers: { authorization: `Bearer ${target.key}`, "content-type": "application/json" },
    body: JSON.stringify(body)
  })
  const text = await response.text()
  if (response.status >= 300) throw new Error(`POST ${path}: ${response.status} ${text}`)
  return JSON.parse(text) as Record<string, unknown>
}

/** Waits until `count` deliveries for `bookmarkIds` have arrived; the number that did. */
const arrivalsFor = async (
  target: Target,
  arrivals: ReadonlyArray<Arrival>,
  bookmarkIds: ReadonlySet<string>,
  count: number,
  timeoutMs: number
) => {
  const until = performance.now() + timeoutMs
  const seen = () => arrivals.filter((a) => bookmarkIds.has(a.bookmarkId)).length
  while (seen() < count && performance.now() < until) {
    target.alive()
    await sleep(20)
  }
  return seen()
}

const measureOn = async (
  target: Target,
  options: Options,
  fixtures: Awaited<ReturnType<typeof fixtureServer>>,
  hooks: Awaited<ReturnType<typeof receiver>>
): Promise<WebhookMode> => {
  await post(target, "/webhooks", { url: hooks.url(0) })
  options.log("  warming up with two bookmarks…")
  for (let i = 0; i < 2; i++) {
    const id = String((await post(target, "/bookmarks", { url: fixtures.nextUrl() }))["id"])
    await arrivalsFor(target, hooks.arrivals, new Set([id]), 1, 60_000)
  }
  options.log(`  ${options.sequential} bookmarks one at a time, one webhook, idle worker…`)
  const delays: Array<number> = []
  for (let i = 0; i < options.sequential; i++) {
    const id = String((await post(target, "/bookmarks", { url: fixtures.nextUrl() }))["id"])
    if ((await arrivalsFor(target, hooks.arrivals, new Set([id]), 1, 60_000)) < 1) {
      throw new Error(`no delivery for ${id} within 60 s`)
    }
    const arrival = hooks.arrivals.find((a) => a.bookmarkId === id)!
    delays.push(arrival.arrivedAt - arrival.readyAt)
    await sleep(100)
  }
  const sequential = {
    n: delays.length,
    p50: percentile(delays, 50),
    p95: percentile(delays, 95),
    max: Math.max(...delays)
  }
  options.log(`  ready → arrival: median ${sequential.p50.toFixed(1)} ms, p95 ${sequential.p95.toFixed(1)} ms`)

  for (let n = 1; n < webhooksPerAccount; n++) await post(target, "/webhooks", { url: hooks.url(n) })
  const expected = options.burst * webhooksPerAccount
  options.log(`  ${options.burst} bookmarks saved at once, ${webhooksPerAccount} webhooks: ${expected} deliveries…`)
  const ids = new Set(
    await Promise.all(
      Array.from(
        { length: options.burst },
        async () => String((await post(target, "/bookmarks", { url: fixtures.nextUrl() }))["id"])
      )
    )
  )
  const arrived = await arrivalsFor(target, hooks.arrivals, ids, expected, 600_000)
  const ours = hooks.arrivals.filter((a) => ids.has(a.bookmarkId))
  const first = Math.min(...ours.map((a) => a.arrivedAt))
  const last = Math.max(...ours.map((a) => a.arrivedAt))
  const lastReady = Math.max(...ours.map((a) => a.readyAt))
  const afterLastReady = ours.filter((a) => a.arrivedAt > lastReady)
  const perSecond = ours.length <= 1 ? 0 : (ours.length - 1) / ((last - first) / 1000)
  const drainPerSecond = afterLastReady.length <= 1 || last <= lastReady
    ? undefined
    : afterLastReady.length / ((last - lastReady) / 1000)
  const duplicates = ours.length - new Set(ours.map((a) => a.deliveryId)).size
  options.log(
    `  ${arrived}/${expected} arrived in ${((last - first) / 1000).toFixed(1)} s: ${
      perSecond.toFixed(1)
    } deliveries/s` +
      `${
        drainPerSecond === undefined
          ? ""
          : `; after the last bookmark was ready ${drainPerSecond.toFixed(1)}/s (${afterLastReady.length} queued)`
      }` +
      `; ${duplicates} duplicates`
  )
  return {
    sequential,
    burst: {
      bookmarks: options.burst,
      expected,
      arrived: ours.length,
      seconds: (last - first) / 1000,
      perSecond,
      queuedAfterLastReady: afterLastReady.length,
      drainPerSecond,
      duplicates
    }
  }
}

const webhookEnv = (options: Options): Record<string, string> => ({
  ADMIN_TOKEN: options.adminToken,
  PLAN_LIMITS: options.planLimits,
  ALLOW_PRIVATE_NETWORK: "true",
  ALLOW_HTTP_WEBHOOKS: "true",
  SCREENSHOTS: "false"
})

export const measure = async (options: Options): Promise<WebhookFigures> => {
  const fixtures = await fixtureServer()
  const hooks = await receiver()
  try {
    const { embedded, scaled } = await bothModes(
      options,
      "webhooks",
      webhookEnv(options),
      (target) => measureOn(target, options, fixtures, hooks)
    )
    return { sequential: options.sequential, burst: options.burst, webhooks: webhooksPerAccount, embedded, scaled }
  } finally {
    await hooks.close()
    await fixtures.close()
  }
}
