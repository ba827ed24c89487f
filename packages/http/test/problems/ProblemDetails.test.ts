import { Page } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as T from "../support/TestServer.js"

/** Node's fetch streams a request body only in half-duplex mode. */
type Streamed = RequestInit & { readonly duplex: "half" }

const nothingStored = (key: string) =>
  Effect.map(
    T.request("GET", "/v1/api/bookmarks", { key }),
    (sent) => expect(T.decode(Page, sent).bookmarks).toEqual([])
  )

layer(T.layer)("ProblemDetails: every non-2xx is application/problem+json", (it) => {
  describe("routing", () => {
    it.effect("an unknown route is a 404 problem", () =>
      Effect.gen(function*() {
        for (const path of ["/", "/v1/api/nothing", "/v1/api/bookmarks/a/b", "/v2/api/bookmarks"]) {
          expect(T.problem(yield* T.request("GET", path), 404)).toMatchObject({ code: "not_found" })
        }
      }))

    it.effect("a known path with another method is a 405 problem with Allow", () =>
      Effect.gen(function*() {
        const put = yield* T.request("PUT", "/v1/api/bookmarks", { json: {} })
        expect(T.problem(put, 405).code).toBe("method_not_allowed")
        expect(put.headers.get("allow")).toBe("GET, POST, HEAD")
        const patch = yield* T.request("PATCH", "/v1/api/webhooks/whk_1")
        T.problem(patch, 405)
        expect(patch.headers.get("allow")).toBe("DELETE")
      }))
  })

  describe("request bodies", () => {
    it.effect("malformed JSON is a 400 and stores nothing", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const sent = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          body: "{\"url\": \"https://e.com\"",
          headers: { "content-type": "application/json" }
        })
        expect(T.problem(sent, 400).code).toBe("malformed_json")
        yield* nothingStored(key)
      }))

    it.effect("a body that starts with a byte-order mark is malformed JSON (a BOM is not JSON) and stores nothing", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const body = "\ufeff{\"url\": \"https://e.com/\"}"
        const sent = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          body,
          headers: { "content-type": "application/json" }
        })
        expect(T.problem(sent, 400).code).toBe("malformed_json")
        yield* nothingStored(key)
      }))

    it.effect("a 70 KiB body is a 413 and stores nothing", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const sent = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://e.com/", note: "n".repeat(70 * 1024) }
        })
        expect(T.problem(sent, 413)).toMatchObject({ code: "payload_too_large", limit: 65536 })
        yield* nothingStored(key)
      }))

    it.effect("a streamed (chunked) body over 64 KiB is cut off while reading with a 413", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const base = yield* T.baseUrl
        const chunk = new TextEncoder().encode(`{"url":"https://e.com/","note":"${"n".repeat(16 * 1024)}`)
        const sent = yield* Effect.promise(async () => {
          let sentChunks = 0
          const body = new ReadableStream<Uint8Array>({
            pull(controller) {
              if (sentChunks++ < 6) controller.enqueue(chunk)
              else controller.close()
            }
          })
          const init: Streamed = {
            method: "POST",
            headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
            body,
            duplex: "half"
          }
          const response = await fetch(`${base}/v1/api/bookmarks`, init)
          return { status: response.status, type: response.headers.get("content-type"), text: await response.text() }
        }).pipe(Effect.catchDefect(() => Effect.succeed({ status: 0, type: null, text: "connection closed" })))
        // The server stops reading at the limit and drops the upload; a client still sending sees the
        // connection close (as with most servers), one that waits sees the 413.
        expect([413, 0]).toContain(sent.status)
        if (sent.status === 413) expect(sent.type).toBe("application/problem+json")
        yield* nothingStored(key)
        const small = new TextEncoder().encode(JSON.stringify({ url: "https://e.com/streamed" }))
        const init: Streamed = {
          method: "POST",
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: new ReadableStream<Uint8Array>({ start: (c) => (c.enqueue(small), c.close()) }),
          duplex: "half"
        }
        const accepted = yield* Effect.promise(() => fetch(`${base}/v1/api/bookmarks`, init).then((r) => r.status))
        expect(accepted).toBe(201)
      }))

    it.effect("a body that is not JSON is a 415 and stores nothing", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const plain = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          body: "https://e.com/",
          headers: { "content-type": "text/plain" }
        })
        expect(T.problem(plain, 415).code).toBe("unsupported_media_type")
        const form = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          body: "url=https%3A%2F%2Fe.com%2F",
          headers: { "content-type": "application/x-www-form-urlencoded" }
        })
        T.problem(form, 415)
        yield* nothingStored(key)
      }))

    it.effect("JSON with a charset is accepted; another +json type is a 415", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const charset = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://e.com/1" },
          headers: { "content-type": "Application/JSON; charset=utf-8" }
        })
        expect(charset.status).toBe(201)
        const merge = yield* T.request("POST", "/v1/api/bookmarks", {
          key,
          json: { url: "https://e.com/2" },
          headers: { "content-type": "application/merge-patch+json" }
        })
        T.problem(merge, 415)
      }))

    it.effect("a JSON value of the wrong shape is a 400 naming the field", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        expect(T.problem(yield* T.request("POST", "/v1/api/bookmarks", { key, json: [1, 2] }), 400).code).toBe(
          "invalid_input"
        )
        expect(T.problem(yield* T.request("POST", "/v1/api/bookmarks", { key, json: { url: 42 } }), 400)).toMatchObject(
          { field: "url" }
        )
        yield* nothingStored(key)
      }))
  })

  describe("faults", () => {
    it.effect("a defect is a 500 with a generic detail; the cause is logged, never sent", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const { logs } = yield* T.TestControls
        const sent = yield* T.request("GET", `/v1/api/bookmarks/${T.boomId}`, { key })
        const body = T.problem(sent, 500)
        expect(body.code).toBe("internal_error")
        expect(sent.text).not.toContain("hunter2")
        expect(sent.text).not.toContain("secret")
        expect(sent.headers.get("x-ratelimit-remaining")).toBe("59")
        expect(logs.some((line) => line.level === "ERROR" && line.text.includes(T.secretDefect))).toBe(true)
      }))

    it.effect("an unhealthy store makes /health a 503 problem without the adapter's reason", () =>
      Effect.gen(function*() {
        const { health } = yield* T.TestControls
        const ok = yield* T.request("GET", "/health")
        expect(ok.status).toBe(200)
        expect(ok.body).toEqual({ status: "ok" })
        health.healthy = false
        const down = yield* T.request("GET", "/health")
        health.healthy = true
        expect(T.problem(down, 503).code).toBe("storage_unavailable")
        expect(down.text).not.toContain("database down")
      }))
  })
})
