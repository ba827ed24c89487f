/** In-memory sessions; reads the user and account through their ports, as the SQL twin joins them. */
import { Accounts, type Session, Sessions, Users } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"

export const layer = Layer.effect(
  Sessions,
  Effect.gen(function*() {
    const users = yield* Users
    const accounts = yield* Accounts
    const sessions = new Map<string, Session.Record>()
    return Sessions.of({
      create: (session) => Effect.sync(() => void sessions.set(session.hash, session)),
      find: (hash) =>
        Effect.gen(function*() {
          const session = sessions.get(hash)
          if (session === undefined) return Option.none()
          const user = yield* users.get(session.userId)
          if (Option.isNone(user)) return Option.none()
          const account = yield* accounts.get(user.value.user.accountId)
          if (Option.isNone(account)) return Option.none()
          return Option.some({ session, user: user.value.user, account: account.value })
        }),
      extend: (hash, expiresAt) =>
        Effect.sync(() => {
          const found = sessions.get(hash)
          if (found !== undefined) sessions.set(hash, { ...found, expiresAt })
        }),
      delete: (hash) => Effect.sync(() => void sessions.delete(hash)),
      deleteForUser: (userId, keep) =>
        Effect.sync(() => {
          let count = 0
          for (const [hash, session] of sessions) {
            if (session.userId === userId && !Option.contains(keep, hash)) {
              sessions.delete(hash)
              count++
            }
          }
          return count
        }),
      pruneExpired: (at) =>
        Effect.sync(() => {
          let count = 0
          for (const [hash, session] of sessions) {
            if (session.expiresAt < at) {
              sessions.delete(hash)
              count++
            }
          }
          return count
        })
    })
  })
)
