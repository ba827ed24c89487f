/**
 * Every malformed request (docs/api.md, "Errors"), the transport-level refusals and the hostile inputs that once
 * answered 500 (NUL, lone surrogates, blank or non-object bodies, deep nesting, impossible ids): a problem+json
 * body with {type,title,status,detail,code}, and nothing stored (the library and the webhooks read the same
 * afterwards).
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
  /** Sent with the admin token instead of the account's key. */
  readonly admin?: boolean
}

const post = (body: unknown): BadRequest => ({ method: "POST", path: "/v1/api/bookmarks", body })
const hook = (body: unknown): BadRequest => ({ method: "POST", path: "/v1/api/webhooks", body })
const list = (query: string): BadRequest => ({ method: "GET", path: `/v1/api/bookmarks?${query}` })
/** JSON text as sent, for what JSON.stringify cannot produce (a lone surrogate escape, blank bodies). */
const raw = (path: string, text: string, method = "POST"): BadRequest => ({
  method,
  path,
  raw: text,
  contentType: "application/json"
})
const deep = (depth: number) => `{"url":${"[".repeat(depth)}${"]".repeat(depth)}}`
const nul = "\u0000"

const cases: ReadonlyArray<readonly [string, number, string, BadRequest]> = [
  ["a save without url", 400, "invalid_input", post({ tags: ["x"], note: "no url" })],
  ["a javascript: url", 400, "invalid_input", post({ url: "javascript:alert(1)" })],
  ["a 2,049-character url", 400, "invalid_input", post({ url: "https://example.com/" + "a".repeat(2049 - 20) })],
  [
    "33 tags",
    400,
    "invalid_input",
    post({ url: "https://example.com/", tags: Array.from({ length: 33 }, (_, i) => `t${i}`) })
  ],
  ["a 65-character tag", 400, "invalid_input", post({ url: "https://example.com/", tags: ["x".repeat(65)] })],
  [
    "a note over 10,000 characters",
    400,
    "invalid_input",
    post({ url: "https://example.com/", note: "n".repeat(10_001) })
  ],
  ["a url that is not a string", 400, "invalid_input", post({ url: 42 })],
  ["limit=0", 400, "invalid_input", list("limit=0")],
  ["limit=abc", 400, "invalid_input", list("limit=abc")],
  ["a before that is not a timestamp", 400, "invalid_input", list("before=yesterday")],
  ["an unknown type", 400, "invalid_input", list("type=podcast")],
  ["malformed JSON", 400, "malformed_json", {
    method: "POST",
    path: "/v1/api/bookmarks",
    raw: "{\"url\": \"https://example.com/\"",
    contentType: "application/json"
  }],
  ["a 70 KiB body", 413, "payload_too_large", post({ url: "https://example.com/", note: "n".repeat(70 * 1024) })],
  ["a text/plain body", 415, "unsupported_media_type", {
    method: "POST",
    path: "/v1/api/bookmarks",
    raw: "url=https://example.com/",
    contentType: "text/plain"
  }],
  ["PUT on /bookmarks", 405, "method_not_allowed", {
    method: "PUT",
    path: "/v1/api/bookmarks",
    body: { url: "https://example.com/" }
  }],
  ["an unknown route", 404, "not_found", { method: "GET", path: "/v1/api/bookmarkz" }],
  // Hostile text: refused at the edge with invalid_text, never handed to storage.
  ["NUL in url", 400, "invalid_text", post({ url: `https://example.com/${nul}` })],
  ["NUL in a tag of a list", 400, "invalid_text", post({ url: "https://example.com/", tags: [`a${nul}`] })],
  ["NUL in comma-separated tags", 400, "invalid_text", post({ url: "https://example.com/", tags: `a,${nul}` })],
  ["NUL in note", 400, "invalid_text", post({ url: "https://example.com/", note: `n${nul}` })],
  [
    "a lone surrogate in url",
    400,
    "invalid_text",
    raw("/v1/api/bookmarks", "{\"url\":\"https://example.com/\\ud800\"}")
  ],
  [
    "a lone surrogate in note",
    400,
    "invalid_text",
    raw("/v1/api/bookmarks", "{\"url\":\"https://example.com/\",\"note\":\"\\udc00x\"}")
  ],
  [
    "a lone surrogate in tags",
    400,
    "invalid_text",
    raw("/v1/api/bookmarks", "{\"url\":\"https://example.com/\",\"tags\":[\"\\ud800\"]}")
  ],
  ["NUL in a webhook url", 400, "invalid_text", hook({ url: `https://example.com/${nul}` })],
  ["NUL in a webhook description", 400, "invalid_text", hook({ url: "https://example.com/", description: nul })],
  ["NUL in webhook events", 400, "invalid_text", hook({ url: "https://example.com/", events: `bookmark.saved${nul}` })],
  ["NUL in a webhook event list", 400, "invalid_text", hook({ url: "https://example.com/", events: [nul] })],
  [
    "a lone surrogate in a webhook description",
    400,
    "invalid_text",
    raw("/v1/api/webhooks", "{\"url\":\"https://example.com/\",\"description\":\"\\ud800\"}")
  ],
  ...["q", "tag", "type", "before", "limit", "url"].map((name) =>
    [`%00 in ${name}`, 400, "invalid_text", list(`${name}=a%00`)] as const
  ),
  ["a repeated parameter", 400, "invalid_input", list("q=a&q=b")],
  // Bodies that are not a JSON object.
  ["a body of spaces", 400, "malformed_json", raw("/v1/api/bookmarks", "   ")],
  ["a bare newline body", 400, "malformed_json", raw("/v1/api/bookmarks", "\n")],
  ["a blank webhook body", 400, "malformed_json", raw("/v1/api/webhooks", " \r\n ")],
  ...["null", "[]", "\"https://example.com/\"", "42", "true"].map((text) =>
    [`the JSON body ${text}`, 400, "invalid_input", raw("/v1/api/bookmarks", text)] as const
  ),
  ["a webhook body that is a list", 400, "invalid_input", raw("/v1/api/webhooks", "[{}]")],
  ["an empty multipart body", 415, "unsupported_media_type", {
    method: "POST",
    path: "/v1/api/bookmarks",
    raw: "",
    contentType: "multipart/form-data; boundary=x"
  }],
  ["JSON nested 10,000 deep", 400, "json_too_deep", raw("/v1/api/bookmarks", deep(10_000))],
  ["a webhook body nested 10,000 deep", 400, "json_too_deep", raw("/v1/api/webhooks", deep(10_000))],
  ["an admin body nested 10,000 deep", 400, "json_too_deep", { ...raw("/admin/accounts", deep(10_000)), admin: true }],
  [
    "an unknown member (title cannot be written)",
    400,
    "invalid_input",
    post({ url: "https://example.com/", title: "mine" })
  ],
  ["an unknown webhook member", 400, "invalid_input", hook({ url: "https://example.com/", secret: "whsec_mine" })],
  // Ids that cannot exist are unknown: 404, and storage is not asked.
  ["a bookmark id with %00", 404, "not_found", { method: "GET", path: "/v1/api/bookmarks/bmk_x%00" }],
  ["a bookmark id of other Unicode", 404, "not_found", { method: "GET", path: "/v1/api/bookmarks/%E2%82%AC" }],
  ["deleting webhook %00", 404, "not_found", { method: "DELETE", path: "/v1/api/webhooks/%00" }],
  ["testing webhook %00", 404, "not_found", { method: "POST", path: "/v1/api/webhooks/%00/test" }],
  ["an admin account id with %00", 404, "not_found", { method: "GET", path: "/admin/accounts/%00", admin: true }],
  ["revoking admin key %00", 404, "not_found", { method: "DELETE", path: "/admin/keys/%00", admin: true }],
  ["enabling admin webhook %00", 404, "not_found", { method: "POST", path: "/admin/webhooks/%00/enable", admin: true }],
  ["an admin plan change of account %00", 404, "not_found", {
    method: "PUT",
    path: "/admin/accounts/%00/plan",
    body: { plan: "free" },
    admin: true
  }],
  ["an admin key label with NUL", 400, "invalid_text", {
    method: "POST",
    path: "/admin/accounts/acc_none/keys",
    body: { label: nul },
    admin: true
  }],
  ["an admin edit with NUL", 400, "invalid_text", {
    method: "PATCH",
    path: "/admin/bookmarks/bmk_none",
    body: { title: nul },
    admin: true
  }]
]

const send = (client: Client, key: string, request: BadRequest) =>
  client.request(request.method, request.path, {
    key: request.admin === true ? client.adminToken : key,
    ...(request.body === undefined ? {} : { body: request.body }),
    ...(request.raw === undefined ? {} : { raw: request.raw }),
    ...(request.contentType === undefined ? {} : { headers: { "content-type": request.contentType } })
  })

interface Library {
  readonly bookmarks: Page
  readonly webhooks: unknown
}

const library = async (client: Client, key: string): Promise<Library> => {
  const bookmarks = await client.api<Page>("GET", "/bookmarks", key)
  const webhooks = await client.api("GET", "/webhooks", key)
  expect(bookmarks.status).toBe(200)
  expect(webhooks.status).toBe(200)
  return { bookmarks: bookmarks.body, webhooks: webhooks.body }
}

export const register = (context: () => ApiContext) => {
  let key = ""
  let before: Library | undefined

  beforeAll(async () => {
    const { client } = context().service
    key = (await ApiAccounts.create(client, "ultra")).key
    for (const url of ["https://example.com/one", "https://example.com/two"]) {
      const saved = await client.api("POST", "/bookmarks", key, { url, tags: "kept" })
      if (saved.status !== 201) throw new Error(saved.text)
      // Processing finished, so the only thing that could change the library is a bad request.
      await client.ready(key, saved.body.id)
    }
    const hook = await client.api("POST", "/webhooks", key, { url: `${context().fixture.origin}/hook` })
    if (hook.status !== 201) throw new Error(hook.text)
    before = await library(client, key)
  })

  it.each(cases)("answers %s with %i %s and stores nothing", async (_label, status, code, request) => {
    const { client } = context().service
    const answer = await send(client, key, request)
    expectProblem(answer, status, code)
    if (status === 405) expect(answer.headers.get("allow")).toMatch(/GET/)
    if (code === "invalid_input" || code === "invalid_text") expect(typeof answer.body.field).toBe("string")
    expect(await library(client, key)).toEqual(before)
  })

  it("names the member at fault: the tag in a list, the unknown member, the whole body", async () => {
    const { client } = context().service
    const tag = await client.api("POST", "/bookmarks", key, { url: "https://example.com/", tags: ["ok", "bad\u0000"] })
    expect(tag.body).toMatchObject({ code: "invalid_text", field: "tags.1" })
    const extra = await client.api("POST", "/bookmarks", key, { url: "https://example.com/", title: "x" })
    expect(extra.body).toMatchObject({ code: "invalid_input", field: "title" })
    const list = await send(client, key, raw("/v1/api/bookmarks", "[]"))
    expect(list.body).toMatchObject({ code: "invalid_input", field: "body", detail: "body: must be a JSON object" })
  })

  it("names the offending field in a 400", async () => {
    const { client } = context().service
    const answer = await client.api("POST", "/bookmarks", key, { url: "ftp://example.com/file" })
    expectProblem(answer, 400, "invalid_input")
    expect(answer.body.field).toBe("url")
    expect(answer.body.detail).toMatch(/url/)
  })
}
