/**
 * The storage recount (docs/preservation.md, "Recount"): the reader view's assets are counted like the others, and a
 * recount sets a deliberately wrong count back to the bytes in the store, keeps what is still stored, and changes
 * nothing when run again.
 */
import {
  AssetId,
  AssetStore,
  AssetUsage,
  Bookmark,
  Bookmarks,
  deleteBookmark,
  Markup,
  ReaderCache,
  recountStorage,
  refreshBookmark
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { inWorld, page, runDueJobs, type World } from "../../support/World.js"

const url = "https://news.example.com/story"
const pixel = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3])

/** Reads every page with a paragraph as an article with two images. */
const markup = Markup.of({
  sanitize: (html) => html,
  note: (markdown) => `<p>${markdown}</p>`,
  readable: (html) =>
    html.includes("<p>")
      ? Option.some({
        html: `<p>Readable</p><img data-reader-image="0" alt=""><img data-reader-image="1" alt="">`,
        images: [{ bytes: pixel, contentType: "image/png" }, { bytes: pixel.slice(0, 9), contentType: "image/png" }],
        words: 300
      })
      : Option.none()
})

const sizeOf = (asset: AssetId) =>
  Effect.map(
    Effect.flatMap(AssetStore, (store) => store.get(asset)),
    Option.match({ onNone: () => 0, onSome: (a) => a.bytes.length })
  )

/** The bookmark's assets and those derived from its copy, with what the store holds for them. */
const held = (id: string) =>
  Effect.gen(function*() {
    const record = Option.getOrThrow(yield* (yield* Bookmarks).get(id as never))
    const copy = Bookmark.copyAsset(record)
    const derived = copy === undefined ? [] : yield* ReaderCache.assetsOf(copy)
    let total = 0
    for (const asset of [...Bookmark.assets(record), ...derived]) total += yield* sizeOf(asset)
    return { record, derived, total }
  })

const enriched = Effect.gen(function*() {
  const { principal } = yield* Fixtures.accountWithKey()
  const ack = yield* Fixtures.save(principal, { url })
  yield* runDueJobs
  return { accountId: principal.account.id, id: ack.id }
})

const scripted = (world: World) => {
  world.fetcher.script(url, FakePageFetcher.html(url, page("Story", "Text")))
  world.renderer.script(url, page("Story", "Text"))
  world.renderer.scriptCopy(url, {
    _tag: "Kept",
    html: new TextEncoder().encode(`<p>${"copy ".repeat(400)}</p>`),
    partial: ""
  })
}

describe("storage recount", () => {
  it.effect("counts the reader view's manifest and images, and takes them off with the bookmark", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        scripted(world)
        const { accountId, id } = yield* enriched
        const { derived, total } = yield* held(id)
        // The manifest and both images.
        expect(derived).toHaveLength(3)
        expect(yield* (yield* AssetUsage).used(accountId)).toBe(total)
        yield* deleteBookmark(accountId, id)
        expect(yield* (yield* AssetUsage).used(accountId)).toBe(0)
      }).pipe(Effect.provideService(Markup, markup))
    ))

  it.effect("sets a deliberately wrong count back to the bytes in the store, and a second run changes nothing", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        scripted(world)
        const { accountId, id } = yield* enriched
        const usage = yield* AssetUsage
        // A refresh leaves the first screenshot in the store, counted though no bookmark names it.
        const firstShot = AssetId.make(Option.getOrThrow(yield* (yield* Bookmarks).get(id)).derived.screenshot)
        yield* refreshBookmark(accountId, id)
        yield* runDueJobs
        const { derived, record, total } = yield* held(id)
        const right = total + (yield* sizeOf(firstShot))
        expect(yield* usage.used(accountId)).toBe(right)

        // Wrong three ways: a stored asset not counted (as pictures stored before counting began), a counted asset
        // no longer stored, and a counted asset under a wrong size.
        const uncounted = Bookmark.assets(record)[0]!
        yield* usage.deleted(uncounted)
        const gone = AssetId.make("0123456789abcdef0123456789abcdef")
        yield* usage.stored(gone, accountId, 12_345)
        const image = derived[1]!
        yield* usage.deleted(image)
        yield* usage.stored(image, accountId, 1_000_000)
        const wrong = yield* usage.used(accountId)
        expect(wrong).not.toBe(right)

        const recounted = yield* recountStorage(accountId)
        expect(recounted).toEqual({
          accountId,
          before: wrong,
          bytes: right,
          assets: Bookmark.assets(record).length + derived.length + 1,
          missing: 1
        })
        expect(yield* usage.used(accountId)).toBe(right)
        expect(yield* recountStorage(accountId)).toEqual({ ...recounted, before: right, missing: 0 })

        // The recounted sizes are the ones deletion takes off.
        yield* deleteBookmark(accountId, id)
        expect(yield* usage.used(accountId)).toBe(yield* sizeOf(firstShot))
      }).pipe(Effect.provideService(Markup, markup))
    ))

  it.effect("leaves another account's count and the assets it counts alone", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        scripted(world)
        const mine = yield* enriched
        const other = yield* Fixtures.accountWithKey()
        const usage = yield* AssetUsage
        const theirs = AssetId.make("fedcba9876543210fedcba9876543210")
        yield* (yield* AssetStore).put(theirs, { bytes: pixel, contentType: "image/png" })
        yield* usage.stored(theirs, other.principal.account.id, pixel.length)
        const before = yield* usage.used(mine.accountId)
        expect((yield* recountStorage(mine.accountId)).bytes).toBe(before)
        expect(yield* usage.used(other.principal.account.id)).toBe(pixel.length)
      }).pipe(Effect.provideService(Markup, markup))
    ))

  it.effect("an unknown account is not found", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const failed = yield* Effect.flip(recountStorage("acc_nobody"))
        expect(failed._tag).toBe("NotFound")
      })
    ))
})
