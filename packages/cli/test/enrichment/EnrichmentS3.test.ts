/**
 * The whole service on object storage: `ASSET_STORE=s3` against a real S3-compatible server (s3rver on loopback,
 * started here, so this never skips for want of one). A saved page's screenshot lands in the bucket, is served from
 * it by the API, and leaves the bucket with its bookmark.
 */
import { BookmarkId, Bookmarks, deleteBookmark } from "@bookmark-library/domain"
import { External, S3TestServer } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { readdirSync } from "node:fs"
import { expectScreenshotServed } from "../support/EnrichmentExpectations.js"
import * as E from "../support/EnrichmentService.js"
import * as Pages from "../support/FixturePages.js"

const chromium = External.needs("CHROMIUM_PATH")

/** Object files s3rver holds for `id` (it keeps each object's bytes in a file named after its key). */
const objectFiles = (s3: S3TestServer.S3TestServer, id: string) =>
  readdirSync(s3.directory, { recursive: true, encoding: "utf8" }).filter((name) => name.includes(id))

describe.runIf(chromium.run)("enrichment on S3 object storage (embedded)", () => {
  let s3: S3TestServer.S3TestServer
  let setup: E.Setup

  beforeAll(async () => {
    s3 = await S3TestServer.start()
    setup = await E.start({ mode: "embedded", env: { ...s3.env, S3_PREFIX: "library/" } })
  }, 120_000)
  afterAll(async () => {
    await setup?.stop()
    await s3?.close()
  })

  it("saves the screenshot in the bucket, serves it from there, and deletes it with the bookmark", async () => {
    const id = await E.save(setup, setup.fixtures.url(Pages.article.path))
    const bookmark = await E.ready(setup, id)
    const image = await expectScreenshotServed(setup, bookmark.screenshot)
    expect(image.width).toBe(1280)
    const assetId = bookmark.screenshot.split("/").at(-1) ?? ""
    expect(objectFiles(s3, assetId).length).toBeGreaterThan(0)
    expect(readdirSync(s3.directory, { recursive: true, encoding: "utf8" }).some((n) => n.includes("library")))
      .toBe(true)

    // The web app's delete (the JSON API has none): its use case, run in the service's own composition.
    await setup.service.run(Effect.gen(function*() {
      const record = Option.getOrThrow(yield* (yield* Bookmarks).get(BookmarkId.make(id)))
      yield* deleteBookmark(record.accountId, id)
    }))
    expect((await fetch(bookmark.screenshot)).status).toBe(404)
    expect(objectFiles(s3, assetId)).toEqual([])
  }, 120_000)
})
