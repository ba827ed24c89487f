/** The states the popup sets: the batch call with one id, its item's result, and the states applied after a save. */
import * as Schema from "effect/Schema"
import { describe, expect, it } from "vitest"
import * as Client from "../src/Client.js"
import * as Messages from "../src/Messages.js"
import * as Responses from "../src/Responses.js"
import { applyStates } from "../src/Saver.js"
import * as States from "../src/States.js"

const connection = { server: "https://x.example", key: `bk_${"a".repeat(40)}` }

/** A stand-in fetch that answers each call with the next of `answers` (status, body), and records what was sent. */
const answering = (...answers: ReadonlyArray<readonly [number, unknown]>) => {
  const seen: Array<{ url: string; method: string; body: unknown }> = []
  const fetcher: Client.Fetch = async (url, init) => {
    seen.push({
      url,
      method: init?.method ?? "GET",
      body: init?.body === undefined ? undefined : JSON.parse(String(init.body))
    })
    const [status, body] = answers[seen.length - 1] ?? [500, {}]
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })
  }
  return { fetcher, seen }
}

const batch = (id: string, result: string, reason?: string) => ({
  id: "blk_1",
  action: "favourite",
  state: "done",
  total: 1,
  done: 1,
  ok: result === "ok" ? 1 : 0,
  notFound: result === "not_found" ? 1 : 0,
  failed: result === "error" ? 1 : 0,
  results: [{ id, result, ...(reason === undefined ? {} : { reason }) }],
  createdAt: "2026-11-27T04:00:00.000Z",
  finishedAt: "2026-11-27T04:00:00.010Z"
})

describe("States", () => {
  it("names the bulk action for each state and direction, and reads a bookmark's states (absent is off)", () => {
    expect([true, false].flatMap((on) => States.all.map((s) => States.action(s, on)))).toEqual([
      "favourite",
      "archive",
      "unfavourite",
      "unarchive"
    ])
    expect(States.of({ favourite: true })).toEqual({ favourite: true, archived: false })
    expect(States.of({ archived: true, favourite: false })).toEqual({ favourite: false, archived: true })
  })

  it("reads the full bookmark's states from the server's answer", () => {
    const decode = Schema.decodeUnknownSync(Responses.Bookmark)
    const base = { id: "bmk_1", url: "https://e.example/", title: "", status: "ready" }
    expect(States.of(decode({ ...base, favourite: true, archived: false }))).toEqual({
      favourite: true,
      archived: false
    })
    expect(States.of(decode(base))).toEqual({ favourite: false, archived: false })
    expect(() => decode({ ...base, favourite: "yes" })).toThrow()
  })

  it("says under Saved which states the new bookmark got", () => {
    expect(States.describe({ favourite: true, archived: true })).toBe("Marked as a favourite. Archived: done reading.")
    expect(States.describe({ favourite: false, archived: false })).toBe("")
  })
})

describe("Client.setState", () => {
  it("sends the action with the one id to POST /bookmarks/batch and succeeds when its item is ok", async () => {
    const { fetcher, seen } = answering([200, batch("bmk_9", "ok")])
    expect(await Client.setState(fetcher, connection, "bmk_9", "archived", true)).toEqual({
      ok: true,
      value: undefined
    })
    expect(seen).toEqual([{
      url: "https://x.example/v1/api/bookmarks/batch",
      method: "POST",
      body: { action: "archive", ids: ["bmk_9"] }
    }])
  })

  it("fails on an item that is not found or not done, though the answer is a 200", async () => {
    const gone = await Client.setState(
      answering([200, batch("bmk_9", "not_found")]).fetcher,
      connection,
      "bmk_9",
      "favourite",
      false
    )
    expect(gone).toEqual({
      ok: false,
      failure: { kind: "rejected", status: 404, detail: "This bookmark is no longer in your library." }
    })
    const failed = await Client.setState(
      answering([200, batch("bmk_9", "error", "storage unavailable")]).fetcher,
      connection,
      "bmk_9",
      "favourite",
      true
    )
    expect(failed).toEqual({ ok: false, failure: { kind: "rejected", status: 200, detail: "storage unavailable" } })
    expect(States.notDone("favourite", true, failed.ok ? { kind: "revoked" } : failed.failure, 0)).toBe(
      "Not marked as a favourite: The server refused this: storage unavailable"
    )
  })

  it("treats an answer without the bookmark's item, or of another shape, as the server's problem", async () => {
    for (const body of [batch("bmk_other", "ok"), { results: [{ id: "bmk_9", result: "maybe" }] }, { state: "done" }]) {
      expect(await Client.setState(answering([200, body]).fetcher, connection, "bmk_9", "archived", false)).toEqual({
        ok: false,
        failure: { kind: "server", status: 200 }
      })
    }
  })

  it("passes on the request's own failure (a key without bookmarks:write answers 403)", async () => {
    const refused = answering([403, { detail: "This key lacks the scope bookmarks:write" }])
    expect(await Client.setState(refused.fetcher, connection, "bmk_9", "archived", true)).toEqual({
      ok: false,
      failure: { kind: "rejected", status: 403, detail: "This key lacks the scope bookmarks:write" }
    })
  })
})

describe("Saver.applyStates", () => {
  it("sets each state asked for, one call each, and nothing when none is asked for", async () => {
    const both = answering([200, batch("bmk_1", "ok")], [200, batch("bmk_1", "ok")])
    expect(await applyStates(both.fetcher, connection, "bmk_1", { favourite: true, archived: true })).toEqual({
      states: { favourite: true, archived: true },
      notes: []
    })
    expect(both.seen.map((s) => s.body)).toEqual([
      { action: "favourite", ids: ["bmk_1"] },
      { action: "archive", ids: ["bmk_1"] }
    ])
    const none = answering()
    expect(await applyStates(none.fetcher, connection, "bmk_1", { favourite: false })).toEqual({
      states: { favourite: false, archived: false },
      notes: []
    })
    expect(none.seen).toEqual([])
  })

  it("leaves a state the server did not set off and says why, and still tries the other", async () => {
    const half = answering([429, { detail: "slow down" }], [200, batch("bmk_1", "ok")])
    const applied = await applyStates(half.fetcher, connection, "bmk_1", { favourite: true, archived: true })
    expect(applied.states).toEqual({ favourite: false, archived: true })
    expect(applied.notes).toHaveLength(1)
    expect(applied.notes[0]).toMatch(/^Not marked as a favourite: Too many requests for your plan right now\./)
  })
})

describe("Messages: a save's states", () => {
  it("a save may ask for favourite and archived; anything but booleans is not one of ours", () => {
    expect(
      Messages.decode({ _tag: "save", url: "https://e.example/", tags: [], note: "", favourite: true, archived: true })
    )
      .toMatchObject({ favourite: true, archived: true })
    expect(Messages.decode({ _tag: "save", url: "https://e.example/", tags: [], note: "", favourite: "yes" }))
      .toBeUndefined()
  })
})
