/**
 * `POST /v1/api/bookmarks/with-copy`: a save with the page's copy from the browser (docs/preservation.md, "Copies
 * from the browser"). The copy is kept as the bookmark's archived copy, marked as the browser's, cleaned of scripts;
 * bad inputs answer problem+json: too big 413, not HTML 400, not JSON 415, an unknown member 400, a key without
 * `bookmarks:write` 403, no key 401.
 */
import { AssetId, AssetStore, Bookmark, BookmarkId, Bookmarks, createKey } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect, Option } from "effect"
import * as T from "../support/TestServer.js"

const maxBytes = 100_000
const page = `<!doctype html><html><head><title>Members only</title><script>steal()</script></head>` +
  `<body onload="steal()"><h1>The article</h1><p>Only subscribers read this.</p>` +
  `<a href="javascript:steal()">x</a><img src="data:image/png;base64,iVBORw0KGgo=" onerror="steal()"></body></html>`

const storedCopy = (id: string) =>
  Effect.gen(function*() {
    const record = Option.getOrThrow(yield* (yield* Bookmarks).get(BookmarkId.make(id)))
    const copy = record.derived.archive?.copy
    const asset = Option.getOrThrow(yield* (yield* AssetStore).get(AssetId.make(copy?.asset ?? "")))
    return { copy, html: new TextDecoder().decode(asset.bytes), record }
  })

layer(T.layerWith({}, { archive: { enabled: true, maxBytes } }))("POST /v1/api/bookmarks/with-copy", (it) => {
  it.effect("saves the bookmark with the cleaned copy as its archived copy, captured by the browser", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account()
      const sent = yield* T.request("POST", "/v1/api/bookmarks/with-copy", {
        key,
        json: { url: "https://news.example.com/paid", tags: ["paywall"], note: "read later", html: page }
      })
      expect(sent.status).toBe(201)
      const ack = sent.body as { id: string; url: string; status: string }
      expect(ack).toMatchObject({ url: "https://news.example.com/paid", status: "processing" })
      expect(sent.headers.get("location")).toBe(`/v1/api/bookmarks/${ack.id}`)
      expect(sent.headers.get("x-ratelimit-remaining")).not.toBeNull()
      const { copy, html, record } = yield* storedCopy(ack.id)
      expect(copy).toMatchObject({ capturedBy: "browser", contentType: "text/html; charset=utf-8", partial: "" })
      expect(record.callerTags).toEqual(["paywall"])
      expect(html).toContain("Only subscribers read this.")
      expect(html).toContain("data:image/png;base64,iVBORw0KGgo=")
      expect(html).not.toMatch(/<script|steal\(\)|onload|onerror|javascript:/i)
      const read = yield* T.request("GET", `/v1/api/bookmarks/${ack.id}`, { key })
      expect(read.body).toMatchObject({ archiveCapturedBy: "browser", archivedAt: expect.stringMatching(/Z$/) })
    }))

  describe("bad inputs", () => {
    it.effect("a body over the copy cap plus 64 KiB is 413 payload_too_large, before it is read", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const html = `<!doctype html><p>${"x".repeat(maxBytes + 70_000)}</p>`
        const sent = yield* T.request("POST", "/v1/api/bookmarks/with-copy", {
          key,
          json: { url: "https://example.com/big", html }
        })
        expect(T.problem(sent, 413)).toMatchObject({ code: "payload_too_large", limit: maxBytes + 64 * 1024 })
      }))

    it.effect("a copy over the cap but within the body's room is 400 naming html", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const html = `<!doctype html><p>${"x".repeat(maxBytes + 10)}</p>`
        const sent = yield* T.request("POST", "/v1/api/bookmarks/with-copy", {
          key,
          json: { url: "https://example.com/big", html }
        })
        expect(T.problem(sent, 400)).toMatchObject({ code: "invalid_input", field: "html" })
      }))

    it.effect("a copy that is not an HTML document is 400 naming html, and nothing is saved", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        for (const html of ["%PDF-1.7 binary", "just text", "", "<!doctype html>\u0000"]) {
          const sent = yield* T.request("POST", "/v1/api/bookmarks/with-copy", {
            key,
            json: { url: "https://example.com/not-html", html }
          })
          expect(T.problem(sent, 400)).toMatchObject({ code: "invalid_input", field: "html" })
        }
        const listed = yield* T.request("GET", "/v1/api/bookmarks", { key })
        expect(listed.body).toMatchObject({ bookmarks: [] })
      }))

    it.effect("a body that is not JSON is 415; an unknown member, a bad URL or a missing html are 400", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const raw = yield* T.request("POST", "/v1/api/bookmarks/with-copy", {
          key,
          body: page,
          headers: { "content-type": "text/html" }
        })
        expect(T.problem(raw, 415).code).toBe("unsupported_media_type")
        const cases = [
          { url: "https://example.com/", html: page, title: "mine" },
          { url: "ftp://example.com/", html: page },
          { url: "https://example.com/" }
        ]
        for (const json of cases) {
          const sent = yield* T.request("POST", "/v1/api/bookmarks/with-copy", { key, json })
          expect(T.problem(sent, 400).code).toMatch(/^invalid_/)
        }
      }))

    it.effect("a key without bookmarks:write is 403 insufficient_scope, uncharged; no key is 401", () =>
      Effect.gen(function*() {
        const { account } = yield* T.account()
        const { key } = yield* createKey(account.id, "reader", "api", ["bookmarks:read"])
        const sent = yield* T.request("POST", "/v1/api/bookmarks/with-copy", {
          key,
          json: { url: "https://example.com/", html: page }
        })
        expect(T.problem(sent, 403)).toMatchObject({ code: "insufficient_scope", required: "bookmarks:write" })
        expect(sent.headers.get("x-ratelimit-limit")).toBeNull()
        const anonymous = yield* T.request("POST", "/v1/api/bookmarks/with-copy", {
          json: { url: "https://example.com/", html: page }
        })
        T.problem(anonymous, 401)
      }))
  })

  describe("PUT /v1/api/bookmarks/{id}/copy", () => {
    /** A saved bookmark, enriched (ready) with a copy of the service's own. */
    const readyBookmark = (key: string) =>
      Effect.gen(function*() {
        const saved = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://paper.example/a" } })
        const id = BookmarkId.make((saved.body as { id: string }).id)
        const old = AssetId.make("0123456789abcdef0123456789abcdef")
        yield* (yield* AssetStore).put(old, { bytes: new TextEncoder().encode("<p>wall"), contentType: "text/html" })
        const copy = { asset: old, takenAt: 1, bytes: 7, contentType: "text/html; charset=utf-8", partial: "" }
        yield* (yield* Bookmarks).complete(id, {
          derived: { ...Bookmark.emptyDerived, title: "Sign in", archive: { copy, problem: "" } },
          processingError: "",
          pageText: ""
        })
        return { id, old }
      })

    it.effect("replaces the archived copy with the browser's and enriches again; the old copy's bytes go", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const { id, old } = yield* readyBookmark(key)
        const sent = yield* T.request("PUT", `/v1/api/bookmarks/${id}/copy`, { key, json: { html: page } })
        expect(sent.status).toBe(200)
        expect(sent.body).toEqual({ id, url: "https://paper.example/a", status: "processing" })
        const { copy, html, record } = yield* storedCopy(id)
        expect(copy?.capturedBy).toBe("browser")
        expect(record.status).toBe("processing")
        expect(html).toContain("Only subscribers read this.")
        expect(html).not.toMatch(/<script|onload/i)
        expect(Option.isNone(yield* (yield* AssetStore).get(old))).toBe(true)
      }))

    it.effect("a wrong bookmark: unknown 404, another account's 403, one still processing 400; nothing stored", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const other = yield* T.account()
        const { id } = yield* readyBookmark(other.key)
        const unknown = yield* T.request("PUT", "/v1/api/bookmarks/bmk_unknown/copy", { key, json: { html: page } })
        expect(T.problem(unknown, 404).code).toBe("not_found")
        const foreign = yield* T.request("PUT", `/v1/api/bookmarks/${id}/copy`, { key, json: { html: page } })
        expect(T.problem(foreign, 403).code).toBe("forbidden")
        const processing = yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: "https://e.example/" } })
        const busy = yield* T.request("PUT", `/v1/api/bookmarks/${(processing.body as { id: string }).id}/copy`, {
          key,
          json: { html: page }
        })
        expect(T.problem(busy, 400)).toMatchObject({ code: "invalid_input", field: "html" })
        const kept = yield* storedCopy(id)
        expect(kept.copy?.capturedBy).toBeUndefined()
      }))

    it.effect("too big 413, not HTML 400, a read-only key 403 insufficient_scope", () =>
      Effect.gen(function*() {
        const { account, key } = yield* T.account()
        const { id } = yield* readyBookmark(key)
        const big = yield* T.request("PUT", `/v1/api/bookmarks/${id}/copy`, {
          key,
          json: { html: `<!doctype html><p>${"x".repeat(maxBytes + 70_000)}</p>` }
        })
        expect(T.problem(big, 413).code).toBe("payload_too_large")
        const text = yield* T.request("PUT", `/v1/api/bookmarks/${id}/copy`, { key, json: { html: "plain text" } })
        expect(T.problem(text, 400)).toMatchObject({ code: "invalid_input", field: "html" })
        const reader = yield* createKey(account.id, "reader", "api", ["bookmarks:read"])
        const refused = yield* T.request("PUT", `/v1/api/bookmarks/${id}/copy`, {
          key: reader.key,
          json: { html: page }
        })
        expect(T.problem(refused, 403)).toMatchObject({ code: "insufficient_scope", required: "bookmarks:write" })
        expect((yield* storedCopy(id)).copy?.capturedBy).toBeUndefined()
      }))
  })
})
