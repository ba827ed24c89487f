/**
 * Memory of the zip export (docs/import-export.md, "The export as a zip with the copies"): a library of a few
 * hundred bookmarks, each with a 512 kB HTML copy in the file asset store (a temporary directory), exported as a
 * zip and consumed chunk by chunk; the heap and RSS growth over the export is what a download holds.
 * `node --expose-gc --conditions=@bookmark-library/source --import tsx bench/ExportZip.ts [bookmarks]`
 */
import {
  AccountId,
  Accounts,
  AssetId,
  AssetStore,
  Bookmark,
  BookmarkId,
  Bookmarks,
  exportLibraryZip
} from "@bookmark-library/domain"
import { TestApp } from "@bookmark-library/testkit"
import { Effect, Stream } from "effect"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as FileAssetStore from "../packages/adapters/src/assets/FileAssetStore.js"
import * as FflateZipWriter from "../packages/adapters/src/exports/FflateZipWriter.js"

const BOOKMARKS = Number(process.argv[2] ?? 300)
const COPY_BYTES = 512 * 1024
const MB = 1024 * 1024
const scratch = mkdtempSync(join(tmpdir(), "export-zip-"))

/** Words enough like a page that deflate has work to do, different in every copy. */
const copyOf = (i: number): Uint8Array => {
  const words = randomBytes(COPY_BYTES / 2).toString("base64").match(/.{1,7}/g) ?? []
  const text = `<!doctype html><title>Copy ${i}</title><p>${words.join(" ")}</p>`
  return new TextEncoder().encode(text.slice(0, COPY_BYTES))
}

const sample = () => {
  const m = process.memoryUsage()
  return { heap: m.heapUsed, rss: m.rss }
}

const program = Effect.gen(function*() {
  const accountId = AccountId.make("acc_bench_zip")
  yield* (yield* Accounts).create({ id: accountId, plan: "ultra", createdAt: 0, planChangedAt: 0 })
  const store = yield* AssetStore
  const bookmarks = yield* Bookmarks
  for (let i = 0; i < BOOKMARKS; i++) {
    const asset = AssetId.make(randomBytes(16).toString("hex"))
    const bytes = copyOf(i)
    yield* store.put(asset, { bytes, contentType: "text/html; charset=utf-8" })
    const archive = {
      copy: { asset, takenAt: i, bytes: bytes.length, contentType: "text/html; charset=utf-8", partial: "" },
      problem: ""
    }
    yield* bookmarks.insert({
      id: BookmarkId.make(`bmk_bench${i}`),
      accountId,
      url: `https://example.com/${i}`,
      source: "api",
      now: i + 1,
      status: "ready",
      processingError: "",
      callerTags: ["bench"],
      note: "",
      derived: { ...Bookmark.emptyDerived, title: `Page ${i}`, archive },
      overrides: {},
      pageText: ""
    })
  }
  globalThis.gc?.()
  const base = sample()
  let peak = base
  let bytes = 0
  let chunks = 0
  const started = performance.now()
  const zip = yield* exportLibraryZip(accountId)
  yield* Stream.runForEach(zip, (chunk) =>
    Effect.sync(() => {
      bytes += chunk.length
      if (++chunks % 20 === 0) {
        const now = sample()
        peak = { heap: Math.max(peak.heap, now.heap), rss: Math.max(peak.rss, now.rss) }
      }
    }))
  const seconds = (performance.now() - started) / 1000
  return { seconds, bytes, chunks, heapGrowth: peak.heap - base.heap, rssGrowth: peak.rss - base.rss }
})

const figures = await Effect.runPromise(
  program.pipe(
    Effect.provide(FileAssetStore.layer({ dataDir: scratch })),
    Effect.provide(FflateZipWriter.layer),
    Effect.provide(TestApp.layer())
  )
)
rmSync(scratch, { recursive: true, force: true })
console.log(
  `${BOOKMARKS} bookmarks, copies ${BOOKMARKS * COPY_BYTES / MB} MB: zip ${(figures.bytes / MB).toFixed(1)} MB ` +
    `in ${figures.seconds.toFixed(1)} s (${figures.chunks} chunks); peak growth over the export: heap ` +
    `${(figures.heapGrowth / MB).toFixed(1)} MB, RSS ${(figures.rssGrowth / MB).toFixed(1)} MB`
)
