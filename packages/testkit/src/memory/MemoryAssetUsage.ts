/** In-memory twin of the bytes each account keeps: counted assets by id, the count per account. */
import { AssetUsage } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = () => {
  const assets = new Map<string, { readonly accountId: string; readonly bytes: number }>()
  const counts = new Map<string, number>()
  return AssetUsage.of({
    stored: (asset, accountId, bytes) =>
      MemoryJournal.write((record) => {
        if (assets.has(asset)) return
        MemoryJournal.set(record, assets, asset, { accountId, bytes })
        MemoryJournal.set(record, counts, accountId, (counts.get(accountId) ?? 0) + bytes)
      }),
    deleted: (asset) =>
      MemoryJournal.write((record) => {
        const counted = assets.get(asset)
        if (counted === undefined) return
        MemoryJournal.remove(record, assets, asset)
        MemoryJournal.set(record, counts, counted.accountId, (counts.get(counted.accountId) ?? 0) - counted.bytes)
      }),
    used: (accountId) => Effect.sync(() => counts.get(accountId) ?? 0)
  })
}

export const layer = Layer.sync(AssetUsage, make)
