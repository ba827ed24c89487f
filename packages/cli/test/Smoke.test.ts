import { describe, expect, it } from "vitest"
import * as Harness from "./support/Harness.js"

describe("harness smoke", () => {
  it("serves a save and a list on the embedded default", async () => {
    await Harness.withService({ mode: "embedded", env: { SCREENSHOTS: "false" } }, async (service) => {
      const { key } = await service.client.account()
      const saved = await service.client.api("POST", "/bookmarks", key, { url: "https://example.com/x" })
      expect(saved.status).toBe(201)
      const list = await service.client.api("GET", "/bookmarks", key)
      expect(list.body.bookmarks.map((b: { id: string }) => b.id)).toEqual([saved.body.id])
    })
  })
})
