/**
 * The edge against hostile input, on a real listener over the in-memory domain: text the service does not accept is
 * `invalid_text` naming the member, bodies that are no JSON object are 400, deep nesting is refused before anything
 * walks it, impossible ids are 404, and none of it stores anything. (The same requests run on PGlite and Postgres in
 * packages/cli/test/api, where they once answered 500.)
 */
import { Page } from "@bookmark-library/domain"
import { describe, expect, it as test, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as JsonDepth from "../../src/middleware/JsonDepth.js"
import * as T from "../support/TestServer.js"

const json = { "content-type": "application/json" }

const nothingStored = (key: string) =>
  Effect.map(
    T.request("GET", "/v1/api/bookmarks", { key }),
    (sent) => expect(T.decode(Page, sent).bookmarks).toEqual([])
  )

describe("JsonDepth.exceeds", () => {
  test("counts arrays and objects, not brackets inside strings or escaped quotes", () => {
    expect(JsonDepth.exceeds("{\"a\":[[1]]}", 3)).toBe(false)
    expect(JsonDepth.exceeds("{\"a\":[[[1]]]}", 3)).toBe(true)
    expect(JsonDepth.exceeds("{\"a\":\"[[[[[[[[\"}", 1)).toBe(false)
    expect(JsonDepth.exceeds("{\"a\":\"\\\"[[[[\"}", 1)).toBe(false)
    expect(JsonDepth.exceeds("[".repeat(100_000), 32)).toBe(true)
    expect(JsonDepth.exceeds("[]".repeat(100_000), 1)).toBe(false)
  })
})

layer(T.layer)("Hostile input at the edge", (it) => {
  it.effect("NUL or a lone surrogate in any member is invalid_text naming it", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account("ultra")
      const bodies: ReadonlyArray<readonly [string, string, string]> = [
        ["/v1/api/bookmarks", "{\"url\":\"https://e.com/\\u0000\"}", "url"],
        ["/v1/api/bookmarks", "{\"url\":\"https://e.com/\",\"note\":\"\\ud800\"}", "note"],
        ["/v1/api/bookmarks", "{\"url\":\"https://e.com/\",\"tags\":[\"ok\",\"\\udc00\"]}", "tags.1"],
        ["/v1/api/bookmarks", "{\"url\":\"https://e.com/\",\"tags\":\"a,\\u0000\"}", "tags"],
        ["/v1/api/webhooks", "{\"url\":\"https://e.com/\",\"description\":\"\\u0000\"}", "description"],
        ["/v1/api/webhooks", "{\"url\":\"https://e.com/\",\"events\":[\"\\ud800\"]}", "events.0"]
      ]
      for (const [path, body, field] of bodies) {
        const sent = yield* T.request("POST", path, { key, body, headers: json })
        expect(T.problem(sent, 400), body).toMatchObject({ code: "invalid_text", field })
      }
      for (const name of ["q", "tag", "type", "before", "limit", "url"]) {
        const sent = yield* T.request("GET", `/v1/api/bookmarks?${name}=x%00`, { key })
        expect(T.problem(sent, 400)).toMatchObject({ code: "invalid_text", field: name })
      }
      yield* nothingStored(key)
    }))

  it.effect("a blank body is malformed JSON; a JSON value that is not an object names the body", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account("ultra")
      for (const body of [" ", "\n", "\r\n\t"]) {
        const sent = yield* T.request("POST", "/v1/api/bookmarks", { key, body, headers: json })
        expect(T.problem(sent, 400).code).toBe("malformed_json")
      }
      for (const body of ["null", "[]", "\"https://e.com/\"", "7", "false"]) {
        const sent = yield* T.request("POST", "/v1/api/webhooks", { key, body, headers: json })
        expect(T.problem(sent, 400), body).toMatchObject({
          code: "invalid_input",
          field: "body",
          detail: "body: must be a JSON object"
        })
      }
      yield* nothingStored(key)
    }))

  it.effect("nesting deeper than 32 is refused as json_too_deep, quickly and on every JSON endpoint", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account("ultra")
      const deep = `{"url":${"[".repeat(20_000)}${"]".repeat(20_000)}}`
      for (const path of ["/v1/api/bookmarks", "/v1/api/webhooks"]) {
        const sent = yield* T.request("POST", path, { key, body: deep, headers: json })
        expect(T.problem(sent, 400)).toMatchObject({ code: "json_too_deep", limit: 32 })
      }
      const admin = yield* T.request("POST", "/admin/accounts", { body: deep, headers: { ...json, ...T.admin } })
      expect(T.problem(admin, 400).code).toBe("json_too_deep")
      const fine = yield* T.request("POST", "/v1/api/bookmarks", {
        key,
        json: { url: "https://e.com/", tags: ["a", "b"] }
      })
      expect(fine.status).toBe(201)
    }))

  it.effect("unknown members are refused by name; a declared non-JSON type is 415 even without a body", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account("ultra")
      const titled = yield* T.request("POST", "/v1/api/bookmarks", {
        key,
        json: { url: "https://e.com/", title: "mine" }
      })
      expect(T.problem(titled, 400)).toMatchObject({ code: "invalid_input", field: "title" })
      const proto = yield* T.request("POST", "/v1/api/bookmarks", {
        key,
        body: "{\"url\":\"https://e.com/\",\"__proto__\":{}}",
        headers: json
      })
      expect(T.problem(proto, 400)).toMatchObject({ field: "__proto__" })
      const multipart = yield* T.request("POST", "/v1/api/bookmarks", {
        key,
        body: "",
        headers: { "content-type": "multipart/form-data; boundary=x" }
      })
      expect(T.problem(multipart, 415).code).toBe("unsupported_media_type")
      yield* nothingStored(key)
    }))

  it.effect("ids that cannot exist are 404, and a repeated parameter is 400 naming it", () =>
    Effect.gen(function*() {
      const { key } = yield* T.account("ultra")
      for (
        const [method, path] of [["GET", "/v1/api/bookmarks/bmk_1%00"], ["DELETE", "/v1/api/webhooks/%00"], [
          "POST",
          "/v1/api/webhooks/%E2%82%AC/test"
        ]] as const
      ) {
        expect(T.problem(yield* T.request(method, path, { key }), 404).code).toBe("not_found")
      }
      expect(T.problem(yield* T.request("GET", "/admin/accounts/acc%00", { headers: T.admin }), 404).code).toBe(
        "not_found"
      )
      const twice = yield* T.request("GET", "/v1/api/bookmarks?limit=1&limit=2", { key })
      expect(T.problem(twice, 400)).toMatchObject({
        field: "limit",
        detail: "limit: must be given once, as a single value"
      })
    }))
})
