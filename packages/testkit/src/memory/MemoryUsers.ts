/**
 * In-memory users: the email is unique, and `onlyIfFirst` is checked in the same synchronous step as the insert.
 * Writes inside a MemoryTransactor block are taken back if it fails.
 */
import { type StoredUser, Users } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = () => {
  const users = new Map<string, StoredUser>()
  const byEmail = new Map<string, string>()
  // Keyed by issuer and subject (JSON of both: neither may contain the other's separator).
  const identities = new Map<string, string>()
  const identityKey = (issuer: string, subject: string) => JSON.stringify([issuer, subject])
  return Users.of({
    create: (user, passwordHash, { onlyIfFirst }) =>
      MemoryJournal.write((record) => {
        if (onlyIfFirst && users.size > 0) return "notFirst" as const
        if (byEmail.has(user.email)) return "emailTaken" as const
        MemoryJournal.set(record, users, user.id, { user, passwordHash })
        MemoryJournal.set(record, byEmail, user.email, user.id)
        return "created" as const
      }),
    findByEmail: (email) => Effect.sync(() => Option.fromNullishOr(users.get(byEmail.get(email) ?? ""))),
    get: (id) => Effect.sync(() => Option.fromNullishOr(users.get(id))),
    any: Effect.sync(() => users.size > 0),
    setPasswordHash: (id, passwordHash) =>
      MemoryJournal.write((record) => {
        const found = users.get(id)
        if (found === undefined) return false
        MemoryJournal.set(record, users, id, { ...found, passwordHash })
        return true
      }),
    findByIdentity: (issuer, subject) =>
      Effect.sync(() => Option.fromNullishOr(users.get(identities.get(identityKey(issuer, subject)) ?? ""))),
    linkIdentity: (link) =>
      MemoryJournal.write((record) => {
        const key = identityKey(link.issuer, link.subject)
        const owner = identities.get(key)
        if (owner !== undefined) return owner === link.userId ? "linked" as const : "taken" as const
        if (!users.has(link.userId)) return "noUser" as const
        MemoryJournal.set(record, identities, key, link.userId)
        return "linked" as const
      }),
    listForAccount: (accountId) =>
      Effect.sync(() =>
        [...users.values()].map((u) => u.user).filter((u) => u.accountId === accountId).sort((a, b) =>
          a.createdAt - b.createdAt
        )
      )
  })
}

export const layer = Layer.sync(Users, make)
