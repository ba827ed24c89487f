/**
 * Every malformed request (docs/api.md, "Errors") and the transport-level refusals: a problem+json body with
 * {type,title,status,detail,code}, and nothing stored (the library reads the same afterwards).
 */
import { beforeAll, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { expectProblem } from "../support/ApiExpect.js"
import type { Page } from "../support/ApiPaging.js"
import type { ApiContext } from "../support/ApiService.js"
import type { Client } from "../support/Client.js"

interface BadRequest {
  readonly method: string
  readonly path: string
  readonly body?: unknown
  readonly raw?: string
  readonly contentType?: string
}

const post = (body: unknown): BadRequest => ({ method: "POST", path: "/v1/api/bookmarks", body })
const list = (query: string): BadRequest => ({ method: "GET", path: `/v1/api/bookmarks?${query}` })

const cases: ReadonlyArray<readonly [string, number, string, BadRequest]> = [
  ["a save without url", 400, "invalid_input", post({ tags: ["x"], note: "no url" })],
  ["a javascript: url", 400, "invalid_input", post({ url: "javascript:alert(1)" })],
  ["a 2,049-character url", 400, "invalid_input", post({ url: "https://example.com/" + "a".repeat(2049 - 20) })],
  ["33 tags", 400, "invalid_input", post({ url: "https://example.com/", tags: Array.from({ length: 33 }, (_, i) => `t${i}`) })],
  ["a 65-character tag", 400, "invalid_input", post({ url: "https://example.com/", tags: ["x".repeat(65)] })],
  ["a note over 10,000 characters", 400, "invalid_input", post({ url: "https://example.com/", note: "n".repeat(10_001) })],
  ["a url that is not a string", 400, "invalid_input", post({ url: 42 })],
  ["limit=0", 400, "invalid_input", list("limit=0")],
  ["limit=abc", 400, "invalid_input", list("limit=abc")],
  ["a before that is not a timestamp", 400, "invalid_input", list("before=yesterday")],
  ["an unknown type", 400, "invalid_input", list("type=podcast")],
  ["malformed JSON", 400, "malformed_json", { method: "POST", path: "/v1/api/bookmarks", raw: "{\"url\": \"https://example.com/\"", contentType: "application/json" }],
  ["a 70 KiB body", 413, "payload_too_large", post({ url: "https://example.com/", note: "n".repeat(70 * 1024) })],
  ["a text/plain body", 415, "unsupported_media_type", { method: "POST", path: "/v1/api/bookmarks", raw: "url=https://example.com/", contentType: "text/plain" }],
  ["PUT on /bookmarks", 405, "method_not_allowed", { method: "PUT", path: "/v1/api/bookmarks", body: { url: "https://example.com/" } }],
  ["an unknown route", 404, "not_found", { method: "GET", path: "/v1/api/bookmarkz" }]
]

const send = (client: Client, key: string, request: BadRequest) =>
  client.request(request.method, request.path, {
    key,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.raw === undefined ? {} : { raw: request.raw }),
    ...(request.contentType === undefined ? {} : { headers: { "content-type": request.contentType } })
  })

export const register = (context: () => ApiContext) => {
  let key = ""
  let before: Page | undefined

  beforeAll(async () => {
    const { client } = context().service
    key = (await ApiAccounts.create(client, "ultra")).key
    for (const url of ["https://example.com/one", "https://example.com/two"]) {
      const saved = await client.api("POST", "/bookmarks", key, { url, tags: "kept" })
      if (saved.status !== 201) throw new Error(saved.text)
      // Processing finished, so the only thing that could change the library is a bad request.
      await client.ready(key, saved.body.id)
    }
    before = (await client.api<Page>("GET", "/bookmarks", key)).body
  })

  it.each(cases)("answers %s with %i %s and stores nothing", async (_label, status, code, request) => {
    const { client } = context().service
    const answer = await send(client, key, request)
    expectProblem(answer, status, code)
    if (status === 405) expect(answer.headers.get("allow")).toMatch(/GET/)
    const after = await client.api<Page>("GET", "/bookmarks", key)
    expect(after.status).toBe(200)
    expect(after.body).toEqual(before)
  })

  it("names the offending field in a 400", async () => {
    const { client } = context().service
    const answer = await client.api("POST", "/bookmarks", key, { url: "ftp://example.com/file" })
    expectProblem(answer, 400, "invalid_input")
    expect(answer.body.field).toBe("url")
    expect(answer.body.detail).toMatch(/url/)
  })
}
