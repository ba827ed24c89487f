/** In-memory outbox with leases and a per-webhook in-flight cap; reads webhooks through their port. */
import { Deliveries, type Delivery, Webhooks } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"
import * as Signal from "./Signal.js"

interface Entry {
  record: Delivery.Record
  lockedUntil: number
}

export const layer = Layer.effect(
  Deliveries,
  Effect.gen(function*() {
    const webhooks = yield* Webhooks
    const entries = new Map<string, Entry>()
    const signal = yield* Signal.make
    const update = (id: string, f: (e: Entry) => void) =>
      Effect.sync(() => {
        const entry = entries.get(id)
        if (entry !== undefined) f(entry)
      })
    return Deliveries.of({
      enqueue: (rows) =>
        Effect.zipRight(
          Effect.sync(() => rows.forEach((record) => entries.set(record.id, { record, lockedUntil: 0 }))),
          signal.notify
        ),
      claim: ({ lease, max, maxPerWebhook, now }) =>
        Effect.gen(function*() {
          const inFlight = new Map<string, number>()
          for (const e of entries.values()) {
            if (e.record.state === "pending" && e.lockedUntil > now) {
              inFlight.set(e.record.webhookId, (inFlight.get(e.record.webhookId) ?? 0) + 1)
            }
          }
          const due = [...entries.values()]
            .filter((e) => e.record.state === "pending" && e.record.nextAttemptAt <= now && e.lockedUntil <= now)
            .sort((a, b) => a.record.nextAttemptAt - b.record.nextAttemptAt || a.record.createdAt - b.record.createdAt)
          const claimed = []
          for (const e of due) {
            if (claimed.length >= max) break
            const hook = yield* webhooks.get(e.record.webhookId)
            if (Option.isNone(hook) || !hook.value.active) continue
            const count = inFlight.get(e.record.webhookId) ?? 0
            if (count >= maxPerWebhook) continue
            inFlight.set(e.record.webhookId, count + 1)
            e.lockedUntil = now + lease
            claimed.push({ delivery: e.record, url: hook.value.url, secret: hook.value.secret })
          }
          return claimed
        }),
      finish: (id, outcome) =>
        update(id, (e) => {
          e.lockedUntil = 0
          e.record = {
            ...e.record,
            attempts: e.record.attempts + 1,
            state: outcome.state,
            ...(outcome.state === "pending" ? { nextAttemptAt: outcome.nextAttemptAt } : {})
          }
        }),
      release: (id) => update(id, (e) => void (e.lockedUntil = 0)),
      cancelForWebhook: (webhookId) =>
        Effect.sync(() => {
          let count = 0
          for (const e of entries.values()) {
            if (e.record.webhookId === webhookId && e.record.state === "pending") {
              e.record = { ...e.record, state: "cancelled" }
              e.lockedUntil = 0
              count++
            }
          }
          return count
        }),
      cancelForBookmark: (bookmarkId) =>
        Effect.sync(() => {
          let count = 0
          for (const e of entries.values()) {
            if (e.record.bookmarkId === bookmarkId && e.record.state === "pending") {
              e.record = { ...e.record, state: "cancelled" }
              e.lockedUntil = 0
              count++
            }
          }
          return count
        }),
      get: (id) => Effect.sync(() => Option.fromNullable(entries.get(id)?.record)),
      listForWebhook: (webhookId) =>
        Effect.sync(() =>
          [...entries.values()].map((e) => e.record).filter((r) => r.webhookId === webhookId)
            .sort((a, b) => a.createdAt - b.createdAt)
        ),
      awaitEnqueued: signal.wait
    })
  })
)
