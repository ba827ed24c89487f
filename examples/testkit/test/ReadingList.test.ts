/**
 * Our reading list against the bookmark service, whole and in memory: no socket, no network, ids and time fixed,
 * the pages the service fetches served by the testkit's fake web.
 */
import { ApiClient } from "@bookmark-library/http/client"
import { TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { afterEach, beforeEach } from "vitest"
import { readingList } from "../src/ReadingList.js"

describe("reading list", () => {
  let app: TestApp.Running
  beforeEach(async () => {
    app = await TestApp.start({ now: "2026-05-01T08:00:00Z" })
  })
  afterEach(() => app.close())

  it("adds a page and shows its title once the service has enriched it", async () => {
    const { key } = await app.createAccount()
    app.servePage("https://blog.example/post", "<title>A post worth reading</title><p>Text.</p>")
    const list = readingList({ baseUrl: app.baseUrl, apiKey: key, fetch: app.fetch })

    const id = await list.add("https://blog.example/post")
    expect(await list.entries()).toEqual([{ id, url: "https://blog.example/post", title: "", ready: false }])

    await app.settle()
    expect(await list.entries()).toEqual([{
      id,
      url: "https://blog.example/post",
      title: "A post worth reading",
      ready: true
    }])
    expect(app.pages.calls).toContain("https://blog.example/post")
  })

  it("reports the service's refusal of a bad URL", async () => {
    const { key } = await app.createAccount()
    const list = readingList({ baseUrl: app.baseUrl, apiKey: key, fetch: app.fetch })
    await expect(list.add("javascript:alert(1)")).rejects.toThrow(/answered 400/)
  })

  it.effect("works the same through the library's typed client", () =>
    Effect.gen(function*() {
      const { key } = yield* Effect.promise(() => app.createAccount())
      const client = yield* ApiClient.make({ baseUrl: app.baseUrl, apiKey: key }).pipe(Effect.provide(app.httpClient))
      yield* Effect.promise(() =>
        readingList({ baseUrl: app.baseUrl, apiKey: key, fetch: app.fetch }).add("https://a.example/")
      )
      const page = yield* client.bookmarks.list({ query: { tag: "to-read" } })
      expect(page.bookmarks.map((b) => b.url)).toEqual(["https://a.example/"])
    }))
})
