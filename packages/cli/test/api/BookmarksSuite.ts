/** Saving and reading bookmarks: the acknowledgement, the full bookmark, list rows, tags, repeats, enriched types. */
import { expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { expectBookmark, expectIsoMillis, expectListRow } from "../support/ApiExpect.js"
import type { Page } from "../support/ApiPaging.js"
import type { ApiContext } from "../support/ApiService.js"

export const register = (context: () => ApiContext) => {
  it("answers a save with the acknowledgement at once, then serves every field of the bookmark", async () => {
    const { client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const saved = await client.api("POST", "/bookmarks", key, {
      url: "https://docs.example.net/guide",
      tags: ["reading", "Guides"],
      note: "read the chapter on indexes"
    })
    expect(saved.status, saved.text).toBe(201)
    expect(saved.headers.get("content-type")).toMatch(/^application\/json/)
    expect(Object.keys(saved.body).sort()).toEqual(["id", "status", "url"])
    expect(saved.body).toMatchObject({ url: "https://docs.example.net/guide", status: "processing" })
    expect(typeof saved.body.id).toBe("string")

    const got = await client.api("GET", `/bookmarks/${saved.body.id}`, key)
    expect(got.status, got.text).toBe(200)
    expectBookmark(got.body)
    expect(got.body).toMatchObject({
      id: saved.body.id,
      url: "https://docs.example.net/guide",
      note: "read the chapter on indexes",
      type: "website"
    })
    expect(got.body.tags.slice(0, 2)).toEqual(["reading", "Guides"])
    expect(["processing", "ready"]).toContain(got.body.status)
    expect(Math.abs(Date.parse(got.body.createdAt) - context().service.clock.now())).toBeLessThan(60_000)

    const list = await client.api<Page>("GET", "/bookmarks", key)
    expect(list.status).toBe(200)
    expect(Object.keys(list.body).sort()).toEqual(["bookmarks", "nextBefore"])
    expect(list.body.nextBefore).toBeNull()
    expect(list.body.bookmarks).toHaveLength(1)
    const row = list.body.bookmarks[0]!
    expectListRow({ ...row })
    expect(row).toMatchObject({
      id: saved.body.id,
      url: "https://docs.example.net/guide",
      createdAt: got.body.createdAt
    })
  })

  it("takes tags as a comma-separated string: trimmed, empties dropped, repeats ignoring case removed", async () => {
    const { client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const saved = await client.api("POST", "/bookmarks", key, {
      url: "https://example.com/tags",
      tags: " alpha, Beta ,, ALPHA ,gamma  ray "
    })
    expect(saved.status, saved.text).toBe(201)
    const got = await client.api("GET", `/bookmarks/${saved.body.id}`, key)
    expect(got.body.tags.slice(0, 3)).toEqual(["alpha", "Beta", "gamma ray"])
    const filtered = await client.api<Page>("GET", "/bookmarks?tag=beta", key)
    expect(filtered.body.bookmarks.map((b) => b.id)).toEqual([saved.body.id])
  })

  it("saves the page again when a save is repeated (not idempotent)", async () => {
    const { client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const body = { url: "https://example.com/twice", tags: "x", note: "same" }
    const first = await client.api("POST", "/bookmarks", key, body)
    const second = await client.api("POST", "/bookmarks", key, body)
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body.id).not.toBe(first.body.id)
    const list = await client.api<Page>("GET", "/bookmarks", key)
    expect(list.body.bookmarks.map((b) => b.id)).toEqual([second.body.id, first.body.id])
    expect(list.body.bookmarks.map((b) => b.url)).toEqual(["https://example.com/twice", "https://example.com/twice"])
  })

  it("accepts the largest allowed values: a 2,048-character url, 32 tags of 64 characters, a 10,000-character note", async () => {
    const { client } = context().service
    const { key } = await ApiAccounts.create(client, "ultra")
    const url = "https://example.com/" + "a".repeat(2048 - "https://example.com/".length)
    const tags = Array.from({ length: 32 }, (_, i) => `${String(i).padStart(2, "0")}${"t".repeat(62)}`)
    const note = "n".repeat(10_000)
    const saved = await client.api("POST", "/bookmarks", key, { url, tags, note })
    expect(saved.status, saved.text.slice(0, 300)).toBe(201)
    expect(saved.body.url).toBe(url)
    const got = await client.api("GET", `/bookmarks/${saved.body.id}`, key)
    expect(got.body.tags.slice(0, 32)).toEqual(tags)
    expect(got.body.note).toBe(note)
  })

  it("enriches in the background and filters by type: image, article, and a site it may not reach", async () => {
    const { service, fixture } = context()
    const { client } = service
    const { key } = await ApiAccounts.create(client, "ultra")
    const save = async (url: string, tags: string) => {
      const saved = await client.api("POST", "/bookmarks", key, { url, tags })
      expect(saved.status, saved.text).toBe(201)
      return saved.body.id as string
    }
    const image = await save(`${fixture.origin}/photo.png`, "media")
    const articleId = await save(`${fixture.origin}/article.html`, "media, reading")
    const blocked = await save("https://intranet.example.com/secret", "reading")

    const [imageBody, articleBody, blockedBody] = await Promise.all([
      client.ready(key, image),
      client.ready(key, articleId),
      client.ready(key, blocked)
    ])
    for (const body of [imageBody, articleBody, blockedBody]) expectBookmark(body)
    expect(imageBody).toMatchObject({ type: "image", processingError: "" })
    expect(articleBody).toMatchObject({
      type: "article",
      title: "Field notes on the quiet pangolin",
      description: "A long read about pangolins and their habits.",
      processingError: ""
    })
    expect(articleBody.summary.length).toBeGreaterThan(0)
    expect(articleBody.summary).toMatch(/pangolin/i)
    // A bookmark saves what could be reached: nothing derived, the reason recorded.
    expect(blockedBody).toMatchObject({ type: "website", title: "", summary: "" })
    expect(blockedBody.processingError.length).toBeGreaterThan(0)

    const ids = async (query: string) => {
      const answer = await client.api<Page>("GET", `/bookmarks?${query}`, key)
      expect(answer.status, answer.text).toBe(200)
      for (const row of answer.body.bookmarks) expectIsoMillis(row.createdAt)
      return answer.body.bookmarks.map((b) => b.id)
    }
    expect(await ids("type=image")).toEqual([image])
    expect(await ids("type=article")).toEqual([articleId])
    expect(await ids("type=website")).toEqual([blocked])
    expect(await ids("type=textNote")).toEqual([])
    expect(await ids("tag=media")).toEqual([articleId, image])
    expect(await ids("tag=media&type=article")).toEqual([articleId])
    expect(await ids("tag=reading&type=website")).toEqual([blocked])
    // The article's own words are searchable once processed.
    expect(await ids("q=termites")).toEqual([articleId])
    expect(await ids("q=termites&type=image")).toEqual([])
  })

  it("reports usage with the plan, its limits and the counts", async () => {
    const { client } = context().service
    const { key } = await ApiAccounts.create(client, "free")
    const usage = await client.api("GET", "/usage", key)
    expect(usage.status, usage.text).toBe(200)
    expect(usage.body).toEqual({
      tier: "free",
      limits: { perMinute: 60, perMonth: 1000 },
      usage: { month: 1, total: 1, byKey: { [ApiAccounts.masked(key)]: 1 } },
      // Additive: the bytes the account keeps in the asset store (nothing saved yet).
      storage: { bytes: 0 }
    })
  })

  it("registers, lists, tests and deletes a webhook with the fields of docs/api.md", async () => {
    const { service, fixture } = context()
    const { client } = service
    const { key } = await ApiAccounts.create(client, "ultra")
    const url = `${fixture.origin}/hook`
    const registered = await client.api("POST", "/webhooks", key, { url, description: "inbox" })
    expect(registered.status, registered.text).toBe(201)
    expect(Object.keys(registered.body).sort()).toEqual(["active", "events", "id", "secret", "url"])
    expect(registered.body).toMatchObject({ url, events: ["bookmark.saved"], active: true })
    expect(registered.body.secret).toMatch(/^whsec_/)

    const listed = await client.api("GET", "/webhooks", key)
    expect(listed.status).toBe(200)
    expect(listed.body.events).toEqual(["bookmark.saved"])
    expect(listed.body.webhooks).toHaveLength(1)
    expect(Object.keys(listed.body.webhooks[0]).sort()).toEqual(
      ["active", "description", "events", "failureCount", "id", "lastDeliveredAt", "lastStatus", "secret", "url"]
    )
    expect(listed.body.webhooks[0]).toMatchObject({
      id: registered.body.id,
      url,
      description: "inbox",
      active: true,
      failureCount: 0,
      secret: registered.body.secret
    })

    const hooksBefore = fixture.hooks.length
    const tested = await client.api("POST", `/webhooks/${registered.body.id}/test`, key)
    expect(tested.status, tested.text).toBe(200)
    expect(tested.body).toMatchObject({ ok: true, status: 200 })
    expect(fixture.hooks.length).toBe(hooksBefore + 1)

    const deleted = await client.api("DELETE", `/webhooks/${registered.body.id}`, key)
    expect(deleted.status, deleted.text).toBe(200)
    expect(deleted.body).toEqual({ ok: true })
    const after = await client.api("GET", "/webhooks", key)
    expect(after.body.webhooks).toEqual([])
  })
}
