/** In-memory secret links; writes inside a MemoryTransactor block are taken back if it fails. */
import { type SecretLink, SecretLinks } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = () => {
  const links = new Map<string, SecretLink.Record>()
  return SecretLinks.of({
    insert: (link, max) =>
      MemoryJournal.write((record) => {
        const live = [...links.values()].filter((l) => l.accountId === link.accountId && l.revokedAt === null)
        if (live.length >= max) return false
        MemoryJournal.set(record, links, link.id, link)
        return true
      }),
    list: (accountId) =>
      Effect.sync(() =>
        [...links.values()].filter((l) => l.accountId === accountId).sort((a, b) =>
          b.createdAt - a.createdAt || (a.id < b.id ? -1 : 1)
        )
      ),
    get: (id) => Effect.sync(() => Option.fromNullishOr(links.get(id))),
    findByHash: (hash) =>
      Effect.sync(() => Option.fromNullishOr([...links.values()].find((l) => l.tokenHash === hash))),
    revoke: (id, at) =>
      MemoryJournal.write((record) => {
        const found = links.get(id)
        if (found === undefined) return false
        if (found.revokedAt === null) MemoryJournal.set(record, links, id, { ...found, revokedAt: at })
        return true
      })
  })
}

export const layer = Layer.sync(SecretLinks, make)
