/** In-memory users: the email is unique, and `onlyIfFirst` is checked in the same synchronous step as the insert. */
import { type StoredUser, Users } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"

export const make = () => {
  const users = new Map<string, StoredUser>()
  const byEmail = new Map<string, string>()
  return Users.of({
    create: (user, passwordHash, { onlyIfFirst }) =>
      Effect.sync(() => {
        if (onlyIfFirst && users.size > 0) return "notFirst" as const
        if (byEmail.has(user.email)) return "emailTaken" as const
        users.set(user.id, { user, passwordHash })
        byEmail.set(user.email, user.id)
        return "created" as const
      }),
    findByEmail: (email) => Effect.sync(() => Option.fromNullable(users.get(byEmail.get(email) ?? ""))),
    get: (id) => Effect.sync(() => Option.fromNullable(users.get(id))),
    any: Effect.sync(() => users.size > 0),
    setPasswordHash: (id, passwordHash) =>
      Effect.sync(() => {
        const found = users.get(id)
        if (found === undefined) return false
        users.set(id, { ...found, passwordHash })
        return true
      }),
    listForAccount: (accountId) =>
      Effect.sync(() =>
        [...users.values()].map((u) => u.user).filter((u) => u.accountId === accountId).sort((a, b) => a.createdAt - b.createdAt)
      )
  })
}

export const layer = Layer.sync(Users, make)
