/** The lists the popup offers, and the API calls behind list choice and the page copy, with a stand-in fetch. */
import { describe, expect, it } from "vitest"
import * as Client from "../src/Client.js"
import * as Lists from "../src/Lists.js"
import * as Messages from "../src/Messages.js"

const connection = { server: "https://x.example", key: `bk_${"a".repeat(40)}` }

const answering = (status: number, body: unknown) => {
  const seen: Array<{ url: string; init: RequestInit | undefined }> = []
  const fetcher: Client.Fetch = async (url, init) => {
    seen.push({ url, init })
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
  }
  return { fetcher, seen }
}

describe("Lists.choices", () => {
  it("gives each list its depth from its parent chain, in the server's depth-first order", () => {
    const rows = [
      { id: "a", name: "Reading", parentId: null },
      { id: "b", name: "Paywalled", parentId: "a" },
      { id: "c", name: "Deep", parentId: "b" },
      { id: "d", name: "Work", parentId: null },
      { id: "e", name: "Orphan", parentId: "gone" }
    ]
    expect(Lists.choices(rows).map((c) => [c.name, c.depth])).toEqual([
      ["Reading", 0],
      ["Paywalled", 1],
      ["Deep", 2],
      ["Work", 0],
      ["Orphan", 0]
    ])
  })

  it("stops on a cycle the server would never send", () => {
    const rows = [{ id: "a", name: "A", parentId: "b" }, { id: "b", name: "B", parentId: "a" }]
    expect(Lists.choices(rows).map((c) => c.depth)).toEqual([2, 2])
  })
})

describe("Client: lists and the page copy", () => {
  it("reads the lists, decoded; an answer of another shape is a server problem", async () => {
    const { fetcher, seen } = answering(200, {
      lists: [{ id: "lst_1", name: "Reading", parentId: null, count: 0, createdAt: "2026-01-01T00:00:00.000Z" }]
    })
    expect(await Client.lists(fetcher, connection)).toEqual({
      ok: true,
      value: [{ id: "lst_1", name: "Reading", parentId: null }]
    })
    expect(seen[0]?.url).toBe("https://x.example/v1/api/lists")
    expect(await Client.lists(answering(200, { lists: [{ id: 1 }] }).fetcher, connection)).toEqual({
      ok: false,
      failure: { kind: "server", status: 200 }
    })
  })

  it("adds a bookmark to a list with POST /lists/{id}/bookmarks", async () => {
    const { fetcher, seen } = answering(200, { changed: 1 })
    expect(await Client.addToList(fetcher, connection, "lst/1", "bmk_9")).toEqual({ ok: true, value: { changed: 1 } })
    expect(seen[0]?.url).toBe("https://x.example/v1/api/lists/lst%2F1/bookmarks")
    expect(seen[0]?.init?.method).toBe("POST")
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({ bookmarkIds: ["bmk_9"] })
  })

  it("saves with the copy at POST /bookmarks/with-copy, and says the server's refusal in words", async () => {
    const { fetcher, seen } = answering(201, { id: "bmk_1", url: "https://e.example/", status: "processing" })
    const html = "<!doctype html><p>hi</p>"
    const saved = await Client.saveWithCopy(
      fetcher,
      connection,
      { url: "https://e.example/", tags: [], note: "" },
      html
    )
    expect(saved).toMatchObject({ ok: true, value: { id: "bmk_1" } })
    expect(seen[0]?.url).toBe("https://x.example/v1/api/bookmarks/with-copy")
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({ url: "https://e.example/", html })
    const big = answering(413, { detail: "The request body exceeds the limit of 20037632 bytes", code: "x" })
    expect(await Client.saveWithCopy(big.fetcher, connection, { url: "https://e.example/", tags: [], note: "" }, html))
      .toEqual({
        ok: false,
        failure: { kind: "rejected", status: 413, detail: "The request body exceeds the limit of 20037632 bytes" }
      })
  })
})

describe("Messages: lists, copy and the serialiser's answer", () => {
  it("a save may name lists and ask for the copy; the serialiser's answer is decoded", () => {
    expect(Messages.decode({ _tag: "save", url: "https://e.example/", tags: [], note: "", lists: ["a"], copy: true }))
      .toMatchObject({ lists: ["a"], copy: true })
    expect(Messages.decode({ _tag: "save", url: "https://e.example/", tags: [], note: "", lists: [1] }))
      .toBeUndefined()
    expect(Messages.decodeCaptured({ ok: true, html: "<p>", partial: "" })).toEqual({
      ok: true,
      html: "<p>",
      partial: ""
    })
    expect(Messages.decodeCaptured({ ok: false, reason: "too big" })).toEqual({ ok: false, reason: "too big" })
    for (const bad of [undefined, null, { ok: true, html: 1, partial: "" }, { ok: "yes" }]) {
      expect(Messages.decodeCaptured(bad)).toBeUndefined()
    }
  })
})
