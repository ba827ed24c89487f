import { AssetId, copyAssets, countAssets, Errors } from "@bookmark-library/domain"
import { MemoryAssetStore } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Option } from "effect"

const ids = Array.from({ length: 9 }, (_, i) => AssetId.make(`${i}`.repeat(32)))
const bytesOf = (i: number) => new Uint8Array(100 + i).fill(i)

const filled = () =>
  Effect.gen(function*() {
    const source = MemoryAssetStore.make()
    for (const [i, id] of ids.entries()) yield* source.put(id, { bytes: bytesOf(i), contentType: `image/x-${i}` })
    return source
  })

describe("copyAssets", () => {
  it.effect("copies every asset with its bytes and type, reporting progress in id order", () =>
    Effect.gen(function*() {
      const source = yield* filled()
      const target = MemoryAssetStore.make()
      const seen: Array<string> = []
      const result = yield* copyAssets(source, target, {
        after: Option.none(),
        onProgress: (p) => Effect.sync(() => void seen.push(Option.getOrElse(p.last, () => ""))),
        concurrency: 3
      })
      expect(seen).toEqual(ids)
      expect([result.done, result.bytes, result.vanished]).toEqual([9, 9 * 100 + 36, 0])
      for (const [i, id] of ids.entries()) {
        expect(Option.map(yield* target.get(id), (a) => [a.contentType, a.bytes.byteLength])).toEqual(
          Option.some([`image/x-${i}`, 100 + i])
        )
      }
      expect(Option.isSome(yield* source.get(ids[0] ?? ids[1]!))).toBe(true)
    }))

  it.effect("a run that stopped resumes after the last id it reported and copies only the rest", () =>
    Effect.gen(function*() {
      const source = yield* filled()
      const target = MemoryAssetStore.make()
      const broken = {
        ...target,
        putStream: (id: AssetId, asset: Parameters<typeof target.putStream>[1]) =>
          id === ids[5]
            ? Effect.fail(new Errors.StorageUnavailable({ reason: "target went away" }))
            : target.putStream(id, asset)
      }
      let last = Option.none<AssetId>()
      const first = yield* Effect.exit(copyAssets(source, broken, {
        after: Option.none(),
        onProgress: (p) => Effect.sync(() => void (last = p.last)),
        concurrency: 1
      }))
      expect(Exit.isFailure(first)).toBe(true)
      expect(last).toEqual(Option.some(ids[4]))
      expect(yield* countAssets(source, last)).toBe(4)
      const rest = yield* copyAssets(source, target, { after: last, onProgress: () => Effect.void })
      expect(rest.done).toBe(4)
      for (const id of ids) expect(Option.isSome(yield* target.get(id))).toBe(true)
    }))
})
