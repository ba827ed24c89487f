/**
 * `/mcp` at the HTTP level, as any client or browser page meets it: 401 with a challenge, 403 for a foreign
 * Origin (checked on every request, before the key), 429 with Retry-After, X-RateLimit headers on every answer
 * to a known key, housekeeping free, and no answer a 5xx.
 */
import { expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import type { ApiContext } from "../support/ApiService.js"
import { connect, post, withSession } from "../support/McpClients.js"

const minute = 60_000
const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "curl", version: "1" } }
}
const toolsList = { jsonrpc: "2.0", id: 2, method: "tools/list" }
const call = (name: string, args: Record<string, unknown> = {}) => ({
  jsonrpc: "2.0",
  id: 3,
  method: "tools/call",
  params: { name, arguments: args }
})

const auth = (key: string) => ({ authorization: `Bearer ${key}` })

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json()

const rateHeaders = (response: Response) => ({
  limit: response.headers.get("x-ratelimit-limit"),
  remaining: response.headers.get("x-ratelimit-remaining"),
  reset: response.headers.get("x-ratelimit-reset")
})

export const register = (context: () => ApiContext) => {
  it("refuses a request without a usable key with 401 and a Bearer challenge, and no allowance headers", async () => {
    const { baseUrl } = context().service
    const missing = await post(baseUrl, toolsList)
    expect(missing.status).toBe(401)
    // The challenge points OAuth clients at the protected resource's metadata (RFC 9728).
    expect(missing.headers.get("www-authenticate")).toBe(
      `Bearer realm="bookmarks", resource_metadata="${
        new URL(baseUrl).origin
      }/.well-known/oauth-protected-resource/mcp"`
    )
    expect((await json(missing)).error.message).toMatch(/Missing bearer token/)
    expect(rateHeaders(missing).limit).toBeNull()
    const unknown = await post(baseUrl, toolsList, auth(`bk_${"A".repeat(40)}`))
    expect(unknown.status).toBe(401)
    expect(unknown.headers.get("www-authenticate")).toMatch(/^Bearer realm="bookmarks", error="invalid_token"/)
    const otherScheme = await post(baseUrl, toolsList, { authorization: "Basic dXNlcjpwYXNz" })
    expect(otherScheme.status).toBe(401)
  })

  it("answers a foreign Origin with 403 before anything else; its own and loopback origins pass", async () => {
    const { baseUrl, client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const port = new URL(baseUrl).port
    for (
      const origin of ["https://evil.example", "http://127.0.0.1:1", `http://evil.example:${port}`, "null", "file://"]
    ) {
      const refused = await post(baseUrl, toolsList, { ...auth(key), origin })
      expect(refused.status, origin).toBe(403)
      expect((await json(refused)).error.message).toMatch(/may not call this server/)
    }
    // Even without a key: the Origin is checked first.
    expect((await post(baseUrl, toolsList, { origin: "https://evil.example" })).status).toBe(403)
    for (const origin of [baseUrl, `http://localhost:${port}`.replace("localhost", "127.0.0.1")]) {
      expect((await post(baseUrl, toolsList, { ...auth(key), origin })).status, origin).toBe(200)
    }
    // An SDK client sending a foreign Origin cannot even connect.
    await expect(connect("sdk 1.x, 2025-11-25", baseUrl, { key, headers: { origin: "https://evil.example" } })).rejects
      .toThrow(/403|may not call/)
  })

  it("lists only the tools a narrowed key may call and refuses the others with 403 insufficient_scope, uncharged", async () => {
    const { baseUrl, client } = context().service
    const { id, key: full } = await ApiAccounts.create(client, "free")
    const made = await client.admin<{ key: string }>("POST", `/accounts/${id}/keys`, {
      label: "reader",
      scopes: ["bookmarks:read"]
    })
    expect(made.status).toBe(201)
    const key = made.body.key
    const names = await withSession(
      "client 2.x, 2026-07-28",
      baseUrl,
      { key },
      async (session) => (await session.listTools()).map((tool) => tool.name)
    )
    expect(names.sort()).toEqual([
      "get_bookmark",
      "get_bookmark_content",
      "list_highlights",
      "list_lists",
      "list_tags",
      "search_bookmarks"
    ])
    for (const [name, scope] of [["save_bookmark", "bookmarks:write"], ["get_usage", "usage"]] as const) {
      const refused = await post(
        baseUrl,
        call(name, name === "save_bookmark" ? { url: "https://example.com/" } : {}),
        auth(key)
      )
      expect(refused.status).toBe(403)
      expect(refused.headers.get("www-authenticate")).toMatch(
        new RegExp(`^Bearer realm="bookmarks", error="insufficient_scope", scope="${scope}"`)
      )
      expect((await json(refused)).error).toMatchObject({ data: { reason: "insufficient_scope", required: scope } })
    }
    expect((await post(baseUrl, call("list_tags"), auth(key))).status).toBe(200)
    const usage = await client.api("GET", "/usage", full)
    expect(usage.body.usage.month).toBe(2)
  })

  it("serves housekeeping free of charge, with the allowance headers on every answer", async () => {
    const { baseUrl, client } = context().service
    const { key } = await ApiAccounts.create(client, "free")
    const answers = [
      await post(baseUrl, initialize, auth(key)),
      await post(baseUrl, { jsonrpc: "2.0", method: "notifications/initialized" }, auth(key)),
      await post(baseUrl, toolsList, auth(key)),
      await post(baseUrl, { jsonrpc: "2.0", id: 4, method: "ping" }, auth(key)),
      await fetch(new URL("/mcp", baseUrl), { headers: { ...auth(key), accept: "text/event-stream" } })
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 202, 200, 200, 405])
    for (const answer of answers) expect(rateHeaders(answer)).toMatchObject({ limit: "60", remaining: "60" })
    const charged = await post(baseUrl, call("list_tags"), auth(key))
    expect(charged.status).toBe(200)
    expect(rateHeaders(charged)).toMatchObject({ limit: "60", remaining: "59" })
    expect(rateHeaders(await post(baseUrl, toolsList, auth(key)))).toMatchObject({ remaining: "59" })
    const usage = await client.api("GET", "/usage", key)
    expect(usage.body.usage.month).toBe(2)
  })

  it("refuses a charged call past the allowance with 429, Retry-After and the window, the call not run", async () => {
    const { baseUrl, client, clock } = context().service
    const { key } = await ApiAccounts.create(client, "free")
    clock.advance(minute - (clock.now() % minute) + 50)
    for (let i = 0; i < 60; i++) expect((await post(baseUrl, call("list_tags"), auth(key))).status).toBe(200)
    const refused = await post(baseUrl, call("save_bookmark", { url: "https://example.com/refused" }), auth(key))
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    expect(rateHeaders(refused)).toMatchObject({ limit: "60", remaining: "0" })
    const body = await json(refused)
    expect(body).toMatchObject({
      jsonrpc: "2.0",
      id: 3,
      error: { code: -32000, data: { window: "minute", limit: 60, retryAfter } }
    })
    expect(body.error.message).toBe(`Per-minute limit of 60 requests reached; retry in ${retryAfter} s`)
    // Housekeeping still answers, and says the window is used up.
    const listed = await post(baseUrl, toolsList, auth(key))
    expect(listed.status).toBe(200)
    expect(rateHeaders(listed)).toMatchObject({ remaining: "0" })
    clock.advance(minute)
    const list = await client.api("GET", "/bookmarks", key)
    expect(list.body.bookmarks).toEqual([])
  })

  it("never answers with a 5xx: batches, oversized, empty and malformed bodies, unknown tools and methods", async () => {
    const { baseUrl, client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const raw = (body: string, headers: Record<string, string> = {}) =>
      fetch(new URL("/mcp", baseUrl), {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...auth(key),
          ...headers
        },
        body
      })
    const statuses = {
      batch: (await post(baseUrl, [toolsList, call("list_tags")], auth(key))).status,
      oversized:
        (await raw(JSON.stringify(call("save_bookmark", { url: "https://example.com/", note: "x".repeat(300_000) }))))
          .status,
      empty: (await raw("")).status,
      malformed: (await raw("{not json")).status,
      wrongType: (await raw(JSON.stringify(toolsList), { "content-type": "text/plain" })).status,
      unknownTool: (await post(baseUrl, call("delete_bookmark", { id: "x" }), auth(key))).status,
      unknownMethod: (await post(baseUrl, { jsonrpc: "2.0", id: 9, method: "bookmarks/delete" }, auth(key))).status,
      notAnObject:
        (await post(baseUrl, { jsonrpc: "2.0", id: 9, method: "tools/call", params: "x" }, auth(key))).status,
      delete: (await fetch(new URL("/mcp", baseUrl), { method: "DELETE", headers: auth(key) })).status
    }
    expect(statuses).toEqual({
      batch: 400,
      oversized: 413,
      empty: 400,
      malformed: 400,
      wrongType: 415,
      unknownTool: 200,
      unknownMethod: 200,
      notAnObject: 400,
      delete: 405
    })
  })
}
