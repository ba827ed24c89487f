/**
 * Search and the exact-URL lookup as a user meets them: an empty `q` is no search, `c++` finds the pages about
 * C++ (not every word starting with c), punctuation alone finds nothing, and `url=` answers "is this page saved?"
 * for any spelling a save would normalise the same way.
 */
import { beforeAll, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { expectProblem } from "../support/ApiExpect.js"
import type { Page } from "../support/ApiPaging.js"
import type { ApiContext } from "../support/ApiService.js"

export const register = (context: () => ApiContext) => {
  let key = ""
  const saved: Record<string, string> = {}

  const ids = async (query: string) => {
    const answer = await context().service.client.api<Page>("GET", `/bookmarks?${query}`, key)
    expect(answer.status, answer.text).toBe(200)
    return answer.body.bookmarks.map((b) => b.id)
  }

  beforeAll(async () => {
    const { client } = context().service
    key = (await ApiAccounts.create(client, "ultra")).key
    const saves = [
      ["cpp", { url: "https://isocpp.example.org/templates", note: "C++ templates explained" }],
      ["cooking", { url: "https://cooking.example.com/", note: "Cooking for cats" }],
      ["first", { url: "https://pages.example.net/article", note: "read later" }],
      ["second", { url: "https://PAGES.example.net:443/article", note: "saved again" }]
    ] as const
    for (const [name, body] of saves) {
      const answer = await client.api("POST", "/bookmarks", key, body)
      if (answer.status !== 201) throw new Error(answer.text)
      saved[name] = answer.body.id
    }
  })

  it("reads an empty or blank q as no search", async () => {
    const all = await ids("")
    expect(all).toHaveLength(4)
    expect(await ids("q=")).toEqual(all)
    expect(await ids("q=%20%20")).toEqual(all)
    expect(await ids("q=&tag=&type=&url=")).toEqual(all)
  })

  it("finds C++ pages for q=c++, not every word starting with c", async () => {
    expect(await ids("q=c%2B%2B")).toEqual([saved.cpp])
    expect(await ids("q=C%2B%2B%20templates")).toEqual([saved.cpp])
    expect(await ids("q=cook")).toEqual([saved.cooking])
  })

  it("finds nothing for a query of punctuation alone", async () => {
    for (const q of ["%2B%2B", "!!!", "-", "%22", "%26%7C!", "(", ":*"]) {
      expect(await ids(`q=${q}`), q).toEqual([])
    }
  })

  it("looks a page up by exact URL, normalised as a save is, newest first", async () => {
    const both = [saved.second, saved.first]
    expect(await ids(`url=${encodeURIComponent("https://pages.example.net/article")}`)).toEqual(both)
    expect(await ids(`url=${encodeURIComponent("https://Pages.Example.NET/article")}`)).toEqual(both)
    expect(await ids(`url=${encodeURIComponent("https://pages.example.net/article")}&limit=1`)).toEqual([saved.second])
    expect(await ids(`url=${encodeURIComponent("https://pages.example.net/article/")}`)).toEqual([])
    expect(await ids(`url=${encodeURIComponent("https://pages.example.net/article")}&q=later`)).toEqual([saved.first])
  })

  it("refuses a url filter that no save would accept, naming it", async () => {
    const answer = await context().service.client.api(
      "GET",
      `/bookmarks?url=${encodeURIComponent("ftp://example.com/")}`,
      key
    )
    expectProblem(answer, 400, "invalid_input")
    expect(answer.body.field).toBe("url")
  })
}
