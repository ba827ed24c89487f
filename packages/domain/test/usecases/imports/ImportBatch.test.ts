/** Imports over the in-memory domain: batches that resume where they stopped, quiet or loud events, text notes. */
import {
  AccountId,
  Actor,
  Bookmark,
  BookmarkId,
  Bookmarks,
  Deliveries,
  Errors,
  Import,
  importBatch,
  ImportId,
  importProgress,
  ImportReader,
  Imports,
  ImportTakenOver,
  Job,
  Jobs,
  LibraryExport,
  Links,
  listImports,
  processJob,
  registerWebhook,
  runImport,
  startImport
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld, page } from "../../support/World.js"

const start = Date.parse("2026-05-01T10:00:00.000Z")

/** A file in our own export format (the reader of the test world reads that one): `n` bookmarks to enrich. */
/** Links as the server builds them, for the exported screenshot fields. */
const links = Links.Links.of({ asset: (id) => `http://127.0.0.1:3000/v1/api/assets/${id}` })

const exportFile = (n: number, kind: "link" | "textNote" = "link") => {
  const records = Array.from({ length: n }, (_, i): Bookmark.Record => ({
    id: BookmarkId.make(`bmk_${i}`),
    accountId: AccountId.make("acc_elsewhere"),
    url: kind === "link" ? `https://site${i % 7}.example.com/page/${i}` : "",
    source: "api",
    createdAt: 1_600_000_000_000 + i * 1_000,
    status: "processing",
    processingError: "",
    callerTags: [],
    note: kind === "link" ? "" : `Idea number ${i}: plant tomatoes beside the basil.`,
    derived: { ...Bookmark.emptyDerived, type: kind === "link" ? "website" : "textNote" },
    overrides: {},
    pageText: ""
  }))
  const text = LibraryExport.jsonHeader(start) +
    records.map((r, i) => LibraryExport.jsonItem(r, i === 0, links)).join("") +
    LibraryExport.jsonFooter
  return new TextEncoder().encode(text)
}

const stored = (id: string) =>
  Effect.flatMap(
    Imports,
    (imports) => Effect.flatMap(imports.get(ImportId.make(id)), (found) => Effect.fromOption(found))
  )

/** Claims and processes every due job of the import lane (no pacing). */
const runImportJobs = Effect.gen(function*() {
  const jobs = yield* Jobs
  const now = yield* Clock.currentTimeMillis
  const claimed = yield* jobs.claim({ now, lease: Job.lease, max: 1_000, lane: "import", hostGap: 0 })
  return yield* Effect.forEach(claimed, processJob)
})

describe("importBatch and runImport", () => {
  it.effect("a run that stopped after its first batch resumes at its position: nothing lost, nothing doubled", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const started = yield* startImport(account.id, exportFile(600), { format: Option.none(), events: false })
        expect(started).toMatchObject({ state: "running", total: 600, read: 0 })
        const record = yield* stored(started.id)
        // The first batch commits, then the worker "crashes": only the stored record survives.
        const afterOne = yield* Effect.flatMap(runOneBatch(record), () => stored(record.id))
        expect([afterOne.position, afterOne.saved]).toEqual([Import.batchSize, Import.batchSize])
        // A worker still holding the old record finds the import moved on: its batch is refused, nothing written.
        const stale = yield* failureOf(runOneBatch(record), ImportTakenOver)
        expect(stale.importId).toBe(record.id)
        const done = yield* runImport(afterOne)
        expect(done).toMatchObject({ state: "done", position: 600, saved: 600, duplicates: 0, failed: 0 })
        const library = yield* (yield* Bookmarks).list(account.id, {
          limit: 10_000,
          before: Option.none(),
          tag: Option.none(),
          type: Option.none(),
          q: Option.none()
        })
        expect(library.length).toBe(600)
        expect(new Set(library.map((b) => b.url)).size).toBe(600)
        expect(yield* (yield* Jobs).pending).toBe(600)
      })
    ))

  it.effect("quiet by default: enriching an import emits no bookmark.saved; events=true emits one per bookmark", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/a" })
        for (let i = 0; i < 3; i++) {
          const url = `https://site${i % 7}.example.com/page/${i}`
          fetcher.script(url, FakePageFetcher.html(url, page(`Page ${i}`)))
        }
        const quiet = yield* startImport(account.id, exportFile(3), { format: Option.none(), events: false })
        yield* runImport(yield* stored(quiet.id))
        expect(yield* runImportJobs).toEqual(["completed", "completed", "completed"])
        expect(yield* (yield* Deliveries).listForWebhook(hook.id)).toEqual([])
        expect(yield* stored(quiet.id)).toMatchObject({ saved: 3, enriched: 3 })

        const other = yield* Fixtures.accountWithKey()
        const otherHook = yield* registerWebhook(other.account.id, { url: "https://hooks.example.com/b" })
        const loud = yield* startImport(other.account.id, exportFile(3), { format: Option.none(), events: true })
        yield* runImport(yield* stored(loud.id))
        yield* runImportJobs
        expect((yield* (yield* Deliveries).listForWebhook(otherHook.id)).map((d) => d.event)).toEqual(
          Array(3).fill("bookmark.saved")
        )
        expect(yield* stored(loud.id)).toMatchObject({ saved: 3, enriched: 3 })
      })
    ))

  it.effect("an imported text note is enriched from its own text, with no page fetched", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const started = yield* startImport(account.id, exportFile(1, "textNote"), {
          format: Option.none(),
          events: false
        })
        yield* runImport(yield* stored(started.id))
        expect(yield* runImportJobs).toEqual(["completed"])
        const [note] = yield* (yield* Bookmarks).list(account.id, {
          limit: 10,
          before: Option.none(),
          tag: Option.none(),
          type: Option.none(),
          q: Option.none()
        })
        expect(note).toMatchObject({ url: "", status: "ready", processingError: "" })
        expect(note?.derived).toMatchObject({
          type: "textNote",
          summary: "Idea number 0: plant tomatoes beside the basil."
        })
        expect(fetcher.calls).toEqual([])
      })
    ))

  it.effect("an import id of an impossible shape, or one that names nothing, is not found", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* failureOf(importProgress(Actor.operator, "imp_\u0000"), Errors.NotFound)
        yield* failureOf(importProgress(Actor.operator, "x".repeat(10_000)), Errors.NotFound)
        yield* failureOf(importProgress(Actor.operator, "imp_nothere"), Errors.NotFound)
      })
    ))

  it.effect("an account sees its own imports, newest first; another account's import is not found (the operator sees any)", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const first = yield* startImport(account.id, exportFile(2), { format: Option.none(), events: false })
        yield* TestClock.adjust(1_000)
        const second = yield* startImport(account.id, exportFile(1), { format: Option.none(), events: true })
        const other = yield* Fixtures.accountWithKey()
        expect((yield* listImports(account.id)).map((p) => p.id)).toEqual([second.id, first.id])
        expect(yield* listImports(other.account.id)).toEqual([])
        expect(yield* importProgress(Actor.account(account.id), first.id)).toMatchObject({
          id: first.id,
          total: 2,
          events: false
        })
        yield* failureOf(importProgress(Actor.account(other.account.id), first.id), Errors.NotFound)
        expect(yield* importProgress(Actor.operator, first.id)).toMatchObject({ id: first.id })
        yield* failureOf(importProgress(Actor.account(account.id), "imp_\u0000"), Errors.NotFound)
      })
    ))
})

/** One batch of `record`'s file, as a worker would run it. */
const runOneBatch = (record: Import.Record) =>
  Effect.gen(function*() {
    const imports = yield* Imports
    const bytes = yield* Effect.flatMap(imports.file(record.id), (found) => Effect.fromOption(found))
    const read = yield* (yield* ImportReader).read(bytes, Option.some(record.format))
    return yield* importBatch(record, read.rows)
  })
