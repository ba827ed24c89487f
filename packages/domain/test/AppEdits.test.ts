/** App edits override derived values and survive processing; saves from the app emit like API saves. */
import {
  Deliveries,
  Delivery,
  editBookmark,
  enableWebhook,
  Errors,
  getBookmark,
  Jobs,
  registerWebhook,
  saveFromApp,
  Webhooks
} from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Schema } from "effect"
import { failureOf, inWorld, page, runDueJobs } from "./support/World.js"

const url = "https://blog.example.com/post"

describe("editBookmark", () => {
  it.effect("overrides win over derived values and survive a later completion", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Derived Title", "Derived description")))
        const ack = yield* Fixtures.save(principal, { url, tags: ["caller"], note: "api note" })
        const edited = yield* editBookmark(ack.id, { title: "My Title", tags: "Edited, edited, mine", note: "app note" })
        expect(edited).toMatchObject({ title: "My Title", tags: ["Edited", "mine"], note: "app note" })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done).toMatchObject({
          status: "ready",
          title: "My Title",
          description: "Derived description",
          tags: ["Edited", "mine"],
          note: "app note"
        })
        // Edits after completion win too, and merge with earlier ones.
        const later = yield* editBookmark(ack.id, { description: "My description" })
        expect(later).toMatchObject({ title: "My Title", description: "My description" })
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({ description: "My description", title: "My Title" })
      })))

  it.effect("refuses bad edits with the field, and an unknown bookmark with NotFound", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const ack = yield* Fixtures.save(principal, { url })
        for (const [payload, field] of [
          [{ title: "t".repeat(1_001) }, "title"],
          [{ description: "d".repeat(5_001) }, "description"],
          [{ note: "n".repeat(10_001) }, "note"],
          [{ tags: ["x".repeat(65)] }, "tags"]
        ] as const) {
          expect((yield* failureOf(editBookmark(ack.id, payload), Errors.InvalidInput)).field).toBe(field)
        }
        expect(yield* failureOf(editBookmark("bmk_nope", { title: "x" }), Errors.NotFound)).toMatchObject({ resource: "bookmark" })
      })))
})

describe("saveFromApp", () => {
  it.effect("stores the bookmark, enqueues its job and emits bookmark.saved like an API save", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/app" })
        fetcher.script(url, FakePageFetcher.html(url, page("From The App")))
        const ack = yield* saveFromApp(account.id, { url, tags: "app", source: "extension" })
        expect(ack).toMatchObject({ url, status: "processing" })
        expect(yield* (yield* Jobs).pending).toBe(1)
        yield* runDueJobs
        const [row] = yield* (yield* Deliveries).listForWebhook(hook.id)
        const envelope = Schema.decodeUnknownSync(Delivery.Envelope)(JSON.parse(row?.body ?? "{}"))
        expect(envelope.data).toEqual(yield* getBookmark(principal.account.id, ack.id))
        expect(envelope.data).toMatchObject({ title: "From The App", tags: ["app", "bookmarks", "deserve", "careful"] })
      })))

  it.effect("refuses an unknown account", () =>
    inWorld(() =>
      Effect.gen(function*() {
        expect(yield* failureOf(saveFromApp("acc_nope", { url, source: "app" }), Errors.NotFound)).toMatchObject({ resource: "account" })
      })))
})

describe("enableWebhook", () => {
  it.effect("re-activates a webhook with a fresh failure run; unknown → NotFound", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/x" })
        const webhooks = yield* Webhooks
        yield* webhooks.recordAttempt(hook.id, { at: 1, status: 500, ok: false })
        yield* webhooks.setActive(hook.id, false)
        const enabled = yield* enableWebhook(hook.id)
        expect(enabled).toMatchObject({ active: true, failureCount: 0, lastStatus: 500 })
        expect(Option.getOrThrow(yield* webhooks.get(hook.id)).failingSince).toBeNull()
        expect(yield* failureOf(enableWebhook("whk_nope"), Errors.NotFound)).toMatchObject({ resource: "webhook" })
      })))
})
