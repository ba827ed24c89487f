/**
 * In-memory outbox with leases and a per-webhook in-flight cap; reads webhooks through their port. Writes inside a
 * failed block are taken back; wake-ups wait for the commit.
 */
import { Deliveries, type Delivery, Webhooks } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"
import * as Signal from "./Signal.js"

interface Entry {
  readonly record: Delivery.Record
  readonly lockedUntil: number
}

export const layer = Layer.effect(
  Deliveries,
  Effect.gen(function*() {
    const webhooks = yield* Webhooks
    const entries = new Map<string, Entry>()
    const signal = yield* Signal.make
    const update = (id: string, f: (e: Entry) => Entry) =>
      MemoryJournal.write((record) => {
        const entry = entries.get(id)
        if (entry !== undefined) MemoryJournal.set(record, entries, id, f(entry))
      })
    return Deliveries.of({
      enqueue: (rows) =>
        Effect.andThen(
          MemoryJournal.write((record) => {
            for (const row of rows) MemoryJournal.set(record, entries, row.id, { record: row, lockedUntil: 0 })
          }),
          MemoryJournal.afterCommit(signal.notify)
        ),
      claim: ({ lease, max, maxPerWebhook, now }) =>
        Effect.gen(function*() {
          // The webhooks are read first; the choice and the leases are then one synchronous step, so concurrent
          // claimers never share a delivery nor exceed the per-webhook cap.
          const hookIds = new Set([...entries.values()].map((e) => e.record.webhookId))
          const hooks = new Map<string, { readonly url: string; readonly secret: string }>()
          for (const id of hookIds) {
            const hook = yield* webhooks.get(id)
            if (Option.isSome(hook) && hook.value.active) hooks.set(id, hook.value)
          }
          return yield* MemoryJournal.write((record) => {
            const inFlight = new Map<string, number>()
            for (const e of entries.values()) {
              if (e.record.state === "pending" && e.lockedUntil > now) {
                inFlight.set(e.record.webhookId, (inFlight.get(e.record.webhookId) ?? 0) + 1)
              }
            }
            const due = [...entries.values()]
              .filter((e) => e.record.state === "pending" && e.record.nextAttemptAt <= now && e.lockedUntil <= now)
              .sort((a, b) =>
                a.record.nextAttemptAt - b.record.nextAttemptAt || a.record.createdAt - b.record.createdAt
              )
            const claimed: Array<
              { readonly delivery: Delivery.Record; readonly url: string; readonly secret: string }
            > = []
            for (const e of due) {
              if (claimed.length >= max) break
              const hook = hooks.get(e.record.webhookId)
              const count = inFlight.get(e.record.webhookId) ?? 0
              if (hook === undefined || count >= maxPerWebhook) continue
              inFlight.set(e.record.webhookId, count + 1)
              MemoryJournal.set(record, entries, e.record.id, { ...e, lockedUntil: now + lease })
              claimed.push({ delivery: e.record, url: hook.url, secret: hook.secret })
            }
            return claimed
          })
        }),
      finish: (id, outcome) =>
        update(id, (e) => ({
          lockedUntil: 0,
          record: {
            ...e.record,
            attempts: e.record.attempts + 1,
            state: outcome.state,
            ...(outcome.state === "pending" ? { nextAttemptAt: outcome.nextAttemptAt } : {})
          }
        })),
      release: (id) => update(id, (e) => ({ ...e, lockedUntil: 0 })),
      cancelForWebhook: (webhookId) =>
        MemoryJournal.write((record) => {
          let count = 0
          for (const [id, e] of entries) {
            if (e.record.webhookId === webhookId && e.record.state === "pending") {
              MemoryJournal.set(record, entries, id, { record: { ...e.record, state: "cancelled" }, lockedUntil: 0 })
              count++
            }
          }
          return count
        }),
      cancelForBookmark: (bookmarkId) =>
        MemoryJournal.write((record) => {
          let count = 0
          for (const [id, e] of entries) {
            if (e.record.bookmarkId === bookmarkId && e.record.state === "pending") {
              MemoryJournal.set(record, entries, id, { record: { ...e.record, state: "cancelled" }, lockedUntil: 0 })
              count++
            }
          }
          return count
        }),
      get: (id) => Effect.sync(() => Option.fromNullishOr(entries.get(id)?.record)),
      listForWebhook: (webhookId) =>
        Effect.sync(() =>
          [...entries.values()].map((e) => e.record).filter((r) => r.webhookId === webhookId)
            .sort((a, b) => a.createdAt - b.createdAt)
        ),
      backlog: (now) =>
        Effect.sync(() => {
          const pending = [...entries.values()].filter((e) => e.record.state === "pending")
          const due = pending.filter((e) => e.record.nextAttemptAt <= now && e.lockedUntil <= now).map((e) =>
            e.record.nextAttemptAt
          )
          return {
            size: pending.length,
            retrying: pending.filter((e) => e.record.attempts > 0).length,
            oldestDueAt: due.length === 0 ? null : Math.min(...due)
          }
        }),
      awaitEnqueued: signal.wait
    })
  })
)
