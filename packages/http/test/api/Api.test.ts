import { Errors } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Api } from "../../src/api/Api.js"
import * as T from "../support/TestServer.js"

const client = (key: string) =>
  Effect.flatMap(T.baseUrl, (baseUrl) =>
    HttpApiClient.make(Api, {
      baseUrl,
      transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(key))
    })).pipe(Effect.provide(FetchHttpClient.layer))

layer(T.layer)("Api as a typed client", (it) => {
  describe("HttpApiClient.make(Api)", () => {
    it.effect("saves, reads and lists through the contract", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const api = yield* client(key)
        const ack = yield* api.bookmarks.create({ payload: { url: "https://example.com/typed", tags: ["t"] } })
        expect(ack.status).toBe("processing")
        const full = yield* api.bookmarks.get({ params: { id: ack.id } })
        expect(full).toMatchObject({ id: ack.id, url: "https://example.com/typed", tags: ["t"] })
        const page = yield* api.bookmarks.list({ query: { limit: "10" } })
        expect(page.bookmarks.map((b) => b.id)).toEqual([ack.id])
        const usage = yield* api.usage.get()
        expect(usage.usage.month).toBe(4)
      }))

    it.effect("decodes problems back into the domain's errors", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const api = yield* client(key)
        const missing = yield* Effect.flip(api.bookmarks.get({ params: { id: "bmk_nothing" } }))
        expect(missing).toBeInstanceOf(Errors.NotFound)
        expect(missing).toMatchObject({ resource: "bookmark", id: "bmk_nothing" })
        const invalid = yield* Effect.flip(api.bookmarks.create({ payload: { url: "notaurl" } }))
        expect(invalid).toBeInstanceOf(Errors.InvalidInput)
        expect(invalid).toMatchObject({ field: "url" })
        const anonymous = yield* client("")
        const refused = yield* Effect.flip(anonymous.usage.get())
        expect(refused).toBeInstanceOf(Errors.Unauthenticated)
      }))
  })
})
