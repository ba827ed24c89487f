/**
 * Webhook delivery performance against a local receiver; it only logs (numbers, never assertions), and is not a
 * vitest file. Run: `npx tsx packages/cli/test/webhooks/DeliveryPerformance.script.ts [embedded|scaled]`
 * (scaled needs TEST_DATABASE_URL and TEST_REDIS_URL).
 * 1. Latency: from a bookmark becoming `ready` (the delivery's `createdAt`, stamped in the completing transaction)
 *    to the delivery arriving at the receiver, one bookmark at a time with an idle worker.
 * 2. Throughput: 500 deliveries put in the outbox at once, drained by the one worker of this process, spread over
 *    10 webhooks and then all for a single webhook (at most 4 in flight per webhook).
 */
import { AccountId, Deliveries, Delivery, DeliveryId, sampleBookmark, WebhookId } from "@bookmarks/domain"
import { Effect } from "effect"
import * as Harness from "../support/Harness.js"
import { Receiver } from "../support/WebhookReceiver.js"
import { register } from "../support/WebhookWatch.js"

const mode = (process.argv[2] ?? "embedded") === "scaled" ? "scaled" : "embedded"
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN

const main = async () => {
  const receiver = await Receiver.start()
  const service = await Harness.start({
    mode,
    env: {
      SCREENSHOTS: "false",
      ALLOW_HTTP_WEBHOOKS: "true",
      PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
    },
    overrides: { guard: { allowlist: [receiver.allowlistEntry] } }
  })
  try {
    const { client } = service
    const account = await client.account("ultra")

    // 1. Latency, idle worker.
    const latencyPath = "/perf/latency"
    await register(client, account.key, { url: receiver.url(latencyPath) })
    const rounds = 40
    const delays: Array<number> = []
    for (let i = 0; i < rounds; i++) {
      const url = receiver.page(`/perf/page/${i}`)
      await client.api("POST", "/bookmarks", account.key, { url })
      const got = await receiver.waitFor(latencyPath, i + 1, 30_000)
      const arrival = got[i]!
      const body = JSON.parse(arrival.raw.toString("utf8")) as { createdAt: string }
      delays.push(arrival.at - Date.parse(body.createdAt))
      await sleep(150)
    }
    const sorted = [...delays].sort((a, b) => a - b)
    console.log(`[${mode}] ready → delivery arrival over ${rounds} bookmarks (ms): ` +
      `median ${percentile(sorted, 50)}, p95 ${percentile(sorted, 95)}, min ${sorted[0]}, max ${sorted[sorted.length - 1]}`)

    // 2. Throughput: 500 queued deliveries.
    const drain = async (label: string, hooks: number, total: number) => {
      // A fresh account per run: an account may hold at most 10 webhooks.
      const owner = await client.account("ultra")
      const ids: Array<{ id: string; path: string }> = []
      for (let h = 0; h < hooks; h++) {
        const path = `/perf/${label}/${h}`
        ids.push({ id: (await register(client, owner.key, { url: receiver.url(path) })).id, path })
      }
      const now = Date.now()
      const rows: Array<Delivery.Record> = []
      for (let i = 0; i < total; i++) {
        const hook = ids[i % hooks]!
        const id = DeliveryId.make(`dlv_perf_${label}_${i}`)
        rows.push({
          id,
          webhookId: WebhookId.make(hook.id),
          accountId: AccountId.make(owner.id),
          event: "bookmark.saved",
          body: Delivery.encodeBody({ id, event: "bookmark.saved", createdAt: new Date(now).toISOString(), data: sampleBookmark(now) }),
          state: "pending",
          attempts: 0,
          nextAttemptAt: now,
          createdAt: now
        })
      }
      const started = Date.now()
      await service.run(Effect.flatMap(Deliveries, (d) => d.enqueue(rows)))
      await receiver.waitUntil(() => receiver.receivedUnder(`/perf/${label}/`).length >= total, `${total} deliveries`, 600_000)
      const arrived = Date.now() - started
      // Until every attempt is also recorded (the webhook counters and the outbox row).
      for (;;) {
        const states = await service.run(Effect.forEach(ids, (h) =>
          Effect.flatMap(Deliveries, (d) => d.listForWebhook(WebhookId.make(h.id)))))
        if (states.flat().every((r) => r.state === "delivered")) break
        await sleep(20)
      }
      const recorded = Date.now() - started
      console.log(`[${mode}] ${total} queued deliveries over ${hooks} webhook(s): all arrived in ${arrived} ms ` +
        `(${Math.round(total / (arrived / 1000))}/s), all recorded in ${recorded} ms (${Math.round(total / (recorded / 1000))}/s); ` +
        `duplicates ${receiver.receivedUnder(`/perf/${label}/`).length - total}`)
    }
    await drain("spread", 10, 500)
    await drain("single", 1, 500)
  } finally {
    await service.stop()
    await service.storage.cleanup()
    await receiver.close()
  }
}

main().catch((e) => {
  console.error(e)
  process.exitCode = 1
})
