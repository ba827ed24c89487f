/**
 * Importing our zip export (docs/import-export.md, "Importing the zip"): a library with archived copies (an HTML
 * page, a PDF whose bytes hold zip signatures, a copy the zip does not carry), notes, tags, lists, states and edits,
 * exported as a zip and imported into a fresh account, is the same library field by field, each copy a new asset of
 * the account holding the same bytes, counted in its storage; on memory, PGlite and Postgres. Bad zips (truncated,
 * a bomb, names that climb out of a folder, JSON that is not ours, a bookmarks.json that is no JSON) are refused
 * before anything is saved, each with its reason.
 */
import {
  type AccountId,
  Actor,
  addToList,
  Archive,
  AssetId,
  AssetStore,
  AssetUsage,
  Bookmark,
  BookmarkId,
  completeBookmark,
  createList,
  editBookmark,
  Errors,
  exportLibraryZip,
  type ImportFormat,
  Jobs,
  saveBookmark,
  setBookmarkStates,
  Settings
} from "@bookmark-library/domain"
import { External, TestApp, ZipBuilder } from "@bookmark-library/testkit"
import { describe, expect, it, layer } from "@effect/vitest"
import { Effect, Layer, Option, Stream } from "effect"
import { TestClock } from "effect/testing"
import { unzipSync } from "fflate"
import * as FflateZipWriter from "../../src/exports/FflateZipWriter.js"
import * as Harness from "../sql/Harness.js"
import { importFile, library, newAccount, services, text } from "./ImportSupport.js"

const { deflatedZeros, zipOf } = ZipBuilder

const start = Date.parse("2026-05-01T08:00:00.000Z")
const page = new TextEncoder().encode("<!doctype html><html><body><h1>A page</h1><p>kept ✓</p></body></html>")
// A PDF's bytes may hold what looks like zip signatures: the reader goes by the zip's directory, not by scanning.
const pdf = new Uint8Array([
  ...new TextEncoder().encode("%PDF-1.7\n"),
  0x50,
  0x4b,
  0x03,
  0x04,
  0x50,
  0x4b,
  0x07,
  0x08,
  ...Array.from({ length: 5000 }, (_, i) => (i * 31) & 0xff),
  ...new TextEncoder().encode("\n%%EOF\n")
])

const withCopy = (bookmarkId: string, asset: string, bytes: Uint8Array, contentType: string, takenAt: number) =>
  Effect.gen(function*() {
    yield* (yield* AssetStore).put(AssetId.make(asset), { bytes, contentType })
    const derived: Bookmark.Derived = {
      ...Bookmark.emptyDerived,
      title: `Title of ${asset.slice(0, 4)}`,
      description: "Described",
      type: contentType === "application/pdf" ? "pdf" : "article",
      summary: "A summary.",
      tags: ["generated"],
      archive: Archive.taken({ asset, takenAt, bytes: bytes.length, contentType, partial: "" })
    }
    yield* completeBookmark(BookmarkId.make(bookmarkId), { derived, processingError: "", pageText: "" }, Option.none())
  })

/** A library with copies: the page, the PDF, one whose copy was deleted before the export, and one without. */
const seedLibrary = (account: AccountId) =>
  Effect.gen(function*() {
    const a = yield* saveBookmark(
      account,
      { url: "https://example.com/page", tags: ["Reading"], note: "mine ✓" },
      "api"
    )
    yield* TestClock.adjust("1 second")
    const b = yield* saveBookmark(account, { url: "https://example.com/paper.pdf", tags: ["papers"] }, "api")
    yield* TestClock.adjust("1 second")
    const c = yield* saveBookmark(account, { url: "https://example.com/gone" }, "app")
    yield* TestClock.adjust("1 second")
    // The same page twice: a restore keeps both, each with its own copy.
    const d = yield* saveBookmark(account, { url: "https://example.com/page", note: "second look" }, "api")
    yield* TestClock.adjust("1 second")
    yield* saveBookmark(account, { url: "https://example.com/plain" }, "api")
    yield* withCopy(a.id, "a0".repeat(16), page, "text/html; charset=utf-8", start + 10)
    yield* withCopy(b.id, "b0".repeat(16), pdf, "application/pdf", start + 20)
    yield* withCopy(c.id, "c0".repeat(16), page, "text/html; charset=utf-8", start + 30)
    yield* withCopy(d.id, "d0".repeat(16), new Uint8Array([...page, 0x21]), "text/html; charset=utf-8", start + 40)
    // The third copy is gone by the time of the export (a refresh deleted it): the JSON names it, the zip has none.
    yield* (yield* AssetStore).delete(AssetId.make("c0".repeat(16)))
    yield* editBookmark(Actor.operator, b.id, { title: "My paper", tags: ["edited"] })
    yield* setBookmarkStates(Actor.operator, a.id, { favourite: true, archived: true })
    const list = yield* createList(account, { name: "Keep" })
    yield* addToList(account, list.id, [a.id, b.id])
  })

const zipOfLibrary = (account: AccountId) =>
  Effect.flatMap(
    exportLibraryZip(account),
    (stream) => Effect.map(Stream.runCollect(stream), (chunks) => new Uint8Array(Buffer.concat([...chunks])))
  )

/** The bookmarks of our JSON export without what differs by nature: ids and what names the copies' assets. */
const comparable = (json: string): ReadonlyArray<Record<string, unknown>> => {
  const parsed: { readonly bookmarks: ReadonlyArray<Record<string, unknown>> } = JSON.parse(json)
  return parsed.bookmarks.map(({ id: _id, archive: _archive, copyFile: _copyFile, derived: _derived, ...rest }) =>
    // The copy the zip lacked is gone from the restored bookmark (its archive says why, as checked above).
    rest["url"] === "https://example.com/gone" ? { ...rest, archivedAt: "", archiveProblem: "" } : rest
  )
}

const copyOf = (record: Bookmark.Record) =>
  Effect.gen(function*() {
    const asset = Bookmark.copyAsset(record)
    if (asset === undefined) return undefined
    return Option.getOrUndefined(yield* (yield* AssetStore).get(asset))
  })

const roundTrip = Effect.gen(function*() {
  yield* TestClock.setTime(start)
  const first = yield* newAccount
  yield* seedLibrary(first)
  const zip = yield* zipOfLibrary(first)
  const second = yield* newAccount
  const jobsBefore = yield* Effect.flatMap(Jobs, (jobs) => jobs.pending)
  const progress = yield* importFile(second, zip)
  expect(progress).toMatchObject({ format: "zip", duplicatePolicy: "keep", total: 5, saved: 5, failed: 0 })
  // The copy the zip lacked: the bookmark is saved, the import says what was not.
  expect(progress.failures).toEqual([{
    position: "bookmarks[2]",
    reason: `saved without its archived copy: copies/${"c0".repeat(16)}.html is not in the zip`
  }])
  // Restored copies are not fetched or captured again: one job only, for the bookmark exported still processing
  // without a copy.
  expect(yield* Effect.flatMap(Jobs, (jobs) => jobs.pending)).toBe(jobsBefore + 1)

  const before = yield* library(first)
  const after = yield* library(second)
  expect(after.map((r) => r.url)).toEqual(before.map((r) => r.url))
  for (const [i, restored] of after.entries()) {
    const original = before[i]!
    expect(restored.id).not.toBe(original.id)
    expect(restored.source).toBe("import")
    expect({ ...restored, id: "", accountId: "", source: "", derived: { ...restored.derived, archive: undefined } })
      .toEqual({
        ...original,
        id: "",
        accountId: "",
        source: "",
        derived: { ...original.derived, archive: undefined }
      })
    const copy = yield* copyOf(restored)
    const originalCopy = yield* copyOf(original)
    if (originalCopy === undefined) {
      expect(copy).toBeUndefined()
      continue
    }
    expect(Bookmark.copyAsset(restored)).not.toBe(Bookmark.copyAsset(original))
    expect(Buffer.from(copy!.bytes).equals(Buffer.from(originalCopy.bytes))).toBe(true)
    expect(copy!.contentType).toBe(originalCopy.contentType)
    expect(restored.derived.archive).toEqual({
      ...original.derived.archive,
      copy: { ...original.derived.archive!.copy!, asset: Bookmark.copyAsset(restored) }
    })
  }
  const gone = after.find((r) => r.url === "https://example.com/gone")!
  expect(gone.derived.archive).toEqual({
    problem: `the copy was not restored from the zip: copies/${"c0".repeat(16)}.html is not in the zip`
  })
  // Storage counts the restored copies: the page twice (one a byte longer) and the PDF.
  expect(yield* Effect.flatMap(AssetUsage, (usage) => usage.used(second))).toBe(page.length * 2 + 1 + pdf.length)

  // Field by field through the export: the same library, asset ids and the gone copy aside.
  const again = yield* zipOfLibrary(second)
  const files = unzipSync(again)
  const json = (bytes: Uint8Array | undefined) => comparable(new TextDecoder().decode(bytes))
  const original = json(unzipSync(zip)["bookmarks.json"])
  const restored = json(files["bookmarks.json"])
  // (`derived` is compared on the records above, the copies' asset ids aside.)
  expect(restored).toEqual(original)
  expect(Object.keys(files).filter((name) => name.startsWith("copies/"))).toHaveLength(3)
  return { zip, second }
})

const problemOf = (accountId: AccountId, bytes: Uint8Array, format?: ImportFormat.ImportFormat) =>
  Effect.map(Effect.flip(importFile(accountId, bytes, format === undefined ? {} : { format })), (e) => {
    expect(e).toBeInstanceOf(Errors.InvalidInput)
    return e instanceof Errors.InvalidInput ? `${e.field}: ${e.reason}` : String(e)
  })

const envelope = (bookmarks: ReadonlyArray<unknown>) =>
  text(
    JSON.stringify({ format: "bookmark-library-export", version: 1, exportedAt: "2026-05-01T08:00:00.000Z", bookmarks })
  )

describe("importing the zip export", () => {
  it.effect("memory: zip → fresh account: the same bookmarks and the same copies", () =>
    Effect.provide(Effect.asVoid(roundTrip), Layer.merge(services(TestApp.storage), FflateZipWriter.layer)))

  it.effect("bad zips are refused with their reason, and nothing is saved", () =>
    Effect.provide(
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const first = yield* newAccount
        yield* seedLibrary(first)
        const zip = yield* zipOfLibrary(first)
        const account = yield* newAccount
        expect(yield* problemOf(account, zip.subarray(0, Math.floor(zip.length * 0.8)))).toBe(
          "file: is not a readable zip file (truncated or damaged)"
        )
        expect(yield* problemOf(account, zip.subarray(0, zip.length - 30), "zip")).toBe(
          "file: is not a readable zip file (truncated or damaged)"
        )
        // Entries of 20 MiB of zeros, a few kB each: together past the 512 MiB bound.
        const zeros = deflatedZeros(20 * 1024 * 1024)
        const bomb = zipOf([
          { name: "bookmarks.json", data: envelope([]) },
          ...Array.from(
            { length: 26 },
            (_, i) => ({ name: `copies/${i.toString(16).padStart(32, "0")}.html`, deflated: zeros })
          )
        ])
        expect(bomb.length).toBeLessThan(2 * 1024 * 1024)
        expect(yield* problemOf(account, bomb)).toBe("file: expands to more than 512 MiB: refused as a zip bomb")
        for (const name of ["../evil.html", "copies/../../etc/passwd", "/abs.html", "copies\\win.html", "C:/x.html"]) {
          expect(
            yield* problemOf(account, zipOf([{ name: "bookmarks.json", data: envelope([]) }, { name, data: page }]))
          )
            .toBe(`file: holds a file with an unsafe name ('${name}'): refused whole`)
        }
        expect(yield* problemOf(account, zipOf([{ name: "bookmarks.json", data: text(`{"bookmarks": []}`) }]), "zip"))
          .toMatch(/^file: holds a bookmarks\.json that is not an export of this service: /)
        expect(yield* problemOf(account, zipOf([{ name: "bookmarks.json", data: text("{ not json") }]), "zip"))
          .toMatch(/^file: holds a bookmarks\.json that is not valid JSON/)
        expect(yield* problemOf(account, zipOf([{ name: "other.json", data: envelope([]) }]), "zip")).toBe(
          "file: is a zip without bookmarks.json: not an export of this service"
        )
        // A zip without bookmarks.json is detected as Pocket's and refused as such.
        expect(yield* problemOf(account, zipOf([{ name: "notes.txt", data: page }]))).toBe(
          "file: is a zip file without a CSV file in it"
        )
        expect(yield* library(account)).toEqual([])
      }),
      Layer.merge(services(TestApp.storage), FflateZipWriter.layer)
    ), { timeout: 120_000 })

  it.effect("a copy over the copy cap, or a copyFile that is no file of the export, leaves the bookmark without it", () =>
    Effect.provide(
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const account = yield* newAccount
        const item = (url: string, copyFile: string) => ({
          id: "bkm_x",
          url,
          title: "",
          description: "",
          type: "website",
          tags: [],
          generatedTags: [],
          note: "",
          summary: "",
          image: "",
          screenshot: "",
          favicon: "",
          createdAt: "2026-04-01T08:00:00.000Z",
          status: "ready",
          processingError: "",
          archive: "",
          archivedAt: "",
          archiveProblem: "",
          saved: { tags: [], note: "" },
          derived: Bookmark.emptyDerived,
          edits: {},
          copyFile
        })
        const big = new Uint8Array(1024 * 1024 + 1).fill(0x41)
        const zip = zipOf([
          {
            name: "bookmarks.json",
            data: envelope([
              item("https://example.com/big", `copies/${"e0".repeat(16)}.html`),
              item("https://example.com/odd", "../x.html")
            ])
          },
          { name: `copies/${"e0".repeat(16)}.html`, data: big }
        ])
        const progress = yield* importFile(account, zip)
        expect(progress).toMatchObject({ format: "zip", saved: 2, failed: 0 })
        expect(progress.failures.map((f) => f.reason)).toEqual([
          `saved without its archived copy: copies/${
            "e0".repeat(16)
          }.html is larger than the copy cap (1 MiB, ARCHIVE_MAX_BYTES)`,
          "saved without its archived copy: copyFile '../x.html' is not a file name of this export"
        ])
        expect((yield* library(account)).map((r) => Bookmark.copyAsset(r))).toEqual([undefined, undefined])
        expect(yield* Effect.flatMap(AssetUsage, (usage) => usage.used(account))).toBe(0)
      }),
      services(TestApp.storage, Settings.layer({ archive: { enabled: true, maxBytes: 1024 * 1024 } }))
    ))
})

const database = Harness.pglite()
describe("importing the zip export on PGlite", () => {
  layer(Layer.merge(services(Harness.shared(Harness.pgliteStorage(database))), FflateZipWriter.layer), {
    timeout: 120_000
  })((it) => {
    it.effect("zip → fresh account: the same bookmarks and the same copies", () => Effect.asVoid(roundTrip))
  })
})

const postgres = External.needs("TEST_DATABASE_URL")
describe.runIf(postgres.run)("importing the zip export on Postgres", () => {
  layer(Layer.merge(services(Harness.shared(Harness.postgresStorage(postgres.value))), FflateZipWriter.layer), {
    timeout: 120_000
  })((it) => {
    it.effect("zip → fresh account: the same bookmarks and the same copies", () => Effect.asVoid(roundTrip))
  })
})
