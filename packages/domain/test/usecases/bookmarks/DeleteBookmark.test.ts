/** Delete: the bookmark goes with its screenshot, its job and its pending deliveries. */
import {
  AssetId,
  AssetStore,
  Bookmarks,
  deleteBookmark,
  Deliveries,
  Errors,
  getBookmark,
  Jobs,
  registerWebhook
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { failureOf, inWorld, page, runDueDeliveries, runDueJobs } from "../../support/World.js"

describe("deleteBookmark", () => {
  it.effect("delete removes the bookmark, its screenshot, its job and its pending deliveries", () =>
    inWorld((world) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const accountId = principal.account.id
        const url = "https://example.com/shot"
        world.fetcher.script(url, FakePageFetcher.html(url, page("Shot")))
        world.renderer.script(url, page("Shot"))
        const hook = yield* registerWebhook(accountId, { url: "https://hooks.example.com/in" })
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const record = Option.getOrThrow(yield* (yield* Bookmarks).get(ack.id))
        const assetId = AssetId.make(record.derived.screenshot.split("/").pop() ?? "")
        expect(assetId).toMatch(/^[0-9a-f]{32}$/)
        const pending = yield* (yield* Deliveries).listForWebhook(hook.id)
        expect(pending.map((d) => [d.bookmarkId, d.state])).toEqual([[ack.id, "pending"]])
        yield* deleteBookmark(accountId, ack.id)
        yield* failureOf(getBookmark(accountId, ack.id), Errors.NotFound)
        expect(Option.isNone(yield* (yield* AssetStore).get(assetId))).toBe(true)
        expect(yield* runDueDeliveries).toEqual([])
        expect(yield* (yield* Jobs).pending).toBe(0)
      })
    ))
})
