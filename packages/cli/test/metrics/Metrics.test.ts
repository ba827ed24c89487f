/**
 * `/metrics` after real traffic, read by a third-party parser: the counters move by exactly the traffic's amounts.
 * The service runs as `bookmarks start` composes it (embedded), with a webhook receiver on loopback.
 */
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as AppConfig from "../../src/server/AppConfig.js"
import * as Processes from "../../src/server/Processes.js"
import { freePort } from "../support/FreePort.js"
import * as Harness from "../support/Harness.js"
import * as Prometheus from "../support/Prometheus.js"
import { Receiver } from "../support/WebhookReceiver.js"
import { register } from "../support/WebhookWatch.js"

const token = "metrics-token-0123456789"

let receiver: Receiver
let service: Harness.Started

beforeAll(async () => {
  receiver = await Receiver.start()
  service = await Harness.start({
    mode: "embedded",
    env: {
      SCREENSHOTS: "false",
      ALLOW_HTTP_WEBHOOKS: "true",
      METRICS_TOKEN: token,
      // Three requests a minute on the free plan, so the fourth is refused by the minute window.
      PLAN_LIMITS: JSON.stringify({ free: { perMinute: 3, perMonth: 1_000 } })
    },
    overrides: { guard: { allowlist: [receiver.allowlistEntry] } }
  })
})

afterAll(async () => {
  await service?.stop()
  await service?.storage.cleanup()
  await receiver?.close()
})

describe("GET /metrics", () => {
  it("answers only the METRICS_TOKEN, in the Prometheus text format, and is not charged", async () => {
    const none = await fetch(`${service.baseUrl}/metrics`)
    expect(none.status).toBe(401)
    expect(none.headers.get("www-authenticate")).toBe(`Bearer realm="metrics"`)
    expect(await none.json()).toMatchObject({ code: "unauthenticated", status: 401 })
    expect((await Prometheus.scrape(service.baseUrl, "wrong-token")).status).toBe(401)
    const post = await fetch(`${service.baseUrl}/metrics`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}` }
    })
    expect(post.status).toBe(405)
    const ok = await Prometheus.scrape(service.baseUrl, token)
    expect(ok.status).toBe(200)
    expect(ok.contentType).toBe("text/plain; version=0.0.4; charset=utf-8")
    expect(ok.metrics["process_resident_memory_bytes"]?.type).toBe("gauge")
    expect(Prometheus.value(ok, "process_resident_memory_bytes")).toBeGreaterThan(10_000_000)
    expect(Prometheus.value(ok, "process_cpu_user_seconds_total")).toBeGreaterThan(0)
    expect(Prometheus.value(ok, "process_start_time_seconds")).toBeGreaterThan(Date.now() / 1000 - 3600)
    const again = await Prometheus.scrape(service.baseUrl, token)
    // Its own requests are counted under the route `metrics`, and nothing is charged to any allowance.
    expect(
      Prometheus.delta(
        ok,
        again,
        (s) => Prometheus.value(s, "http_requests_total", { route: "metrics", status: "200" })
      )
    ).toBe(1)
    expect(Prometheus.delta(ok, again, (s) => Prometheus.value(s, "allowance_decisions_total"))).toBe(0)
  })

  it("counts requests by route template and status, allowance decisions, enrichment, deliveries and deactivations", async () => {
    const { client } = service
    const free = await client.account("free")
    const ultra = await client.account("ultra")
    const hook = await register(client, ultra.key, { url: receiver.respond("/gone", () => ({ status: 410 })) })
    const before = await Prometheus.scrape(service.baseUrl, token)

    // Traffic: 3 admitted and 2 refused lists (free), one save and one unknown bookmark (ultra), one unknown API route.
    const statuses: Array<number> = []
    for (let i = 0; i < 5; i++) statuses.push((await client.api("GET", "/bookmarks", free.key)).status)
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const saved = await client.api("POST", "/bookmarks", ultra.key, { url: receiver.page("/metrics/page") })
    expect(saved.status).toBe(201)
    expect((await client.api("GET", "/bookmarks/bmk_unknown", ultra.key)).status).toBe(404)
    expect((await client.request("GET", "/v1/api/no/such/route")).status).toBe(404)

    // The worker enriches the page and delivers to an endpoint that answers 410: the webhook is deactivated.
    const after = await Prometheus.until(
      service.baseUrl,
      token,
      (s) =>
        Prometheus.delta(
          before,
          s,
          (x) => Prometheus.value(x, "webhook_deliveries_total", { outcome: "deactivated" })
        ) === 1
    )
    const moved = (read: (s: Prometheus.Scrape) => number) => Prometheus.delta(before, after, read)
    const requests = (labels: Record<string, string>) =>
      moved((s) => Prometheus.value(s, "http_requests_total", labels))

    expect(requests({ method: "GET", route: "/v1/api/bookmarks", status: "200" })).toBe(3)
    expect(requests({ method: "GET", route: "/v1/api/bookmarks", status: "429" })).toBe(2)
    expect(requests({ method: "POST", route: "/v1/api/bookmarks", status: "201" })).toBe(1)
    expect(requests({ method: "GET", route: "/v1/api/bookmarks/:id", status: "404" })).toBe(1)
    expect(requests({ method: "GET", route: "unmatched", status: "404" })).toBe(1)
    expect(
      moved((s) =>
        Prometheus.observations(s, "http_request_duration_seconds", { method: "GET", route: "/v1/api/bookmarks" })
      )
    ).toBe(5)
    expect(
      moved((s) => Prometheus.observations(s, "http_request_duration_seconds", { route: "/v1/api/bookmarks/:id" }))
    ).toBe(1)
    // No series is named after a raw path.
    expect(after.text).not.toContain("bmk_unknown")
    expect(after.text).not.toContain("/v1/api/no/such/route")

    // 3 lists, the save and the unknown bookmark were admitted; 2 refused by the minute window.
    expect(moved((s) => Prometheus.value(s, "allowance_decisions_total", { decision: "admitted" }))).toBe(5)
    expect(moved((s) => Prometheus.value(s, "allowance_decisions_total", { decision: "refused", window: "minute" })))
      .toBe(2)
    expect(moved((s) => Prometheus.value(s, "allowance_decisions_total", { decision: "refused", window: "month" })))
      .toBe(0)

    expect(moved((s) => Prometheus.value(s, "enrichment_jobs_total", { outcome: "completed" }))).toBe(1)
    expect(moved((s) => Prometheus.value(s, "enrichment_jobs_total"))).toBe(1)
    expect(moved((s) => Prometheus.observations(s, "enrichment_job_duration_seconds", { outcome: "completed" }))).toBe(
      1
    )
    expect(moved((s) => Prometheus.value(s, "webhook_deliveries_total"))).toBe(1)
    expect(moved((s) => Prometheus.observations(s, "webhook_delivery_duration_seconds", { outcome: "deactivated" })))
      .toBe(1)
    expect(moved((s) => Prometheus.value(s, "webhook_deactivations_total", { reason: "gone" }))).toBe(1)
    expect(receiver.received("/gone").length).toBe(1)
    expect(
      (await client.api("GET", "/webhooks", ultra.key)).body.webhooks.find((w: { id: string }) => w.id === hook.id)
        .active
    ).toBe(false)

    // The queues are empty again, and say so.
    for (const gauge of ["enrichment_jobs_queued", "webhook_deliveries_queued", "webhook_deliveries_retry_backlog"]) {
      expect(after.metrics[gauge]?.type, gauge).toBe("gauge")
      expect(Prometheus.value(after, gauge), gauge).toBe(0)
    }
    expect(Prometheus.value(after, "enrichment_oldest_job_age_seconds")).toBe(0)
  })
})

describe("Redis unreachable (fail open)", () => {
  it("counts every request served without counting, in redis_unavailable_total and the uncounted decisions", async () => {
    const closed = await freePort()
    await Harness.withService({
      mode: "embedded",
      env: { SCREENSHOTS: "false", ALLOWANCE_COUNTER: "redis", REDIS_URL: `redis://127.0.0.1:${closed}` }
    }, async (down) => {
      const account = await down.client.account("free")
      const before = await Prometheus.scrape(down.baseUrl)
      for (let i = 0; i < 4; i++) expect((await down.client.api("GET", "/bookmarks", account.key)).status).toBe(200)
      const after = await Prometheus.scrape(down.baseUrl)
      expect(Prometheus.delta(before, after, (s) => Prometheus.value(s, "redis_unavailable_total"))).toBe(4)
      expect(
        Prometheus.delta(
          before,
          after,
          (s) => Prometheus.value(s, "allowance_decisions_total", { decision: "uncounted" })
        )
      ).toBe(4)
      expect(
        Prometheus.delta(
          before,
          after,
          (s) => Prometheus.value(s, "allowance_decisions_total", { decision: "admitted" })
        )
      ).toBe(0)
    })
  })
})

describe("bookmarks work", () => {
  it("serves /metrics alone on METRICS_PORT, with the token, since a worker has no API port", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "bookmarks-worker-metrics-"))
    const port = await freePort()
    const env = {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      METRICS_PORT: String(port),
      METRICS_TOKEN: token,
      SCREENSHOTS: "false",
      LOG_LEVEL: "error"
    }
    const config = await Effect.runPromise(AppConfig.config.parse(ConfigProvider.fromEnv({ env })))
    const runtime = ManagedRuntime.make(Processes.workersLayer(config).pipe(Layer.orDie))
    try {
      await runtime.runPromise(Effect.void)
      const base = `http://127.0.0.1:${port}`
      expect((await Prometheus.scrape(base)).status).toBe(401)
      const scraped = await Prometheus.scrape(base, token)
      expect(scraped.status).toBe(200)
      expect(scraped.metrics["enrichment_jobs_queued"]?.type).toBe("gauge")
      expect(Prometheus.value(scraped, "process_resident_memory_bytes")).toBeGreaterThan(0)
      const other = await fetch(`${base}/v1/api/bookmarks`)
      expect(other.status).toBe(404)
      expect(await other.json()).toMatchObject({ code: "not_found" })
    } finally {
      await runtime.dispose()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
