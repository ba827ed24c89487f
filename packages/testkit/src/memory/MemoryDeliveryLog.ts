/**
 * In-memory delivery log; writes inside a failed MemoryTransactor block are taken back (a queue attempt is logged in
 * its outcome's transaction).
 */
import { type DeliveryAttempt, DeliveryLog } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

/** Newest first: by time, then by id. */
const newestFirst = (a: DeliveryAttempt.Record, b: DeliveryAttempt.Record) =>
  b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)

const after = (cursor: DeliveryAttempt.Cursor) => (a: DeliveryAttempt.Record) =>
  a.at < cursor.at || (a.at === cursor.at && a.id < cursor.id)

export const make = () => {
  const attempts = new Map<string, DeliveryAttempt.Record>()
  return DeliveryLog.of({
    record: (attempt) => MemoryJournal.write((record) => MemoryJournal.set(record, attempts, attempt.id, attempt)),
    listForWebhook: (webhookId, { before, limit }) =>
      Effect.sync(() =>
        [...attempts.values()]
          .filter((a) => a.webhookId === webhookId)
          .filter(Option.match(before, { onNone: () => () => true, onSome: after }))
          .sort(newestFirst)
          .slice(0, limit)
      ),
    pruneBefore: (at) =>
      MemoryJournal.write((record) => {
        let count = 0
        for (const [id, attempt] of attempts) {
          if (attempt.at < at && MemoryJournal.remove(record, attempts, id)) count++
        }
        return count
      })
  })
}

export const layer = Layer.sync(DeliveryLog, make)
