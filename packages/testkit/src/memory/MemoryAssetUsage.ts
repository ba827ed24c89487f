/**
 * In-memory twin of the bytes each account keeps: counted assets by id, the count per account. A recount is one
 * synchronous write, so nothing runs between its findings and its sum.
 */
import { type AssetId, AssetUsage } from "@bookmark-library/domain"
import { Effect, Layer } from "effect"
import * as MemoryJournal from "./MemoryJournal.js"

export const make = () => {
  const assets = new Map<AssetId, { readonly accountId: string; readonly bytes: number }>()
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
    used: (accountId) => Effect.sync(() => counts.get(accountId) ?? 0),
    counted: (accountId) =>
      Effect.sync(() => [...assets].filter(([, counted]) => counted.accountId === accountId).map(([asset]) => asset)),
    recount: (accountId, found) =>
      MemoryJournal.write((record) => {
        const own = (asset: AssetId) => assets.get(asset)?.accountId === accountId
        for (const asset of found.remove) if (own(asset)) MemoryJournal.remove(record, assets, asset)
        for (const { asset, bytes } of found.resize) {
          if (own(asset)) MemoryJournal.set(record, assets, asset, { accountId, bytes })
        }
        for (const { asset, bytes } of found.add) {
          if (!assets.has(asset)) MemoryJournal.set(record, assets, asset, { accountId, bytes })
        }
        let sum = 0
        for (const counted of assets.values()) if (counted.accountId === accountId) sum += counted.bytes
        MemoryJournal.set(record, counts, accountId, sum)
        return sum
      })
  })
}

export const layer = Layer.sync(AssetUsage, make)
