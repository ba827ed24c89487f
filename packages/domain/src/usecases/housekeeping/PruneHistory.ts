/**
 * Use case: forget what is kept only for a while: delivery-log attempts past their retention, expired sessions, bulk
 * runs finished more than `Bulk.retention` ago.
 */
import { Clock, Effect } from "effect"
import * as Bulk from "../../Bulk.js"
import { BulkRuns } from "../../ports/BulkRuns.js"
import { DeliveryLog } from "../../ports/DeliveryLog.js"
import { Sessions } from "../../ports/Sessions.js"

/** How long the delivery log keeps an attempt by default (DELIVERY_LOG_RETENTION): 30 days. */
export const defaultLogRetention = 30 * 24 * 3_600_000

/** How many attempts, sessions and bulk runs were forgotten. */
export const pruneHistory = Effect.fn("PruneHistory")(function*(logRetention: number) {
  const now = yield* Clock.currentTimeMillis
  const attempts = yield* (yield* DeliveryLog).pruneBefore(now - logRetention)
  const sessions = yield* (yield* Sessions).pruneExpired(now)
  const bulkRuns = yield* (yield* BulkRuns).pruneFinished(now - Bulk.retention)
  return { attempts, sessions, bulkRuns }
})
