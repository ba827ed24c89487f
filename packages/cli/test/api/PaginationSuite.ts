/**
 * Walking a 250-bookmark library saved in concurrent bursts (many saves in the same millisecond): every bookmark
 * exactly once, newest first; filters and their combinations; the page-size clamp.
 */
import { beforeAll, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { expectIsoMillis, expectListRow } from "../support/ApiExpect.js"
import { bursts, type Page, walk } from "../support/ApiPaging.js"
import type { ApiContext } from "../support/ApiService.js"

const total = 250
const burstSize = 25

/** What bookmark `i` is saved with, so every filter's answer is known in advance. */
const spec = (i: number) => {
  const zebra = i % 4 === 0
  const quokka = i % 6 === 0
  const news = i % 5 === 0
  const tags = zebra ? ["zebra", `n${i}`] : [`n${i}`]
  return {
    i,
    zebra,
    quokka,
    news,
    body: {
      url: news ? `https://news.example.org/story/${i}` : `https://site${i % 3}.example.com/page/${i}`,
      // Half send tags as a list, half as a comma-separated string.
      tags: i % 2 === 0 ? tags : tags.join(", "),
      note: quokka ? `remember the quokka habitat ${i}` : `ordinary reading item ${i}`
    }
  }
}

export const register = (context: () => ApiContext) => {
  let key = ""
  /** Saved ids by index, and the burst each index was saved in. */
  let ids: Array<string> = []
  /** Ids newest first, as the full walk returned them (checked in the first test). */
  let order: Array<string> = []

  beforeAll(async () => {
    const { client } = context().service
    key = (await ApiAccounts.create(client, "ultra")).key
    ids = await bursts(total, burstSize, async (i) => {
      const saved = await client.api("POST", "/bookmarks", key, spec(i).body)
      if (saved.status !== 201) throw new Error(`save ${i}: ${saved.status} ${saved.text}`)
      return saved.body.id as string
    })
  })

  const expected = (keep: (s: ReturnType<typeof spec>) => boolean) => {
    const wanted = new Set(ids.filter((_, i) => keep(spec(i))))
    return order.filter((id) => wanted.has(id))
  }

  it("walks 250 bookmarks with limit=7: each exactly once, newest first, ending with nextBefore null", async () => {
    const { client } = context().service
    const { rows, pages } = await walk(client, key, {}, 7)
    expect(pages).toHaveLength(Math.ceil(total / 7))
    pages.slice(0, -1).forEach((page) => {
      expect(page.bookmarks).toHaveLength(7)
      expect(page.nextBefore).toBe(page.bookmarks[6]!.createdAt)
    })
    expect(pages.at(-1)!.bookmarks).toHaveLength(total % 7)
    expect(pages.at(-1)!.nextBefore).toBeNull()

    for (const row of rows) expectListRow({ ...row })
    const walked = rows.map((r) => r.id)
    expect(new Set(walked).size).toBe(total)
    expect([...walked].sort()).toEqual([...ids].sort())
    const times = rows.map((r) => Date.parse(r.createdAt))
    times.slice(1).forEach((t, i) => expect(t, `row ${i + 1}`).toBeLessThan(times[i]!))
    // A later burst started after the previous one was acknowledged, so all of it is newer.
    const burstOf = new Map(ids.map((id, i) => [id, Math.floor(i / burstSize)]))
    const bursts = walked.map((id) => burstOf.get(id)!)
    bursts.slice(1).forEach((b, i) => expect(b).toBeLessThanOrEqual(bursts[i]!))
    order = walked
  })

  it("filters by tag, by a word of the note and by the URL's host, each walked page by page", async () => {
    const { client } = context().service
    expect(order).toHaveLength(total)
    const walkIds = async (query: Record<string, string>) => (await walk(client, key, query, 7)).rows.map((r) => r.id)
    const zebras = expected((s) => s.zebra)
    expect(zebras.length).toBe(63)
    expect(await walkIds({ tag: "zebra" })).toEqual(zebras)
    expect(await walkIds({ tag: "ZEBRA" })).toEqual(zebras)
    expect(await walkIds({ tag: "n17" })).toEqual(expected((s) => s.i === 17))
    expect(await walkIds({ q: "quokka" })).toEqual(expected((s) => s.quokka))
    expect(await walkIds({ q: "news.example.org" })).toEqual(expected((s) => s.news))
    expect(await walkIds({ tag: "nothing-has-this" })).toEqual([])
  })

  it("combines filters: tag with q, q with q-words, tag with type", async () => {
    const { client } = context().service
    const list = async (query: string) => {
      const answer = await client.api<Page>("GET", `/bookmarks?limit=100&${query}`, key)
      expect(answer.status, answer.text).toBe(200)
      return answer.body.bookmarks.map((b) => b.id)
    }
    expect(await list("tag=zebra&q=quokka")).toEqual(expected((s) => s.zebra && s.quokka))
    expect(await list("tag=zebra&q=news.example.org")).toEqual(expected((s) => s.zebra && s.news))
    expect(await list(`q=${encodeURIComponent("quokka news.example.org")}`)).toEqual(
      expected((s) => s.quokka && s.news)
    )
    expect(await list("tag=zebra&type=website&q=quokka")).toEqual(expected((s) => s.zebra && s.quokka))
    expect(await list("tag=zebra&type=image")).toEqual([])
  })

  it("clamps limit=500 to 100 rows and keeps the cursor", async () => {
    const { client } = context().service
    const first = await client.api<Page>("GET", "/bookmarks?limit=500", key)
    expect(first.status, first.text).toBe(200)
    expect(first.body.bookmarks).toHaveLength(100)
    expect(first.body.bookmarks.map((b) => b.id)).toEqual(order.slice(0, 100))
    expectIsoMillis(first.body.nextBefore)
    const next = await client.api<Page>(
      "GET",
      `/bookmarks?limit=500&before=${encodeURIComponent(first.body.nextBefore!)}`,
      key
    )
    expect(next.body.bookmarks.map((b) => b.id)).toEqual(order.slice(100, 200))
    const defaults = await client.api<Page>("GET", "/bookmarks", key)
    expect(defaults.body.bookmarks.map((b) => b.id)).toEqual(order.slice(0, 50))
  })
}
