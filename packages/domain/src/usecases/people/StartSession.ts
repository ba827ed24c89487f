/** Shared step: a new session for a user; the token goes to the person's cookie, only its hash to storage. */
import { Clock, Effect } from "effect"
import type { UserId } from "../../Ids.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Sessions } from "../../ports/Sessions.js"
import * as Session from "../../Session.js"

export const startSession = Effect.fn("StartSession")(function*(userId: UserId) {
  const ids = yield* IdGenerator
  const sessions = yield* Sessions
  const now = yield* Clock.currentTimeMillis
  const token = Session.tokenFromBytes(yield* ids.bytes(32))
  const record: Session.Record = {
    hash: Session.hash(token),
    userId,
    createdAt: now,
    expiresAt: now + Session.lifetime
  }
  yield* sessions.create(record)
  return { token, expiresAt: record.expiresAt }
})
