/**
 * TestApp as another team uses it: the JSON API answers without a socket, enrichment and webhooks run on demand,
 * the recording fakes show what left the service, ids and times are deterministic, and the typed client works over it.
 */
import { ApiClient } from "@bookmark-library/http/client"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as TestApp from "../src/TestApp.js"

const json = (body: unknown, key: string) => ({
  method: "POST",
  headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
  body: JSON.stringify(body)
})

describe("TestApp", () => {
  it("saves through the JSON API, enriches from the fake web on demand, and delivers a signed webhook", async () => {
    const app = await TestApp.start()
    try {
      const { key } = await app.createAccount()
      app.servePage(
        "https://example.com/article",
        "<html><head><title>An article</title></head><body><p>Worth reading.</p></body></html>"
      )
      const hook = await app.fetch("/v1/api/webhooks", json({ url: "https://receiver.example/hook" }, key))
      expect(hook.status).toBe(201)
      const saved = await app.fetch(
        "/v1/api/bookmarks",
        json({ url: "https://example.com/article", tags: "later" }, key)
      )
      expect(saved.status).toBe(201)
      const { id } = await saved.json() as { id: string }
      expect(app.pages.calls).toEqual([])
      expect(await app.processJobs()).toBe(1)
      // The page, then /favicon.ico of its origin (checked because the page declares no icon).
      expect(app.pages.calls).toEqual(["https://example.com/article", "https://example.com/favicon.ico"])
      const read = await app.fetch(`/v1/api/bookmarks/${id}`, { headers: { authorization: `Bearer ${key}` } })
      expect(await read.json()).toMatchObject({
        id,
        status: "ready",
        title: "An article",
        tags: expect.arrayContaining(["later"])
      })
      expect(await app.deliverWebhooks()).toBe(1)
      expect(app.webhooks.sent.map((s) => s.url)).toEqual(["https://receiver.example/hook"])
      expect(JSON.parse(app.webhooks.sent[0]?.body ?? "{}")).toMatchObject({ event: "bookmark.saved", data: { id } })
    } finally {
      await app.close()
    }
  })

  it("reads pages as the server does: single-quoted and unquoted attributes, a site name after the title", async () => {
    const app = await TestApp.start()
    try {
      const { key } = await app.createAccount()
      app.servePage(
        "https://blog.example.com/deep-dive",
        "<html><head><title>A deep dive into tide pools | Example Blog</title>" +
          "<meta property='og:site_name' content='Example Blog'>" +
          "<meta name=description content=Anemones,&#32;crabs&#32;and&#32;the&#32;moon.>" +
          "</head><body><article><h1>A deep dive into tide pools</h1>" +
          "<p>Tide pools are small worlds left behind when the sea goes out twice a day.</p></article></body></html>"
      )
      const saved = await app.fetch("/v1/api/bookmarks", json({ url: "https://blog.example.com/deep-dive" }, key))
      const { id } = await saved.json() as { id: string }
      await app.processJobs()
      const read = await app.fetch(`/v1/api/bookmarks/${id}`, { headers: { authorization: `Bearer ${key}` } })
      expect(await read.json()).toMatchObject({
        status: "ready",
        title: "A deep dive into tide pools",
        description: "Anemones, crabs and the moon."
      })
    } finally {
      await app.close()
    }
  })

  it("answers problems as the server does: unknown key 401, bad input 400, unknown route 404", async () => {
    const app = await TestApp.start()
    const { key } = await app.createAccount()
    expect((await app.fetch("/v1/api/bookmarks", { headers: { authorization: "Bearer bk_nope" } })).status).toBe(401)
    const bad = await app.fetch("/v1/api/bookmarks", json({ url: "ftp://example.com/" }, key))
    expect(bad.status).toBe(400)
    expect(bad.headers.get("content-type")).toBe("application/problem+json")
    expect((await app.fetch("/nowhere")).status).toBe(404)
    await app.close()
  })

  it("gives the same ids and times to the same seed and start, and moves time only when told", async () => {
    const run = async () => {
      const app = await TestApp.start({ seed: 7, now: "2026-03-01T10:00:00Z" })
      const { key } = await app.createAccount()
      const saved = await (await app.fetch("/v1/api/bookmarks", json({ url: "https://example.com/" }, key))).json() as {
        id: string
      }
      await app.advance("90 seconds")
      const page = await (await app.fetch("/v1/api/bookmarks", { headers: { authorization: `Bearer ${key}` } }))
        .json() as {
          bookmarks: Array<{ createdAt: string }>
        }
      const now = await app.now()
      await app.close()
      return { key, id: saved.id, createdAt: page.bookmarks[0]?.createdAt, now }
    }
    const first = await run()
    expect(await run()).toEqual(first)
    expect(first.createdAt).toBe("2026-03-01T10:00:00.000Z")
    expect(first.now).toBe(Date.parse("2026-03-01T10:01:30Z"))
  })

  it("keeps the per-minute allowance on its own clock: refused past the limit, served again a minute later", async () => {
    const app = await TestApp.start({
      settings: {
        plans: {
          free: { perMinute: 2, perMonth: 100 },
          plus: { perMinute: 2, perMonth: 100 },
          ultra: { perMinute: 2, perMonth: 100 }
        }
      }
    })
    const { key } = await app.createAccount()
    const list = () => app.fetch("/v1/api/bookmarks", { headers: { authorization: `Bearer ${key}` } })
    expect([(await list()).status, (await list()).status, (await list()).status]).toEqual([200, 200, 429])
    await app.advance("1 minute")
    expect((await list()).status).toBe(200)
    await app.close()
  })

  it.effect("serves the typed client of @bookmark-library/http/client over its HttpClient, in an Effect test", () =>
    Effect.gen(function*() {
      const app = yield* TestApp.make()
      const { key } = yield* Effect.promise(() => app.createAccount("plus"))
      const client = yield* ApiClient.make({ baseUrl: app.baseUrl, apiKey: key }).pipe(Effect.provide(app.httpClient))
      const ack = yield* client.bookmarks.create({ payload: { url: "https://example.com/typed" } })
      expect(ack.status).toBe("processing")
      const usage = yield* client.usage.get()
      expect(usage.tier).toBe("plus")
      expect(usage.usage.month).toBe(2)
    }))
})
