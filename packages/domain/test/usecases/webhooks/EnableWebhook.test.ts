/** Re-enabling a webhook starts its failure run afresh. */
import { Actor, enableWebhook, Errors, registerWebhook, Webhooks } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

describe("enableWebhook", () => {
  it.effect("re-activates a webhook with a fresh failure run; unknown → NotFound", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(account.id, { url: "https://hooks.example.com/x" })
        const webhooks = yield* Webhooks
        yield* webhooks.recordAttempt(hook.id, { at: 1, status: 500, ok: false })
        yield* webhooks.setActive(hook.id, false)
        const enabled = yield* enableWebhook(Actor.operator, hook.id)
        expect(enabled).toMatchObject({ active: true, failureCount: 0, lastStatus: 500 })
        expect(Option.getOrThrow(yield* webhooks.get(hook.id)).failingSince).toBeNull()
        expect(yield* failureOf(enableWebhook(Actor.operator, "whk_nope"), Errors.NotFound)).toMatchObject({
          resource: "webhook"
        })
      })
    ))
})
