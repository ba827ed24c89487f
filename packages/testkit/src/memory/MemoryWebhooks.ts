/** In-memory webhooks with the domain's failure-accounting rule; writes inside a failed block are taken back. */
import { Webhook, Webhooks } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = () => {
  const hooks = new Map<string, Webhook.Record>()
  const change = (id: string, f: (r: Webhook.Record) => Webhook.Record) =>
    MemoryJournal.write((record) => {
      const found = hooks.get(id)
      if (found === undefined) return Option.none()
      const updated = f(found)
      MemoryJournal.set(record, hooks, id, updated)
      return Option.some(updated)
    })
  const ofAccount = (accountId: string) =>
    [...hooks.values()].filter((h) => h.accountId === accountId).sort((a, b) => a.createdAt - b.createdAt)
  return Webhooks.of({
    insert: (webhook, max) =>
      MemoryJournal.write((record) => {
        if (ofAccount(webhook.accountId).length >= max) return false
        MemoryJournal.set(record, hooks, webhook.id, webhook)
        return true
      }),
    list: (accountId) => Effect.sync(() => ofAccount(accountId)),
    get: (id) => Effect.sync(() => Option.fromNullishOr(hooks.get(id))),
    delete: (id) => MemoryJournal.write((record) => MemoryJournal.remove(record, hooks, id)),
    subscribed: (accountId, event) =>
      Effect.sync(() => ofAccount(accountId).filter((h) => h.active && h.events.includes(event))),
    recordAttempt: (id, outcome) => change(id, (r) => Webhook.recordAttempt(r, outcome)),
    setActive: (id, active) =>
      change(id, (r) => ({ ...r, active, ...(active ? { failingSince: null, failureCount: 0 } : {}) }))
  })
}

export const layer = Layer.sync(Webhooks, make)
