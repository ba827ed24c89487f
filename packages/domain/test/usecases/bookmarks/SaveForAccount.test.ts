/** Saves into an account from the app or the extension emit like API saves. */
import {
  Deliveries,
  Delivery,
  Errors,
  getBookmark,
  Jobs,
  registerWebhook,
  saveForAccount
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Schema } from "effect"
import { failureOf, inWorld, page, runDueJobs } from "../../support/World.js"

const url = "https://blog.example.com/post"

describe("saveForAccount", () => {
  it.effect("stores the bookmark, enqueues its job and emits bookmark.saved like an API save", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/app" })
        fetcher.script(url, FakePageFetcher.html(url, page("From The App")))
        const ack = yield* saveForAccount(account.id, { url, tags: "app", source: "extension" })
        expect(ack).toMatchObject({ url, status: "processing" })
        expect(yield* (yield* Jobs).pending).toBe(1)
        yield* runDueJobs
        const [row] = yield* (yield* Deliveries).listForWebhook(hook.id)
        const envelope = Schema.decodeUnknownSync(Delivery.Envelope)(JSON.parse(row?.body ?? "{}"))
        const { highlights: _count, ...read } = yield* getBookmark(principal.account.id, ack.id)
        expect(envelope.data).toEqual(read)
        expect(envelope.data).toMatchObject({ title: "From The App", tags: ["app", "bookmarks", "deserve", "careful"] })
      })
    ))

  it.effect("refuses an unknown account", () =>
    inWorld(() =>
      Effect.gen(function*() {
        expect(yield* failureOf(saveForAccount("acc_nope", { url, source: "app" }), Errors.NotFound)).toMatchObject({
          resource: "account"
        })
      })
    ))
})
