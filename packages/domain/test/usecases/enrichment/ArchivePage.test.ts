/**
 * Enrichment keeps an archived copy: a page's, a PDF itself; walls are marked, not kept; a refresh keeps the old copy
 * until a new one is taken.
 */
import { AssetId, AssetStore, Bookmarks, getBookmark, refreshBookmark } from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { TestClock } from "effect/testing"
import { inWorld, page, runDueJobs } from "../../support/World.js"

const url = "https://news.example.com/story"
const start = Date.parse("2026-03-01T10:00:00.000Z")

const storedCopy = (id: string) =>
  Effect.gen(function*() {
    const record = Option.getOrThrow(yield* (yield* Bookmarks).get(id as never))
    const asset = record.derived.archive?.copy?.asset ?? ""
    return { record, asset, bytes: yield* (yield* AssetStore).get(AssetId.make(asset)) }
  })

describe("archived copies in enrichment", () => {
  it.effect("a web page keeps the copy its render took, with when it was taken, as a signed link", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Story", "Text")))
        renderer.script(url, page("Story", "Text"))
        renderer.scriptCopy(url, { _tag: "Kept", html: new TextEncoder().encode("<p>copy</p>"), partial: "" })
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        const { asset, bytes } = yield* storedCopy(ack.id)
        expect(done.archive).toBe(`http://127.0.0.1:3000/archive/${asset}?signed`)
        expect(done.archivedAt).toBe("2026-03-01T10:00:00.000Z")
        expect(done.archiveProblem).toBe("")
        expect(Option.map(bytes, (a) => [new TextDecoder().decode(a.bytes), a.contentType])).toEqual(
          Option.some(["<p>copy</p>", "text/html; charset=utf-8"])
        )
      })
    ))

  it.effect("a partial copy says what it leaves out", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Story", "Text")))
        renderer.script(url, page("Story", "Text"))
        renderer.scriptCopy(url, {
          _tag: "Kept",
          html: new TextEncoder().encode("<p>x</p>"),
          partial: "images left out to fit the size cap"
        })
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done.archive).not.toBe("")
        expect(done.archiveProblem).toBe("images left out to fit the size cap")
      })
    ))

  it.effect("a refresh whose capture fails keeps the previous copy and says why; a later success replaces it", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Story", "Text")))
        renderer.script(url, page("Story", "Text"))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const first = yield* storedCopy(ack.id)

        renderer.scriptCopy(url, { _tag: "Missing", reason: "capture timed out after 20s" })
        yield* TestClock.adjust("1 hour")
        yield* refreshBookmark(principal.account.id, ack.id)
        yield* runDueJobs
        const kept = yield* getBookmark(principal.account.id, ack.id)
        expect(kept.archivedAt).toBe("2026-03-01T10:00:00.000Z")
        expect(kept.archiveProblem).toBe("capture timed out after 20s")
        expect((yield* storedCopy(ack.id)).asset).toBe(first.asset)
        expect(Option.isSome(first.bytes)).toBe(true)

        renderer.scriptCopy(url, { _tag: "Kept", html: new TextEncoder().encode("<p>new</p>"), partial: "" })
        yield* refreshBookmark(principal.account.id, ack.id)
        yield* runDueJobs
        const renewed = yield* getBookmark(principal.account.id, ack.id)
        expect(renewed.archivedAt).toBe("2026-03-01T11:00:00.000Z")
        expect(renewed.archiveProblem).toBe("")
        const second = yield* storedCopy(ack.id)
        expect(second.asset).not.toBe(first.asset)
        // The replaced copy's bytes are gone once the bookmark names the new one.
        expect(Option.isNone(yield* (yield* AssetStore).get(AssetId.make(first.asset)))).toBe(true)
      })
    ))

  it.effect("a login wall is marked, not kept as the page", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const wall = page("Sign in", "Sign in to continue").replace(
          "</body>",
          `<form><input name="user"><input type="password" name="pw"></form></body>`
        )
        fetcher.script(url, FakePageFetcher.html(url, wall))
        renderer.script(url, wall)
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done.archive).toBe("")
        expect(done.archiveProblem).toBe("the page is a login wall: not kept as the page")
      })
    ))

  it.effect("a bot challenge is marked, not kept as the page", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Just a moment...", "Checking your browser")))
        renderer.script(url, page("Just a moment..."))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done.archive).toBe("")
        expect(done.archiveProblem).toBe("the page is a bot challenge: not kept as the page")
      })
    ))

  it.effect("a PDF keeps the PDF itself as its copy", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const pdfUrl = "https://papers.example.com/paper.pdf"
        const body = new TextEncoder().encode("%PDF-1.4\n%%EOF\n")
        fetcher.script(pdfUrl, { url: pdfUrl, status: 200, contentType: "application/pdf", body, truncated: false })
        const ack = yield* Fixtures.save(principal, { url: pdfUrl })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done.archive).not.toBe("")
        const { bytes } = yield* storedCopy(ack.id)
        expect(Option.map(bytes, (a) => [a.contentType, a.bytes.byteLength])).toEqual(
          Option.some(["application/pdf", body.byteLength])
        )
      })
    ))
})
