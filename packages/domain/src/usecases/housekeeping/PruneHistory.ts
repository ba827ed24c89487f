/** Use case: forget what is kept only for a while: delivery-log attempts past their retention, expired sessions. */
import { Clock, Effect } from "effect"
import { DeliveryLog } from "../../ports/DeliveryLog.js"
import { Sessions } from "../../ports/Sessions.js"

/** How long the delivery log keeps an attempt by default (DELIVERY_LOG_RETENTION): 30 days. */
export const defaultLogRetention = 30 * 24 * 3_600_000

/** How many attempts and sessions were forgotten. */
export const pruneHistory = Effect.fn("PruneHistory")(function*(logRetention: number) {
  const now = yield* Clock.currentTimeMillis
  const attempts = yield* (yield* DeliveryLog).pruneBefore(now - logRetention)
  const sessions = yield* (yield* Sessions).pruneExpired(now)
  return { attempts, sessions }
})
