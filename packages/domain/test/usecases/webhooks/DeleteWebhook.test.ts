/** Deleting a webhook removes it and cancels its pending deliveries; only the owner may. */
import { deleteWebhook, Deliveries, Errors, listWebhooks, registerWebhook } from "@bookmark-library/domain"
import { FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld, page, runDueJobs } from "../../support/World.js"

describe("deleteWebhook", () => {
  it.effect("answers {ok: true}, removes the webhook and cancels its pending deliveries", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { account, principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/del" })
        fetcher.script("https://example.com/", FakePageFetcher.html("https://example.com/", page("P")))
        yield* Fixtures.save(principal, { url: "https://example.com/" })
        yield* runDueJobs
        expect(yield* failureOf(deleteWebhook(other.account.id, hook.id), Errors.Forbidden)).toMatchObject({
          id: hook.id
        })
        expect(yield* deleteWebhook(account.id, hook.id)).toEqual({ ok: true })
        expect((yield* listWebhooks(account.id)).webhooks).toEqual([])
        expect((yield* (yield* Deliveries).listForWebhook(hook.id)).map((d) => d.state)).toEqual(["cancelled"])
        expect(yield* failureOf(deleteWebhook(account.id, hook.id), Errors.NotFound)).toMatchObject({
          resource: "webhook"
        })
      })
    ))
})
