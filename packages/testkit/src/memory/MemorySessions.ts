/**
 * In-memory sessions; reads the user and account through their ports, as the SQL twin joins them. Writes inside a
 * MemoryTransactor block are taken back if it fails.
 */
import { Accounts, type Session, Sessions, Users } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const layer = Layer.effect(
  Sessions,
  Effect.gen(function*() {
    const users = yield* Users
    const accounts = yield* Accounts
    const sessions = new Map<string, Session.Record>()
    const removeWhere = (doomed: (session: Session.Record) => boolean) =>
      MemoryJournal.write((record) => {
        let count = 0
        for (const [hash, session] of sessions) {
          if (doomed(session) && MemoryJournal.remove(record, sessions, hash)) count++
        }
        return count
      })
    return Sessions.of({
      create: (session) => MemoryJournal.write((record) => MemoryJournal.set(record, sessions, session.hash, session)),
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
        MemoryJournal.write((record) => {
          const found = sessions.get(hash)
          if (found !== undefined) MemoryJournal.set(record, sessions, hash, { ...found, expiresAt })
        }),
      delete: (hash) => MemoryJournal.write((record) => void MemoryJournal.remove(record, sessions, hash)),
      deleteForUser: (userId, keep) =>
        removeWhere((session) => session.userId === userId && !Option.contains(keep, session.hash)),
      pruneExpired: (at) => removeWhere((session) => session.expiresAt < at)
    })
  })
)
