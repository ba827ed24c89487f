import { Webhook, WebhookList } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { Deleted, TestResult } from "../../src/api/WebhooksApi.js"
import * as T from "../support/TestServer.js"

const register = (key: string, json: unknown) => T.request("POST", "/v1/api/webhooks", { key, json })

layer(T.layer)("WebhooksApi", (it) => {
  describe("POST /v1/api/webhooks", () => {
    it.effect("registers an https endpoint and answers 201 with id, url, events, active, secret only", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const listed = yield* register(key, {
          url: "https://hooks.example.com/a",
          events: ["bookmark.saved"],
          description: "CI"
        })
        expect(listed.status).toBe(201)
        expect(T.keys(listed.body)).toEqual(["active", "events", "id", "secret", "url"])
        const hook = T.decode(Webhook.Registered, listed)
        expect(hook).toMatchObject({ url: "https://hooks.example.com/a", events: ["bookmark.saved"], active: true })
        expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)

        const comma = T.decode(
          Webhook.Registered,
          yield* register(key, { url: "https://hooks.example.com/b", events: "bookmark.saved, bookmark.saved" })
        )
        expect(comma.events).toEqual(["bookmark.saved"])
        const defaulted = T.decode(Webhook.Registered, yield* register(key, { url: "https://hooks.example.com/c" }))
        expect(defaulted.events).toEqual(["bookmark.saved"])
      }))

    it.effect("refuses plain http, unknown events, refused hosts and an 11th webhook with a 400 naming the field", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        expect(T.problem(yield* register(key, { url: "http://hooks.example.com/" }), 400)).toMatchObject({
          field: "url"
        })
        expect(T.problem(yield* register(key, { url: "https://hooks.example.com/", events: "bookmark.deleted" }), 400))
          .toMatchObject({ field: "events" })
        expect(T.problem(yield* register(key, { url: "https://127.0.0.1/hook" }), 400)).toMatchObject({ field: "url" })
        const { sender } = yield* T.TestControls
        sender.refusedHosts.add("internal.example.com")
        expect(T.problem(yield* register(key, { url: "https://internal.example.com/" }), 400)).toMatchObject({
          field: "url"
        })

        for (let i = 0; i < 10; i++) {
          expect((yield* register(key, { url: `https://hooks.example.com/${i}` })).status).toBe(201)
        }
        expect(T.problem(yield* register(key, { url: "https://hooks.example.com/11" }), 400)).toMatchObject({
          field: "webhooks"
        })
        const list = T.decode(WebhookList, yield* T.request("GET", "/v1/api/webhooks", { key }))
        expect(list.webhooks).toHaveLength(10)
      }))
  })

  describe("GET /v1/api/webhooks", () => {
    it.effect("lists every field of a webhook in docs/api.md, including the secret, and the known events", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const hook = T.decode(Webhook.Registered, yield* register(key, { url: "https://hooks.example.com/list" }))
        const sent = yield* T.request("GET", "/v1/api/webhooks", { key })
        expect(T.keys(sent.body)).toEqual(["events", "webhooks"])
        const list = T.decode(WebhookList, sent)
        expect(list.events).toEqual(["bookmark.saved"])
        expect(list.webhooks).toHaveLength(1)
        const [listed] = list.webhooks
        expect(T.keys(listed)).toEqual(
          ["active", "description", "events", "failureCount", "id", "lastDeliveredAt", "lastStatus", "secret", "url"]
        )
        expect(listed).toMatchObject({
          id: hook.id,
          secret: hook.secret,
          description: "",
          failureCount: 0,
          lastStatus: 0
        })
      }))
  })

  describe("DELETE /v1/api/webhooks/:id", () => {
    it.effect("deletes with {ok: true}; unknown ids are 404", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const hook = T.decode(Webhook.Registered, yield* register(key, { url: "https://hooks.example.com/gone" }))
        const deleted = yield* T.request("DELETE", `/v1/api/webhooks/${hook.id}`, { key })
        expect(deleted.status).toBe(200)
        expect(T.decode(Deleted, deleted)).toEqual({ ok: true })
        expect(T.decode(WebhookList, yield* T.request("GET", "/v1/api/webhooks", { key })).webhooks).toEqual([])
        expect(T.problem(yield* T.request("DELETE", `/v1/api/webhooks/${hook.id}`, { key }), 404).code).toBe(
          "not_found"
        )
      }))
  })

  describe("POST /v1/api/webhooks/:id/test", () => {
    it.effect("sends a signed sample delivery and reports the endpoint's status", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const { sender } = yield* T.TestControls
        const hook = T.decode(Webhook.Registered, yield* register(key, { url: "https://hooks.example.com/test" }))
        const before = sender.sent.length
        const ok = yield* T.request("POST", `/v1/api/webhooks/${hook.id}/test`, { key })
        expect(ok.status).toBe(200)
        expect(T.decode(TestResult, ok)).toEqual({ ok: true, status: 200 })
        const delivery = sender.sent[before]
        expect(delivery?.url).toBe("https://hooks.example.com/test")
        expect(delivery?.headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/)

        sender.answer({ status: 500, error: null, retryAfter: null })
        expect(T.decode(TestResult, yield* T.request("POST", `/v1/api/webhooks/${hook.id}/test`, { key })))
          .toEqual({ ok: false, status: 500 })
        sender.answer({ status: null, error: "connection refused", retryAfter: null })
        expect(T.decode(TestResult, yield* T.request("POST", `/v1/api/webhooks/${hook.id}/test`, { key })))
          .toEqual({ ok: false, status: 0, error: "connection refused" })

        // A test changes no counter.
        const [listed] = T.decode(WebhookList, yield* T.request("GET", "/v1/api/webhooks", { key })).webhooks
        expect(listed).toMatchObject({ failureCount: 0, lastStatus: 0, lastDeliveredAt: null })
        expect(T.problem(yield* T.request("POST", "/v1/api/webhooks/whk_unknown/test", { key }), 404).code).toBe(
          "not_found"
        )
      }))
  })
})
