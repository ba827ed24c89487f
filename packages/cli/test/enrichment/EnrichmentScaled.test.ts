/**
 * Enrichment end to end once more in scaled mode (Postgres + Redis): the article, body-text search and an
 * allowlisted redirect to the SSRF trap.
 */
import { External } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import {
  articleCallerTags,
  expectArticle,
  expectBlocked,
  expectBodySearch,
  expectScreenshotServed
} from "../support/EnrichmentExpectations.js"
import * as E from "../support/EnrichmentService.js"
import * as Pages from "../support/FixturePages.js"

const database = External.needs("TEST_DATABASE_URL")
const redis = External.needs("TEST_REDIS_URL")
const chromium = External.needs("CHROMIUM_PATH")

describe.runIf(database.run && redis.run)("enrichment end to end (scaled: Postgres + Redis)", () => {
  let setup: E.Setup
  let articleId = ""
  let redirectId = ""

  beforeAll(async () => {
    setup = await E.start({ mode: "scaled" })
    articleId = await E.save(setup, setup.fixtures.url(Pages.article.path), { tags: [...articleCallerTags] })
    redirectId = await E.save(setup, setup.fixtures.url(Pages.toTrap.path))
  })
  afterAll(async () => {
    await setup?.stop()
  })

  it("an article: og metadata, absolute image and icon, a quoted summary, caller tags then generated", async () => {
    const article = await E.ready(setup, articleId)
    expectArticle(setup, article, chromium.run)
    // Scaled mode keeps screenshots in Postgres, so any API process can serve them.
    if (chromium.run) expect((await expectScreenshotServed(setup, article.screenshot)).width).toBe(1280)
  })

  it("full-text search finds the article by a word that only its page body contains", async () => {
    await expectBodySearch(setup, articleId)
  })

  it("an allowlisted page redirecting to the trap: refused, ready, the trap never reached", async () => {
    expectBlocked(await E.ready(setup, redirectId))
    expect(setup.trap.connections()).toBe(0)
  })
})
