/**
 * Contract of the AssetStore port: exact bytes and content type by id; assets are immutable (served with immutable
 * caching, so a second `put` of an id keeps the first asset); what is stored is a copy of what was
 * given; a delete removes it (an unknown id is no error); streams in and out carry the same assets, a stream of the
 * wrong length stores nothing, and the listing is in id order and resumes after a given id.
 */
import { AssetId, AssetStore, Errors } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Chunk, Effect, Exit, type Layer, Option, Stream } from "effect"

const randomId = () =>
  AssetId.make(Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join(""))
const pattern = (length: number, seed: number) => new Uint8Array(length).map((_, i) => (i * seed + 1) % 256)
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b))
/** `bytes` as a stream of chunks of `size` (the last one shorter). */
const chunked = (bytes: Uint8Array, size: number) =>
  Stream.fromIterable(
    Array.from({ length: Math.ceil(bytes.byteLength / size) }, (_, i) => bytes.subarray(i * size, (i + 1) * size))
  )
const drain = (stream: Stream.Stream<Uint8Array, Errors.StorageUnavailable>) =>
  Effect.map(Stream.runCollect(stream), (chunks) => Buffer.concat(Chunk.toReadonlyArray(Chunk.fromIterable(chunks))))

export const assetStoreContract = <E>(name: string, layer: Layer.Layer<AssetStore, E>) =>
  describe(`AssetStore contract: ${name}`, () => {
    const run = <A, E2>(effect: Effect.Effect<A, E2, AssetStore>) => effect.pipe(Effect.provide(layer))

    it.effect("stores bytes with their content type; unknown ids read as none", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const bytes = pattern(70_000, 7)
        yield* assets.put(id, { bytes, contentType: "image/jpeg" })
        const got = yield* assets.get(id)
        expect(Option.map(got, (a) => a.contentType)).toEqual(Option.some("image/jpeg"))
        expect(Option.map(got, (a) => same(a.bytes, bytes))).toEqual(Option.some(true))
        expect(Option.isNone(yield* assets.get(randomId()))).toBe(true)
      })))

    it.effect("keeps an empty asset and any content type exactly", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const empty = randomId()
        const typed = randomId()
        yield* assets.put(empty, { bytes: new Uint8Array(0), contentType: "image/png" })
        yield* assets.put(typed, { bytes: pattern(3, 1), contentType: "image/svg+xml; charset=utf-8" })
        expect(Option.map(yield* assets.get(empty), (a) => [a.contentType, a.bytes.byteLength])).toEqual(
          Option.some(["image/png", 0])
        )
        expect(Option.map(yield* assets.get(typed), (a) => a.contentType)).toEqual(
          Option.some("image/svg+xml; charset=utf-8")
        )
      })))

    it.effect("is immutable: writing an id again keeps the first bytes and content type", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const first = pattern(5_000, 3)
        yield* assets.put(id, { bytes: first, contentType: "image/jpeg" })
        yield* assets.put(id, { bytes: pattern(20, 11), contentType: "image/webp" })
        const got = yield* assets.get(id)
        expect(Option.map(got, (a) => [a.contentType, same(a.bytes, first)])).toEqual(Option.some(["image/jpeg", true]))
      })))

    it.effect("keeps a copy: changing the given or the returned bytes afterwards changes nothing stored", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const given = pattern(64, 5)
        const original = Uint8Array.from(given)
        yield* assets.put(id, { bytes: given, contentType: "image/jpeg" })
        given.fill(0)
        const read = Option.getOrThrow(yield* assets.get(id))
        expect(same(read.bytes, original)).toBe(true)
        read.bytes.fill(9)
        expect(Option.map(yield* assets.get(id), (a) => same(a.bytes, original))).toEqual(Option.some(true))
      })))

    it.effect("concurrent writes: every asset is readable whole; of racing writes of one id, one wins whole", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const ids = Array.from({ length: 12 }, randomId)
        yield* Effect.all(
          ids.map((id, i) => assets.put(id, { bytes: pattern(1_000 + i, i + 1), contentType: `image/x-${i}` })),
          {
            concurrency: "unbounded"
          }
        )
        for (const [i, id] of ids.entries()) {
          expect(Option.map(yield* assets.get(id), (a) => [a.contentType, same(a.bytes, pattern(1_000 + i, i + 1))]))
            .toEqual(Option.some([`image/x-${i}`, true]))
        }
        const contested = randomId()
        const candidates = Array.from(
          { length: 8 },
          (_, i) => ({ bytes: pattern(2_000 + 500 * i, i + 2), contentType: `image/x-${i}` })
        )
        yield* Effect.all(candidates.map((c) => assets.put(contested, c)), { concurrency: "unbounded" })
        const winner = Option.getOrThrow(yield* assets.get(contested))
        const matches = candidates.filter((c) => c.contentType === winner.contentType && same(c.bytes, winner.bytes))
        expect(matches.length).toBe(1)
      })))

    it.effect("deletes an asset; deleting an unknown one is no error", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        yield* assets.put(id, { bytes: new Uint8Array([1, 2, 3]), contentType: "image/jpeg" })
        yield* assets.delete(id)
        expect(Option.isNone(yield* assets.get(id))).toBe(true)
        yield* assets.delete(id)
        yield* assets.delete(randomId())
      })))

    it.effect("streams in and out: a stream of many chunks is stored whole and read back as the same bytes", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = randomId()
        const bytes = pattern(300_001, 13)
        yield* assets.putStream(id, {
          contentType: "text/html",
          size: bytes.byteLength,
          stream: chunked(bytes, 65_536)
        })
        const whole = Option.getOrThrow(yield* assets.get(id))
        expect([whole.contentType, same(whole.bytes, bytes)]).toEqual(["text/html", true])
        const streamed = Option.getOrThrow(yield* assets.getStream(id))
        expect([streamed.contentType, streamed.size]).toEqual(["text/html", bytes.byteLength])
        expect(same(yield* drain(streamed.stream), bytes)).toBe(true)
        const small = randomId()
        yield* assets.put(small, { bytes: pattern(10, 3), contentType: "image/png" })
        const read = Option.getOrThrow(yield* assets.getStream(small))
        expect([read.size, same(yield* drain(read.stream), pattern(10, 3))]).toEqual([10, true])
        expect(Option.isNone(yield* assets.getStream(randomId()))).toBe(true)
      })))

    it.effect("a stream shorter or longer than announced stores nothing and fails; a streamed put is immutable", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const bytes = pattern(100_000, 17)
        for (const size of [bytes.byteLength + 1, bytes.byteLength - 1]) {
          const id = randomId()
          const exit = yield* Effect.exit(
            assets.putStream(id, { contentType: "image/jpeg", size, stream: chunked(bytes, 10_000) })
          )
          expect(Exit.isFailure(exit)).toBe(true)
          expect(Option.isNone(yield* assets.get(id))).toBe(true)
        }
        const failing = randomId()
        const broken = Stream.concat(
          chunked(bytes.subarray(0, 20_000), 10_000),
          Stream.fail(new Errors.StorageUnavailable({ reason: "source went away" }))
        )
        expect(
          Exit.isFailure(
            yield* Effect.exit(assets.putStream(failing, { contentType: "a/b", size: 30_000, stream: broken }))
          )
        )
          .toBe(true)
        expect(Option.isNone(yield* assets.get(failing))).toBe(true)
        const id = randomId()
        yield* assets.put(id, { bytes: pattern(50, 2), contentType: "image/png" })
        yield* assets.putStream(id, { contentType: "image/webp", size: 1_000, stream: chunked(pattern(1_000, 5), 100) })
        expect(Option.map(yield* assets.get(id), (a) => [a.contentType, same(a.bytes, pattern(50, 2))])).toEqual(
          Option.some(["image/png", true])
        )
      })))

    it.effect("lists ids in ascending order, resumes after a given id, and leaves deleted ones out", () =>
      run(Effect.gen(function*() {
        const assets = yield* AssetStore
        const ids = Array.from({ length: 5 }, randomId)
        for (const id of ids) yield* assets.put(id, { bytes: pattern(5, 1), contentType: "image/png" })
        const gone = ids[4] ?? randomId()
        yield* assets.delete(gone)
        const listed = Chunk.toReadonlyArray(Chunk.fromIterable(yield* Stream.runCollect(assets.list(Option.none()))))
        expect([...listed].sort()).toEqual(listed)
        expect(new Set(listed).size).toBe(listed.length)
        const kept = ids.slice(0, 4).sort()
        expect(kept.every((id) => listed.includes(id))).toBe(true)
        expect(listed.includes(gone)).toBe(false)
        const middle = kept[1] ?? randomId()
        const after = Chunk.toReadonlyArray(
          Chunk.fromIterable(yield* Stream.runCollect(assets.list(Option.some(middle))))
        )
        expect(after).toEqual(listed.filter((id) => id > middle))
      })))
  })
