import { AssetId, AssetStore, Links } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as AssetLinks from "../../src/server/AssetLinks.js"
import * as T from "../support/TestServer.js"

layer(T.layer)("AssetsApi", (it) => {
  describe("GET /v1/api/assets/:id", () => {
    it.effect("serves the stored bytes with their content type and immutable caching, without a key", () =>
      Effect.gen(function*() {
        const assets = yield* AssetStore
        const id = AssetId.make("0123456789abcdef0123456789abcdef")
        const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255])
        yield* assets.put(id, { bytes, contentType: "image/png" })
        const base = yield* T.baseUrl
        const response = yield* Effect.promise(() => fetch(`${base}/v1/api/assets/${id}`))
        const body = new Uint8Array(yield* Effect.promise(() => response.arrayBuffer()))
        expect(response.status).toBe(200)
        expect(response.headers.get("content-type")).toBe("image/png")
        expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable")
        expect(response.headers.get("x-ratelimit-limit")).toBeNull()
        expect(response.headers.get("content-length")).toBe(String(bytes.byteLength))
        expect([...body]).toEqual([...bytes])
      }))

    it.effect("the links in answers are PUBLIC_URL + this route: the link of a stored asset serves it", () =>
      Effect.gen(function*() {
        const id = AssetId.make("fedcba9876543210fedcba9876543210")
        yield* (yield* AssetStore).put(id, { bytes: new Uint8Array([1, 2, 3]), contentType: "image/jpeg" })
        expect((yield* Links.Links).asset(id)).toBe(`${T.publicUrl}/v1/api/assets/${id}`)
        expect(AssetLinks.link("https://bookmarks.example.com/", id)).toBe(
          `https://bookmarks.example.com/v1/api/assets/${id}`
        )
        const link = AssetLinks.link(yield* T.baseUrl, id)
        const response = yield* Effect.promise(() => fetch(link))
        expect([response.status, [...new Uint8Array(yield* Effect.promise(() => response.arrayBuffer()))]]).toEqual([
          200,
          [1, 2, 3]
        ])
      }))

    it.effect("answers 404 problems for unknown and impossible ids", () =>
      Effect.gen(function*() {
        expect(T.problem(yield* T.request("GET", "/v1/api/assets/ffffffffffffffffffffffffffffffff"), 404).code).toBe(
          "not_found"
        )
        expect(T.problem(yield* T.request("GET", "/v1/api/assets/..%2F..%2Fetc%2Fpasswd"), 404).code).toBe("not_found")
        expect(T.problem(yield* T.request("GET", "/v1/api/assets/XYZ"), 404).code).toBe("not_found")
      }))
  })
})
