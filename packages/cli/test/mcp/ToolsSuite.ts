/**
 * The tools an assistant uses, with both client generations: the list and its schemas, save → search → get →
 * read the page text, tags, the bookmark resource, and error results (another account's id, unknown ids, bad
 * input) that are one line and never a protocol failure.
 */
import { BookmarkId, Bookmarks } from "@bookmark-library/domain"
import { Waiting } from "@bookmark-library/testkit"
import { Ajv2020 } from "ajv/dist/2020.js"
import { Effect, Option } from "effect"
import { expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { paper } from "../support/ApiFixtureServer.js"
import type { ApiContext } from "../support/ApiService.js"
import type { Json } from "../support/Client.js"
import { type Generation, type Session, textOf, type ToolAnswer, withSession } from "../support/McpClients.js"

const toolNames = [
  "save_bookmark",
  "search_bookmarks",
  "get_bookmark",
  "get_bookmark_content",
  "list_tags",
  "get_usage",
  "list_lists",
  "list_highlights",
  "add_to_list",
  "set_bookmark_state"
]

const structured = (answer: ToolAnswer) => {
  expect(answer.isError, textOf(answer)).not.toBe(true)
  expect(answer.structuredContent).toBeDefined()
  return answer.structuredContent as Record<string, Json>
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
const saved = (hooks: ReadonlyArray<string>, id: string, timeoutMs = 30_000) =>
  Waiting.pollUntil(
    `the bookmark.saved delivery for ${id}`,
    () => hooks.map((h) => JSON.parse(h) as { data?: { id?: string } }).find((h) => h.data?.id === id),
    { timeoutMs }
  )

export const register = (context: () => ApiContext, generation: Generation) => {
  const session = <A>(key: string, f: (s: Session) => Promise<A>) =>
    withSession(generation, context().service.baseUrl, { key }, f)

  it("negotiates its protocol revision and lists exactly the ten tools, with schemas and truthful annotations", async () => {
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
      expect(hints["save_bookmark"]).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: false,
        openWorldHint: true
      })
      for (const name of toolNames.slice(1, -2)) {
        expect(hints[name], name).toMatchObject({ readOnlyHint: true, destructiveHint: false })
      }
      expect(hints["add_to_list"]).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false
      })
      // The person's own states: a write, but one that can be set again and taken back.
      expect(hints["set_bookmark_state"]).toEqual({
        readOnlyHint: false,
        destructiveHint: false,
        idempotentHint: true,
        openWorldHint: false
      })
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
      expect(structured(await s.call("search_bookmarks", { tag: "READING", type: "article", limit: 5 }))["bookmarks"])
        .toHaveLength(1)
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
      expect(full).toMatchObject({ favourite: false, archived: false })
      const starred = structured(await s.call("set_bookmark_state", { id: ack["id"], favourite: true }))
      expect(starred).toMatchObject({ id: ack["id"], favourite: true, archived: false })
      const favourites = structured(await s.call("search_bookmarks", { q: "is:favourite #wildlife pangolin" }))
      expect(favourites["bookmarks"].map((r: { id: string }) => r.id)).toEqual([ack["id"]])
      expect(structured(await s.call("search_bookmarks", { q: "is:archived" }))["bookmarks"]).toEqual([])

      const content = structured(await s.call("get_bookmark_content", { id: ack["id"] }))
      expect(content).toMatchObject({ id: ack["id"], status: "ready", offset: 0, nextOffset: null })
      expect(content["text"]).toContain("The pangolin is a scaly mammal")
      expect(content["totalLength"]).toBe(content["text"].length)
      const tail = structured(await s.call("get_bookmark_content", { id: ack["id"], offset: 10 }))
      expect(tail["text"]).toBe(content["text"].slice(10))

      const [resource] = await s.readResource(`bookmark://${ack["id"]}`)
      expect(resource).toMatchObject({ uri: `bookmark://${ack["id"]}`, mimeType: "application/json" })
      expect(JSON.parse(String(resource?.["text"]))).toEqual({ ...full, favourite: true })
    })
  })

  it("reads a page as Markdown on request: headings, lists, links, tables and code; the text where none is kept", async () => {
    const { client } = context().service
    const { fixture } = context()
    const { key } = await ApiAccounts.create(client, "ultra")
    await session(key, async (s) => {
      const guide = structured(await s.call("save_bookmark", { url: `${fixture.origin}/guide.html` }))
      const notes = structured(await s.call("save_bookmark", { url: `${fixture.origin}/notes.txt` }))
      await client.ready(key, guide["id"])
      await client.ready(key, notes["id"])

      const markdown = structured(await s.call("get_bookmark_content", { id: guide["id"], format: "markdown" }))
      expect(markdown).toMatchObject({ id: guide["id"], status: "ready", format: "markdown", nextOffset: null })
      const md = String(markdown["text"])
      expect(md).toContain("## Kinds of burrow")
      expect(md).toMatch(/^- +Dens with one entrance$/m)
      // Links are absolute: the assistant reads them without the page.
      expect(md).toContain(`[the guide to signs](${fixture.origin}/guides/signs.html)`)
      expect(md).toContain("| Animal | Entrances |")
      expect(md).toContain("| Pangolin | one |")
      expect(md).toContain("```\nwidth: 20 cm\ndepth: 60 cm\n```")
      expect(md).toContain("the **three** kinds")
      // The navigation is furniture, not the page.
      expect(md).not.toContain("About")
      expect(markdown["totalLength"]).toBe(md.length)
      // Offsets count in the format asked for.
      const tail = structured(await s.call("get_bookmark_content", { id: guide["id"], format: "markdown", offset: 7 }))
      expect(tail["text"]).toBe(md.slice(7))

      // Plain text stays the default, without Markdown's marks.
      for (const args of [{ id: guide["id"] }, { id: guide["id"], format: "text" }]) {
        const text = structured(await s.call("get_bookmark_content", args))
        expect(text["format"]).toBe("text")
        expect(String(text["text"])).toContain("Kinds of burrow")
        expect(String(text["text"])).not.toMatch(/##|\]\(|\| Animal/)
      }

      // A page that gives no Markdown (plain text) answers its text, and says so.
      const plain = structured(await s.call("get_bookmark_content", { id: notes["id"], format: "markdown" }))
      expect(plain).toMatchObject({ format: "text", text: "Plain notes about burrows.\n\nNo markup at all here." })

      expectToolError(
        await s.call("get_bookmark_content", { id: guide["id"], format: "html" }),
        /format/
      )
    })
  })

  it("reports the storage the account uses in get_usage, as GET /usage does", async () => {
    const { client } = context().service
    const { fixture } = context()
    const { key } = await ApiAccounts.create(client, "ultra")
    await session(key, async (s) => {
      expect(structured(await s.call("get_usage"))["storage"]).toEqual({ bytes: 0 })
      const saved = structured(await s.call("save_bookmark", { url: `${fixture.origin}/paper.pdf` }))
      await client.ready(key, saved["id"])
      // The PDF is its own copy, counted to the byte; nothing else is stored for it.
      expect(structured(await s.call("get_usage"))["storage"]).toEqual({ bytes: paper.length })
      expect((await client.api("GET", "/usage", key)).body.storage).toEqual({ bytes: paper.length })
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

  it("lists the lists and adds bookmarks to one named by name or id; unknown lists and ids are error results", async () => {
    const { client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const other = await ApiAccounts.create(client, "ultra")
    const reading = (await client.api("POST", "/lists", key, { name: "Reading" })).body
    await client.api("POST", "/lists", key, { name: "Papers", parentId: reading.id })
    const theirs = (await client.api("POST", "/lists", other.key, { name: "Theirs" })).body
    await session(key, async (s) => {
      const ack = structured(await s.call("save_bookmark", { url: "https://example.com/listed" }))
      const lists = structured(await s.call("list_lists"))["lists"] as Array<Record<string, Json>>
      expect(lists.map((l) => [l["name"], l["count"]])).toEqual([["Reading", 0], ["Papers", 0]])
      const added = structured(await s.call("add_to_list", { list: "reading", bookmarkIds: [ack["id"]] }))
      expect(added).toMatchObject({ changed: 1, list: { name: "Reading", count: 1 } })
      const again = structured(await s.call("add_to_list", { list: String(reading.id), bookmarkIds: [ack["id"]] }))
      expect(again).toMatchObject({ changed: 0 })
      expectToolError(
        await s.call("add_to_list", { list: "Nope", bookmarkIds: [ack["id"]] }),
        /^No list with id 'Nope'$/
      )
      expectToolError(
        await s.call("add_to_list", { list: String(theirs.id), bookmarkIds: [ack["id"]] }),
        /^This list belongs to another account$/
      )
      expectToolError(await s.call("add_to_list", { list: "Reading", bookmarkIds: [] }), /^bookmarkIds: /)
    })
    const page = await client.api("GET", `/lists/${reading.id}/bookmarks`, key)
    expect(page.body.bookmarks.map((b: { id: string }) => b.id)).toHaveLength(1)
  })

  it("lists highlights with their notes and pages: by words, by bookmark, paged; another's bookmark is an error", async () => {
    const { client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const other = await ApiAccounts.create(client, "ultra")
    const essay = (await client.api("POST", "/bookmarks", key, { url: "https://example.com/octopus" })).body
    const recipe = (await client.api("POST", "/bookmarks", key, { url: "https://example.com/bread" })).body
    const theirs = (await client.api("POST", "/bookmarks", other.key, { url: "https://example.com/theirs" })).body
    const mark = (id: string, exact: string, note: string) =>
      client.api("POST", `/bookmarks/${id}/highlights`, key, { exact, start: 0, end: exact.length, note })
    expect((await mark(essay.id, "Octopuses have three hearts", "for the talk")).status).toBe(201)
    expect((await mark(recipe.id, "Let the dough rest overnight", "")).status).toBe(201)
    await session(key, async (s) => {
      const about = await s.call("list_highlights", { q: "hearts" })
      const found = structured(about)["highlights"] as Array<Record<string, Json>>
      expect(found).toEqual([expect.objectContaining({
        bookmarkId: essay.id,
        exact: "Octopuses have three hearts",
        note: "for the talk",
        bookmarkUrl: "https://example.com/octopus"
      })])
      expect(about.content).toContainEqual(expect.objectContaining({ uri: `bookmark://${essay.id}` }))
      const first = structured(await s.call("list_highlights", { limit: 1 }))
      expect((first["highlights"] as Array<Record<string, Json>>).map((h) => h["bookmarkId"])).toEqual([recipe.id])
      const rest = structured(await s.call("list_highlights", { before: first["nextBefore"] }))
      expect((rest["highlights"] as Array<Record<string, Json>>).map((h) => h["bookmarkId"])).toEqual([essay.id])
      const ofRecipe = structured(await s.call("list_highlights", { bookmarkId: recipe.id }))
      expect(ofRecipe).toMatchObject({ highlights: [{ exact: "Let the dough rest overnight" }], nextBefore: null })
      expectToolError(
        await s.call("list_highlights", { bookmarkId: theirs.id }),
        /^This bookmark belongs to another account$/
      )
      expectToolError(await s.call("list_highlights", { before: "yesterday" }), /^before: /)
    })
  })

  it("answers with structuredContent that its own outputSchema accepts, for every tool", async () => {
    const { key } = await ApiAccounts.create(context().service.client, "ultra")
    await session(key, async (s) => {
      const ajv = new Ajv2020({ strict: false, allErrors: true })
      const schemas = new Map((await s.listTools()).map((t) => [t.name, ajv.compile(t.outputSchema ?? {})]))
      const ack = structured(await s.call("save_bookmark", { url: "https://example.com/schema", tags: ["a"] }))
      await context().service.client.api("POST", "/lists", key, { name: "Schema" })
      const answers: Record<string, ToolAnswer> = {
        save_bookmark: await s.call("save_bookmark", { url: "https://example.com/again" }),
        search_bookmarks: await s.call("search_bookmarks", { limit: 1 }),
        get_bookmark: await s.call("get_bookmark", { id: ack["id"] }),
        get_bookmark_content: await s.call("get_bookmark_content", { id: ack["id"] }),
        list_tags: await s.call("list_tags"),
        get_usage: await s.call("get_usage"),
        list_lists: await s.call("list_lists"),
        list_highlights: await s.call("list_highlights", { bookmarkId: ack["id"] }),
        add_to_list: await s.call("add_to_list", { list: "Schema", bookmarkIds: [ack["id"]] }),
        set_bookmark_state: await s.call("set_bookmark_state", { id: ack["id"], favourite: true })
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
      expect(schemas.get("save_bookmark")!({ ...answers["save_bookmark"]!.structuredContent, status: "ready" })).toBe(
        false
      )
    })
  })

  it("answers another account's id, an unknown id and bad input with a one-line error result", async () => {
    const { client } = context().service
    const owner = await ApiAccounts.create(client, "ultra")
    const { key } = await ApiAccounts.create(client, "ultra")
    const theirs = (await client.api("POST", "/bookmarks", owner.key, { url: "https://example.com/private" })).body
      .id as string
    await session(key, async (s) => {
      expectToolError(await s.call("get_bookmark", { id: theirs }), /^This bookmark belongs to another account$/)
      expectToolError(await s.call("get_bookmark_content", { id: theirs }), /belongs to another account/)
      expectToolError(
        await s.call("get_bookmark", { id: "bmk_doesnotexist" }),
        /^No bookmark with id 'bmk_doesnotexist'$/
      )
      expectToolError(await s.call("get_bookmark_content", { id: theirs, offset: -1 }), /belongs to another account/)
      expectToolError(await s.call("save_bookmark", { url: "not a url" }), /^url: /)
      expectToolError(await s.call("save_bookmark", { url: "ftp://example.com/" }), /^url: /)
      expectToolError(
        await s.call("save_bookmark", { url: "https://example.com/\u0000" }),
        /url: must not contain the NUL character/
      )
      expectToolError(
        await s.call("save_bookmark", { url: "https://example.com/", note: "\ud800" }),
        /note: must not contain unpaired UTF-16 surrogates/
      )
      expectToolError(await s.call("save_bookmark", { url: "https://example.com/", tags: ["x".repeat(65)] }), /^tags: /)
      expectToolError(await s.call("save_bookmark", { url: "https://example.com/", extra: 1 }), /extra/)
      expectToolError(await s.call("save_bookmark", {}), /url/)
      expectToolError(
        await s.call("search_bookmarks", { limit: 0 }),
        /^limit: must be an integer from 1 to 2147483647$/
      )
      expectToolError(await s.call("search_bookmarks", { limit: 1.5 }), /limit/)
      expectToolError(await s.call("search_bookmarks", { before: "yesterday" }), /^before: /)
      expectToolError(await s.call("search_bookmarks", { type: "book" }), /type/)
      expectToolError(await s.call("search_bookmarks", { q: "\u0000" }), /q: must not contain the NUL character/)
      expectToolError(await s.call("get_bookmark", { id: 42 }), /id/)
      expectToolError(
        await s.call("search_bookmarks", { q: "rust go)" }),
        /^q: This parenthesis closes nothing \(at character 8\)$/
      )
      expectToolError(await s.call("search_bookmarks", { q: "is:shiny" }), /^q: `is:` must be one of/)
      expectToolError(await s.call("set_bookmark_state", { id: theirs, favourite: true }), /belongs to another account/)
      expectToolError(await s.call("set_bookmark_state", { id: theirs }), /^states: give favourite, archived or both$/)
      // None of them saved anything.
      expect(structured(await s.call("search_bookmarks"))["bookmarks"]).toEqual([])
      const own = structured(await s.call("save_bookmark", { url: "https://example.com/mine" }))
      expectToolError(
        await s.call("get_bookmark_content", { id: own["id"], offset: 5 }),
        /^offset: must be an integer from 0 to 0$/
      )

      await expect(s.readResource(`bookmark://${theirs}`)).rejects.toThrow(/belongs to another account/)
      await expect(s.readResource("bookmark://bmk_doesnotexist")).rejects.toThrow(/not found|No bookmark/i)
      await expect(s.readResource("bookmark://bmk_%00x")).rejects.toThrow(/id: must not contain the NUL character/)
      await expect(s.readResource("bookmark://bmk_%E0%A4%A")).rejects.toThrow(/No bookmark with id/)
    })
  })
}
