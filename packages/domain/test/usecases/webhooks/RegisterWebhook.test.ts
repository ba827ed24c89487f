/** Registering webhooks: https only (unless allowed), known events, at most 10, the address policy, defaults. */
import { Errors, listWebhooks, registerWebhook, Webhook } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { failureOf, inWorld } from "../../support/World.js"

const refused = (payload: Webhook.RegisterPayload) =>
  Effect.gen(function*() {
    const { account } = yield* Fixtures.accountWithKey()
    return yield* failureOf(registerWebhook(account.id, payload), Errors.InvalidInput)
  })

describe("registerWebhook", () => {
  it.effect("answers id, url, events, active and a whsec_ secret only; description defaults to empty", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const registered = yield* registerWebhook(account.id, { url: "https://Hooks.Example.com/in" })
        expect(Object.keys(registered).sort()).toEqual(["active", "events", "id", "secret", "url"])
        expect(registered).toMatchObject({
          url: "https://hooks.example.com/in",
          events: ["bookmark.saved"],
          active: true
        })
        expect(registered.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
        const listed = yield* listWebhooks(account.id)
        expect(listed.events).toEqual(["bookmark.saved"])
        expect(listed.webhooks).toEqual([{
          id: registered.id,
          url: registered.url,
          events: ["bookmark.saved"],
          description: "",
          active: true,
          failureCount: 0,
          lastStatus: 0,
          lastDeliveredAt: null,
          secret: registered.secret
        }])
      })
    ))

  it.effect("takes events as a list or a comma string, de-duplicated, and a trimmed description", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        const a = yield* registerWebhook(account.id, {
          url: "https://h.example.com/a",
          events: "bookmark.saved, bookmark.saved",
          description: "  CI  "
        })
        const b = yield* registerWebhook(account.id, { url: "https://h.example.com/b", events: ["bookmark.saved"] })
        expect([a.events, b.events]).toEqual([["bookmark.saved"], ["bookmark.saved"]])
        expect((yield* listWebhooks(account.id)).webhooks.map((w) => w.description)).toEqual(["CI", ""])
        expect(a.secret).not.toBe(b.secret)
      })
    ))

  it.effect("refuses plain http unless allowHttpWebhooks is set", () =>
    Effect.gen(function*() {
      const error = yield* inWorld(() => refused({ url: "http://hooks.example.com/in" }))
      expect(error).toMatchObject({
        field: "url",
        reason: "must use https (the server's ALLOW_HTTP_WEBHOOKS=true setting accepts plain http)"
      })
      const allowed = yield* inWorld(
        () =>
          Effect.gen(function*() {
            const { account } = yield* Fixtures.accountWithKey()
            return yield* registerWebhook(account.id, { url: "http://hooks.example.com/in" })
          }),
        { settings: { allowHttpWebhooks: true } }
      )
      expect(allowed.url).toBe("http://hooks.example.com/in")
    }))

  const cases: ReadonlyArray<[string, Webhook.RegisterPayload, string, RegExp]> = [
    [
      "an unknown event",
      { url: "https://h.example.com/", events: "bookmark.saved,bookmark.deleted" },
      "events",
      /unknown event 'bookmark.deleted'; known: bookmark.saved/
    ],
    ["no event at all", { url: "https://h.example.com/", events: " , " }, "events", /at least one event/],
    ["a non-URL", { url: "hooks" }, "url", /absolute URL/],
    ["an ftp URL", { url: "ftp://h.example.com/" }, "url", /scheme 'ftp'/],
    [
      "a loopback host",
      { url: "https://127.0.0.1/hook" },
      "url",
      /endpoint not allowed: 127.0.0.1 refused by address policy: loopback address/
    ],
    ["localhost", { url: "https://localhost:8443/hook" }, "url", /endpoint not allowed/],
    [
      "a description over 500 characters",
      { url: "https://h.example.com/", description: "d".repeat(501) },
      "description",
      /at most 500/
    ]
  ]
  for (const [name, payload, field, reason] of cases) {
    it.effect(`refuses ${name}`, () =>
      inWorld(() =>
        Effect.gen(function*() {
          const error = yield* refused(payload)
          expect(error.field).toBe(field)
          expect(error.reason).toMatch(reason)
        })
      ))
  }

  it.effect("refuses a host the address policy refuses", () =>
    inWorld(({ sender }) =>
      Effect.gen(function*() {
        sender.refusedHosts.add("internal.example.com")
        const error = yield* refused({ url: "https://internal.example.com/hook" })
        expect(error).toMatchObject({ field: "url" })
      })
    ))

  it.effect("refuses the 11th webhook of an account, not another account's first", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { account } = yield* Fixtures.accountWithKey()
        for (let i = 0; i < Webhook.maxPerAccount; i++) {
          yield* registerWebhook(account.id, { url: `https://h.example.com/${i}` })
        }
        const error = yield* failureOf(
          registerWebhook(account.id, { url: "https://h.example.com/11" }),
          Errors.InvalidInput
        )
        expect(error).toMatchObject({ field: "webhooks" })
        expect(error.reason).toMatch(/at most 10 webhooks/)
        expect((yield* listWebhooks(account.id)).webhooks).toHaveLength(10)
        const other = yield* Fixtures.accountWithKey()
        yield* registerWebhook(other.account.id, { url: "https://h.example.com/other" })
      })
    ))
})
