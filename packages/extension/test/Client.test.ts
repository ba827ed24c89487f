/** The API calls with a stand-in fetch: what is sent, and how every kind of answer becomes a value or a failure. */
import { describe, expect, it } from "vitest"
import * as Client from "../src/Client.js"

const connection = { server: "https://x.example", key: `bk_${"a".repeat(40)}` }

const answering = (status: number, body: unknown, headers: Record<string, string> = {}) => {
  const seen: Array<{ url: string; init: RequestInit | undefined }> = []
  const fetcher: Client.Fetch = async (url, init) => {
    seen.push({ url, init })
    return new Response(typeof body === "string" ? body : JSON.stringify(body), {
      status,
      headers: { "content-type": "application/json", ...headers }
    })
  }
  return { fetcher, seen }
}

describe("Client", () => {
  it("saves with the key, sending only url, and tags and note when given", async () => {
    const { fetcher, seen } = answering(201, { id: "bmk_1", url: "https://e.example/", status: "processing" })
    const saved = await Client.save(fetcher, connection, { url: "https://e.example/", tags: [], note: "" })
    expect(saved).toEqual({ ok: true, value: { id: "bmk_1", url: "https://e.example/", status: "processing" } })
    expect(seen[0]?.url).toBe("https://x.example/v1/api/bookmarks")
    expect(seen[0]?.init?.method).toBe("POST")
    expect(new Headers(seen[0]?.init?.headers).get("authorization")).toBe(`Bearer ${connection.key}`)
    expect(JSON.parse(String(seen[0]?.init?.body))).toEqual({ url: "https://e.example/" })
    await Client.save(fetcher, connection, { url: "https://e.example/", tags: ["a"], note: "n" })
    expect(JSON.parse(String(seen[1]?.init?.body))).toEqual({ url: "https://e.example/", tags: ["a"], note: "n" })
  })

  it("looks a URL up with the canonical same= filter", async () => {
    const { fetcher, seen } = answering(200, {
      bookmarks: [{ id: "bmk_9", url: "https://e.example/?q=1&r=2" }],
      nextBefore: null
    })
    expect(await Client.lookup(fetcher, connection, "https://e.example/?q=1&r=2")).toEqual({ ok: true, value: "bmk_9" })
    expect(new URL(seen[0]?.url ?? "").searchParams.get("same")).toBe("https://e.example/?q=1&r=2")
    const none = answering(200, { bookmarks: [], nextBefore: null })
    expect(await Client.lookup(none.fetcher, connection, "https://e.example/")).toEqual({ ok: true, value: undefined })
  })

  it("turns a network error into unreachable, 401 into revoked and 429 into rate limited with its wait", async () => {
    const down: Client.Fetch = () => Promise.reject(new TypeError("Failed to fetch"))
    expect(await Client.tags(down, connection)).toEqual({
      ok: false,
      failure: { kind: "unreachable", server: "https://x.example" }
    })
    expect(await Client.tags(answering(401, { detail: "revoked" }).fetcher, connection)).toEqual({
      ok: false,
      failure: { kind: "revoked" }
    })
    expect(await Client.tags(answering(429, {}, { "retry-after": "12" }).fetcher, connection))
      .toEqual({ ok: false, failure: { kind: "rateLimited", retryAfterSeconds: 12 } })
  })

  it("shows a problem's detail, and treats an answer it cannot read as the server's problem", async () => {
    expect(
      await Client.save(
        answering(400, { type: "x", detail: "url: scheme must be http or https" }).fetcher,
        connection,
        { url: "ftp://x", tags: [], note: "" }
      )
    )
      .toEqual({ ok: false, failure: { kind: "rejected", status: 400, detail: "url: scheme must be http or https" } })
    expect(await Client.bookmark(answering(200, "<html>").fetcher, connection, "bmk_1")).toEqual({
      ok: false,
      failure: { kind: "server", status: 200 }
    })
    expect(await Client.bookmark(answering(200, { id: 5 }).fetcher, connection, "bmk_1")).toEqual({
      ok: false,
      failure: { kind: "server", status: 200 }
    })
  })
})
