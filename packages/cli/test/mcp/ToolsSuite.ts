/**
 * The tools an assistant uses, with both client generations: the list and its schemas, save → search → get →
 * read the page text, tags, the bookmark resource, and error results (another account's id, unknown ids, bad
 * input) that are one line and never a protocol failure.
 */
import { BookmarkId, Bookmarks } from "@bookmark-library/domain"
import { Ajv2020 } from "ajv/dist/2020.js"
import { Effect, Option } from "effect"
import { expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import type { ApiContext } from "../support/ApiService.js"
import { type Generation, type Session, textOf, type ToolAnswer, withSession } from "../support/McpClients.js"

const toolNames = ["save_bookmark", "search_bookmarks", "get_bookmark", "get_bookmark_content", "list_tags", "get_usage"]

const structured = (answer: ToolAnswer) => {
  expect(answer.isError, textOf(answer)).not.toBe(true)
  expect(answer.structuredContent).toBeDefined()
  return answer.structuredContent as Record<string, any>
}

/** A tool error the assistant can read: flagged, one short line, nothing internal. */
export const expectToolError = (answer: ToolAnswer, reason: RegExp) => {
  expect(answer.isError, JSON.stringify(answer)).toBe(true)
  const text = textOf(answer)
  expect(text).toMatch(reason)
  expect(text).not.toMatch(/\n|\bat .*\.(ts|js):\d+|Error:/)
  expect(text.length).toBeLessThan(300)
}

/** The delivery announcing bookmark `id`, once the receiver has it. */
const saved = async (hooks: ReadonlyArray<string>, id: string, timeoutMs = 30_000) => {
  const until = Date.now() + timeoutMs
  for (;;) {
    const body = hooks.map((h) => JSON.parse(h) as { data?: { id?: string } }).find((h) => h.data?.id === id)
    if (body !== undefined) return body
    if (Date.now() > until) throw new Error(`no bookmark.saved delivery for ${id}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

export const register = (context: () => ApiContext, generation: Generation) => {
  const session = <A>(key: string, f: (s: Session) => Promise<A>) =>
    withSession(generation, context().service.baseUrl, { key }, f)

  it("negotiates its protocol revision and lists exactly the six tools, with schemas and truthful annotations", async () => {
    const { key } = await ApiAccounts.create(context().service.client, "ultra")
    await session(key, async (s) => {
      expect(s.protocolVersion).toBe(generation.startsWith("sdk 1.x") ? "2025-11-25" : "2026-07-28")
      // Nothing changes at run time, and the server says so.
      expect(s.capabilities).toMatchObject({ tools: { listChanged: false }, resources: { listChanged: false } })
      const tools = await s.listTools()
      expect(tools.map((t) => t.name)).toEqual(toolNames)
      for (const tool of tools) {
        expect(tool.inputSchema["type"], tool.name).toBe("object")
        expect(tool.outputSchema?.["type"], tool.name).toBe("object")
        expect(tool.description?.length, tool.name).toBeGreaterThan(20)
      }
      const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations]))
      expect(hints["save_bookmark"]).toEqual({ readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true })
      for (const name of toolNames.slice(1)) expect(hints[name], name).toMatchObject({ readOnlyHint: true, destructiveHint: false })
      expect(tools.filter((t) => /edit|delete|update|remove/i.test(t.name))).toEqual([])
      expect((await s.listResourceTemplates()).map((t) => t["uriTemplate"])).toEqual(["bookmark://{id}"])
    })
  })

  it("saves with source mcp and the same bookmark.saved event, finds it, reads it in full and reads the page text", async () => {
    const { client, run } = context().service
    const { fixture } = context()
    const { key } = await ApiAccounts.create(client, "ultra")
    expect((await client.api("POST", "/webhooks", key, { url: `${fixture.origin}/hook` })).status).toBe(201)
    await session(key, async (s) => {
      const url = `${fixture.origin}/article.html`
      const ack = structured(await s.call("save_bookmark", { url, tags: "wildlife, Reading", note: "for the talk" }))
      expect(ack).toEqual({ id: expect.stringMatching(/^bmk_/), url, status: "processing" })
      const record = await run(Effect.flatMap(Bookmarks, (b) => b.get(BookmarkId.make(ack["id"]))))
      expect(Option.map(record, (r) => r.source)).toEqual(Option.some("mcp"))

      await client.ready(key, ack["id"])
      const event = await saved(fixture.hooks, ack["id"])
      expect(event).toMatchObject({ event: "bookmark.saved", data: { id: ack["id"], url, status: "ready" } })
      const found = await s.call("search_bookmarks", { q: "pangolin" })
      const page = structured(found)
      expect(page["bookmarks"].map((r: { id: string }) => r.id)).toEqual([ack["id"]])
      expect(page["nextBefore"]).toBeNull()
      expect(found.content).toContainEqual(expect.objectContaining({
        type: "resource_link",
        uri: `bookmark://${ack["id"]}`,
        name: "Field notes on the quiet pangolin",
        mimeType: "application/json"
      }))
      expect(structured(await s.call("search_bookmarks", { tag: "READING", type: "article", limit: 5 }))["bookmarks"]).toHaveLength(1)
      expect(structured(await s.call("search_bookmarks", { q: "nothing-matches-this" }))["bookmarks"]).toEqual([])

      const full = structured(await s.call("get_bookmark", { id: ack["id"] }))
      expect(full).toMatchObject({
        id: ack["id"],
        url,
        title: "Field notes on the quiet pangolin",
        type: "article",
        note: "for the talk",
        status: "ready",
        processingError: ""
      })
      expect(full["tags"].slice(0, 2)).toEqual(["wildlife", "Reading"])

      const content = structured(await s.call("get_bookmark_content", { id: ack["id"] }))
      expect(content).toMatchObject({ id: ack["id"], status: "ready", offset: 0, nextOffset: null })
      expect(content["text"]).toContain("The pangolin is a scaly mammal")
      expect(content["totalLength"]).toBe(content["text"].length)
      const tail = structured(await s.call("get_bookmark_content", { id: ack["id"], offset: 10 }))
      expect(tail["text"]).toBe(content["text"].slice(10))

      const [resource] = await s.readResource(`bookmark://${ack["id"]}`)
      expect(resource).toMatchObject({ uri: `bookmark://${ack["id"]}`, mimeType: "application/json" })
      expect(JSON.parse(String(resource?.["text"]))).toEqual(full)
    })
  })

  it("lists tags with counts, most used first, case ignored", async () => {
    const { key } = await ApiAccounts.create(context().service.client, "ultra")
    await session(key, async (s) => {
      expect(structured(await s.call("list_tags"))).toEqual({ tags: [] })
      await s.call("save_bookmark", { url: "https://example.com/1", tags: ["Rust", "web"] })
      await s.call("save_bookmark", { url: "https://example.com/2", tags: "rust" })
      await s.call("save_bookmark", { url: "https://example.com/3", tags: ["zig", "Rust"] })
      expect(structured(await s.call("list_tags"))).toEqual({
        tags: [{ tag: "Rust", count: 3 }, { tag: "web", count: 1 }, { tag: "zig", count: 1 }]
      })
    })
  })

  it("answers with structuredContent that its own outputSchema accepts, for every tool", async () => {
    const { key } = await ApiAccounts.create(context().service.client, "ultra")
    await session(key, async (s) => {
      const ajv = new Ajv2020({ strict: false, allErrors: true })
      const schemas = new Map((await s.listTools()).map((t) => [t.name, ajv.compile(t.outputSchema ?? {})]))
      const ack = structured(await s.call("save_bookmark", { url: "https://example.com/schema", tags: ["a"] }))
      const answers: Record<string, ToolAnswer> = {
        save_bookmark: await s.call("save_bookmark", { url: "https://example.com/again" }),
        search_bookmarks: await s.call("search_bookmarks", { limit: 1 }),
        get_bookmark: await s.call("get_bookmark", { id: ack["id"] }),
        get_bookmark_content: await s.call("get_bookmark_content", { id: ack["id"] }),
        list_tags: await s.call("list_tags"),
        get_usage: await s.call("get_usage")
      }
      expect(Object.keys(answers).sort()).toEqual([...toolNames].sort())
      for (const [name, answer] of Object.entries(answers)) {
        const validate = schemas.get(name)!
        const content = structured(answer)
        expect(validate(content), `${name}: ${JSON.stringify(validate.errors)}`).toBe(true)
        // The text block carries the same JSON, for clients that do not read structuredContent.
        expect(JSON.parse(textOf(answer))).toEqual(content)
      }
      // The check itself can fail: a field of the wrong type is refused.
      expect(schemas.get("save_bookmark")!({ ...answers["save_bookmark"]!.structuredContent, status: "ready" })).toBe(false)
    })
  })

  it("answers another account's id, an unknown id and bad input with a one-line error result", async () => {
    const { client } = context().service
    const owner = await ApiAccounts.create(client, "ultra")
    const { key } = await ApiAccounts.create(client, "ultra")
    const theirs = (await client.api("POST", "/bookmarks", owner.key, { url: "https://example.com/private" })).body.id as string
    await session(key, async (s) => {
      expectToolError(await s.call("get_bookmark", { id: theirs }), /^This bookmark belongs to another account$/)
      expectToolError(await s.call("get_bookmark_content", { id: theirs }), /belongs to another account/)
      expectToolError(await s.call("get_bookmark", { id: "bmk_doesnotexist" }), /^No bookmark with id 'bmk_doesnotexist'$/)
      expectToolError(await s.call("get_bookmark_content", { id: theirs, offset: -1 }), /belongs to another account/)
      expectToolError(await s.call("save_bookmark", { url: "not a url" }), /^url: /)
      expectToolError(await s.call("save_bookmark", { url: "ftp://example.com/" }), /^url: /)
      expectToolError(await s.call("save_bookmark", { url: "https://example.com/\u0000" }), /url: must not contain the NUL character/)
      expectToolError(await s.call("save_bookmark", { url: "https://example.com/", note: "\ud800" }), /note: must not contain unpaired UTF-16 surrogates/)
      expectToolError(await s.call("save_bookmark", { url: "https://example.com/", tags: ["x".repeat(65)] }), /^tags: /)
      expectToolError(await s.call("save_bookmark", { url: "https://example.com/", extra: 1 }), /extra/)
      expectToolError(await s.call("save_bookmark", {}), /url/)
      expectToolError(await s.call("search_bookmarks", { limit: 0 }), /^limit: must be an integer from 1 to 2147483647$/)
      expectToolError(await s.call("search_bookmarks", { limit: 1.5 }), /limit/)
      expectToolError(await s.call("search_bookmarks", { before: "yesterday" }), /^before: /)
      expectToolError(await s.call("search_bookmarks", { type: "book" }), /type/)
      expectToolError(await s.call("search_bookmarks", { q: "\u0000" }), /q: must not contain the NUL character/)
      expectToolError(await s.call("get_bookmark", { id: 42 }), /id/)
      // None of them saved anything.
      expect(structured(await s.call("search_bookmarks"))["bookmarks"]).toEqual([])
      const own = structured(await s.call("save_bookmark", { url: "https://example.com/mine" }))
      expectToolError(await s.call("get_bookmark_content", { id: own["id"], offset: 5 }), /^offset: must be an integer from 0 to 0$/)

      await expect(s.readResource(`bookmark://${theirs}`)).rejects.toThrow(/belongs to another account/)
      await expect(s.readResource("bookmark://bmk_doesnotexist")).rejects.toThrow(/not found|No bookmark/i)
      await expect(s.readResource("bookmark://bmk_%00x")).rejects.toThrow(/id: must not contain the NUL character/)
      await expect(s.readResource("bookmark://bmk_%E0%A4%A")).rejects.toThrow(/No bookmark with id/)
    })
  })
}
