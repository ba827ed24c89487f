/**
 * The MCP face on the account's allowance, with both client generations: each tool call and resource read is one
 * request of the key used, housekeeping is free, the 61st charged call of a minute on the free plan is refused
 * with the wait and not run, `get_usage` still answers once the month is spent, and a revoked key is refused on its
 * next call.
 */
import { expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { type ApiContext, plusPerMonth } from "../support/ApiService.js"
import { type Generation, type Session, textOf, withSession } from "../support/McpClients.js"

const minute = 60_000

export const register = (context: () => ApiContext, generation: Generation) => {
  const session = <A>(key: string, f: (s: Session) => Promise<A>) =>
    withSession(generation, context().service.baseUrl, { key }, f)

  const usage = async (s: Session) => {
    const answer = await s.call("get_usage")
    expect(answer.isError, textOf(answer)).not.toBe(true)
    return answer.structuredContent as { usage: { month: number; total: number; byKey: Record<string, number> } }
  }

  it("counts every tool call and resource read once, under the key that made it; housekeeping is free", async () => {
    const { client } = context().service
    const account = await ApiAccounts.create(client, "free", 2)
    const [first, second] = account.keys
    let id = ""
    await session(first!.key, async (s) => {
      await s.listTools()
      await s.listResourceTemplates()
      await s.ping?.()
      id = (await s.call("save_bookmark", { url: "https://example.com/counted" })).structuredContent!["id"] as string
      await s.call("list_tags")
      await s.call("search_bookmarks", { limit: 0 }) // an error result is a call like any other
      await s.readResource(`bookmark://${id}`)
    })
    await session(second!.key, async (s) => {
      await s.listTools()
      await s.call("get_bookmark", { id })
      await s.call("get_bookmark_content", { id })
    })
    const report = await session(first!.key, async (s) => {
      await s.listTools()
      return usage(s)
    })
    // 4 calls and this get_usage by the first key, 2 by the second; the handshakes, lists and pings are free.
    expect(report.usage).toEqual({ month: 7, total: 7, byKey: { [first!.masked]: 5, [second!.masked]: 2 } })
    const api = await client.api("GET", "/usage", second!.key)
    expect(api.body.usage.byKey).toEqual({ [first!.masked]: 5, [second!.masked]: 3 })
  })

  it("refuses the 61st charged call of a minute on the free plan with the wait, without running it", async () => {
    const { client, clock } = context().service
    const { key } = await ApiAccounts.create(client, "free")
    await session(key, async (s) => {
      // Start just after a minute boundary so every call falls inside one window.
      clock.advance(minute - (clock.now() % minute) + 50)
      for (let i = 0; i < 60; i++) {
        const answer = await s.call("search_bookmarks", { limit: 1 })
        expect(answer.isError, textOf(answer)).not.toBe(true)
      }
      const refused = await s.call("save_bookmark", { url: "https://example.com/too-late" }).then(
        () => undefined,
        (error: unknown) => String(error)
      )
      expect(refused).toMatch(/Per-minute limit of 60 requests reached; retry in \d+ s/)
      const wait = Number(/retry in (\d+) s/.exec(refused ?? "")?.[1])
      expect(wait).toBeGreaterThanOrEqual(1)
      expect(wait).toBeLessThanOrEqual(60)
      // Housekeeping is not refused: the client can still see what exists.
      expect((await s.listTools()).length).toBe(10)
    })

    clock.advance(minute)
    await session(key, async (s) => {
      const page = (await s.call("search_bookmarks")).structuredContent as { bookmarks: Array<unknown> }
      expect(page.bookmarks).toEqual([]) // the refused save never ran
      expect((await usage(s)).usage.month).toBe(62) // 60, then this search and get_usage; the refusal not counted
    })
  })

  it("answers get_usage, uncharged, once the month is spent; every other call stays refused", async () => {
    const { client } = context().service
    const account = await ApiAccounts.create(client, "plus")
    await session(account.key, async (s) => {
      for (let i = 0; i < plusPerMonth; i++) expect((await s.call("list_tags")).isError).not.toBe(true)
      const refused = await s.call("list_tags").then(() => "", (error: unknown) => String(error))
      expect(refused).toMatch(/Monthly allowance of \d+ requests used up/)
      for (let i = 0; i < 2; i++) {
        expect((await usage(s)).usage).toMatchObject({ month: plusPerMonth, total: plusPerMonth })
      }
    })
    const api = await client.api("GET", "/usage", account.key)
    expect(api.body.usage.month).toBe(plusPerMonth)
  })

  it("refuses a revoked key on its next call", async () => {
    const { client } = context().service
    const account = await ApiAccounts.create(client, "free", 2)
    const [revoked, kept] = account.keys
    await session(revoked!.key, async (s) => {
      expect((await s.call("list_tags")).isError).not.toBe(true)
      const answer = await client.admin("DELETE", `/keys/${revoked!.id}`)
      expect(answer.status, answer.text).toBe(200)
      await expect(s.call("list_tags")).rejects.toThrow(/revoked/)
      await expect(s.call("save_bookmark", { url: "https://example.com/after-revoke" })).rejects.toThrow(/revoked/)
    })
    const report = await session(kept!.key, usage)
    expect(report.usage.byKey).toEqual({ [revoked!.masked]: 1, [kept!.masked]: 1 })
  })
}
