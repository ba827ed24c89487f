/** In-memory accounts and keys; writes inside a MemoryTransactor block are taken back if it fails. */
import { type Account, Accounts, type ApiKey } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = () => {
  const accounts = new Map<string, Account.Account>()
  const keys = new Map<string, { info: ApiKey.Info; hash: string }>()
  const byHash = new Map<string, string>()
  return Accounts.of({
    create: (account) => MemoryJournal.write((record) => MemoryJournal.set(record, accounts, account.id, account)),
    get: (id) => Effect.sync(() => Option.fromNullishOr(accounts.get(id))),
    list: ({ after, limit }) =>
      Effect.sync(() => {
        const ordered = [...accounts.values()].sort((a, b) =>
          a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
        )
        if (Option.isNone(after)) return ordered.slice(0, limit)
        const start = ordered.findIndex((a) => a.id === after.value)
        return start < 0 ? [] : ordered.slice(start + 1, start + 1 + limit)
      }),
    setPlan: (id, plan, at) =>
      MemoryJournal.write((record) => {
        const found = accounts.get(id)
        if (found === undefined) return Option.none()
        const updated = { ...found, plan, planChangedAt: at }
        MemoryJournal.set(record, accounts, id, updated)
        return Option.some(updated)
      }),
    addKey: (info, hash) =>
      MemoryJournal.write((record) => {
        MemoryJournal.set(record, keys, info.id, { info, hash })
        MemoryJournal.set(record, byHash, hash, info.id)
      }),
    listKeys: (id) =>
      Effect.sync(() =>
        [...keys.values()].map((k) => k.info).filter((k) => k.accountId === id).sort((a, b) =>
          a.createdAt - b.createdAt
        )
      ),
    revokeKey: (id, at) =>
      MemoryJournal.write((record) => {
        const found = keys.get(id)
        if (found === undefined) return Option.none()
        const info = { ...found.info, revokedAt: found.info.revokedAt ?? at }
        MemoryJournal.set(record, keys, id, { ...found, info })
        return Option.some(info)
      }),
    findByKeyHash: (hash) =>
      Effect.sync(() => {
        const key = keys.get(byHash.get(hash) ?? "")
        const account = key === undefined ? undefined : accounts.get(key.info.accountId)
        return key === undefined || account === undefined ? Option.none() : Option.some({ account, key: key.info })
      })
  })
}

export const layer = Layer.sync(Accounts, make)
