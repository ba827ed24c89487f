import { Bookmark, Usage, User, Webhook, WebhookList, Webhooks } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import {
  AccountCreated,
  AccountDetails,
  AccountInfo,
  AccountPage,
  KeyCreated,
  KeyInfo,
  KeyList
} from "../../src/api/AdminApi.js"
import * as T from "../support/TestServer.js"

const admin = (method: string, path: string, json?: unknown) =>
  T.request(method, `/admin${path}`, { headers: T.admin, ...(json === undefined ? {} : { json }) })

layer(T.layer)("AdminApi", (it) => {
  describe("authentication", () => {
    it.effect("requires the admin token: none, wrong, or an API key is a 401 problem", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const attempts = [
          yield* T.request("POST", "/admin/accounts", { json: { plan: "free" } }),
          yield* T.request("POST", "/admin/accounts", {
            json: { plan: "free" },
            headers: { authorization: "Bearer " }
          }),
          yield* T.request("POST", "/admin/accounts", {
            json: { plan: "free" },
            headers: { authorization: `Bearer ${T.adminToken}x` }
          }),
          yield* T.request("POST", "/admin/accounts", {
            json: { plan: "free" },
            headers: { authorization: `Basic ${T.adminToken}` }
          }),
          yield* T.request("GET", "/admin/accounts/acc_1", { key })
        ]
        for (const attempt of attempts) {
          expect(T.problem(attempt, 401).code).toBe("unauthenticated")
          expect(attempt.text).not.toContain(T.adminToken)
        }
      }))

    it.effect("is not rate limited and sends no allowance headers", () =>
      Effect.gen(function*() {
        const created = yield* admin("POST", "/accounts", { plan: "free" })
        expect(created.status).toBe(201)
        expect(created.headers.get("x-ratelimit-limit")).toBeNull()
      }))
  })

  describe("accounts and keys", () => {
    it.effect("lists accounts oldest first, a page at a time; a bad limit or cursor is a 400 problem", () =>
      Effect.gen(function*() {
        const created = [
          T.decode(AccountCreated, yield* admin("POST", "/accounts", { plan: "free" })),
          T.decode(AccountCreated, yield* admin("POST", "/accounts", { plan: "ultra" }))
        ]
        const everything = T.decode(AccountPage, yield* admin("GET", "/accounts?limit=100"))
        const ids = everything.accounts.map((a) => a.id)
        expect(ids.filter((id) => created.some((c) => c.id === id))).toEqual(created.map((c) => c.id))
        expect(everything.accounts.find((a) => a.id === created[1]?.id)).toMatchObject({ plan: "ultra" })

        const first = T.decode(AccountPage, yield* admin("GET", "/accounts?limit=1"))
        expect(first.accounts.map((a) => a.id)).toEqual(ids.slice(0, 1))
        expect(first.next).toBe(ids[0])
        const rest = T.decode(AccountPage, yield* admin("GET", `/accounts?limit=100&after=${first.next}`))
        expect(rest).toEqual({ accounts: everything.accounts.slice(1), next: null })

        expect(T.problem(yield* admin("GET", "/accounts?limit=0"), 400)).toMatchObject({ field: "limit" })
        expect(T.problem(yield* admin("GET", "/accounts?after=acc_%00"), 400)).toMatchObject({ field: "after" })
        expect(T.problem(yield* T.request("GET", "/admin/accounts"), 401).code).toBe("unauthenticated")
      }))

    it.effect("creates an account and a key that works at once; shows keys masked, never a hash", () =>
      Effect.gen(function*() {
        const created = yield* admin("POST", "/accounts", { plan: "plus" })
        expect(created.status).toBe(201)
        const account = T.decode(AccountCreated, created)
        expect(account.plan).toBe("plus")
        expect(T.problem(yield* admin("POST", "/accounts", { plan: "gold" }), 400)).toMatchObject({ field: "plan" })
        const plain = yield* T.request("POST", "/admin/accounts", {
          headers: { ...T.admin, "content-type": "text/plain" },
          body: "free"
        })
        expect(T.problem(plain, 415).code).toBe("unsupported_media_type")

        const keyAnswer = yield* admin("POST", `/accounts/${account.id}/keys`, { label: "laptop" })
        expect(keyAnswer.status).toBe(201)
        expect(T.keys(keyAnswer.body)).toEqual(["id", "key", "masked"])
        const key = T.decode(KeyCreated, keyAnswer)
        expect(key.key).toMatch(/^bk_[0-9A-Za-z]{40}$/)
        expect(key.masked).toBe(`bk_…${key.key.slice(-4)}`)

        const usage = T.decode(Usage.Usage, yield* T.request("GET", "/v1/api/usage", { key: key.key }))
        expect(usage).toMatchObject({ tier: "plus", limits: { perMinute: 300, perMonth: 20_000 } })

        const details = yield* admin("GET", `/accounts/${account.id}`)
        const shown = T.decode(AccountDetails, details)
        expect(shown).toMatchObject({ id: account.id, plan: "plus" })
        expect(shown.keys).toEqual([
          expect.objectContaining({ id: key.id, label: "laptop", masked: key.masked, revokedAt: null })
        ])
        expect(details.text).not.toContain(key.key)
        expect(details.text).not.toMatch(/[0-9a-f]{64}/)
        expect(T.decode(KeyList, yield* admin("GET", `/accounts/${account.id}/keys`)).keys.map((k) => k.id)).toEqual([
          key.id
        ])
        expect(T.problem(yield* admin("GET", "/accounts/acc_nobody"), 404).code).toBe("not_found")
        expect(T.problem(yield* admin("POST", "/accounts/acc_nobody/keys", {}), 404).code).toBe("not_found")
      }))

    it.effect("changes the plan and revokes keys", () =>
      Effect.gen(function*() {
        const { account, key, keyInfo } = yield* T.account("free")
        const changed = T.decode(AccountInfo, yield* admin("PUT", `/accounts/${account.id}/plan`, { plan: "ultra" }))
        expect(changed.plan).toBe("ultra")
        const usage = T.decode(Usage.Usage, yield* T.request("GET", "/v1/api/usage", { key }))
        expect(usage.tier).toBe("ultra")

        const revoked = T.decode(KeyInfo, yield* admin("DELETE", `/keys/${keyInfo.id}`))
        expect(revoked.revokedAt).not.toBeNull()
        expect(T.problem(yield* T.request("GET", "/v1/api/usage", { key }), 401)).toMatchObject({ reason: "revoked" })
        expect(T.problem(yield* admin("DELETE", "/keys/key_nobody"), 404).code).toBe("not_found")
        expect(T.problem(yield* admin("PUT", "/accounts/acc_nobody/plan", { plan: "free" }), 404).code).toBe(
          "not_found"
        )
      }))
  })

  describe("app and extension", () => {
    it.effect("saves from the app into the same library; app edits win in later reads", () =>
      Effect.gen(function*() {
        const { account, key } = yield* T.account()
        const saved = yield* admin("POST", `/accounts/${account.id}/bookmarks`, {
          url: "https://example.com/app",
          tags: "a,b",
          source: "app"
        })
        expect(saved.status).toBe(201)
        const ack = T.decode(Bookmark.Ack, saved)
        expect(
          T.problem(
            yield* admin("POST", `/accounts/${account.id}/bookmarks`, { url: "https://e.com/", source: "fax" }),
            400
          )
        )
          .toMatchObject({ field: "source" })

        const edited = yield* admin("PATCH", `/bookmarks/${ack.id}`, {
          title: "My title",
          tags: ["mine"],
          note: "edited"
        })
        expect(T.decode(Bookmark.Bookmark, edited)).toMatchObject({ title: "My title", tags: ["mine"], note: "edited" })

        const read = T.decode(Bookmark.Bookmark, yield* T.request("GET", `/v1/api/bookmarks/${ack.id}`, { key }))
        expect(read).toMatchObject({
          url: "https://example.com/app",
          title: "My title",
          tags: ["mine"],
          note: "edited"
        })
        expect(T.problem(yield* admin("PATCH", "/bookmarks/bmk_nobody", { title: "x" }), 404).code).toBe("not_found")
        expect(T.problem(yield* admin("PATCH", `/bookmarks/${ack.id}`, { note: "n".repeat(10_001) }), 400))
          .toMatchObject({ field: "note" })
      }))

    it.effect("re-enables a webhook", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const hook = T.decode(
          Webhook.Registered,
          yield* T.request("POST", "/v1/api/webhooks", { key, json: { url: "https://hooks.example.com/x" } })
        )
        const webhooks = yield* Webhooks
        yield* webhooks.setActive(hook.id, false)
        expect(T.decode(WebhookList, yield* T.request("GET", "/v1/api/webhooks", { key })).webhooks[0]?.active).toBe(
          false
        )
        const enabled = T.decode(Webhook.Webhook, yield* admin("POST", `/webhooks/${hook.id}/enable`))
        expect(enabled).toMatchObject({ id: hook.id, active: true, failureCount: 0 })
        expect(T.decode(WebhookList, yield* T.request("GET", "/v1/api/webhooks", { key })).webhooks[0]?.active).toBe(
          true
        )
        expect(T.problem(yield* admin("POST", "/webhooks/whk_nobody/enable"), 404).code).toBe("not_found")
      }))
  })

  describe("people", () => {
    it.effect("adds a user to an account: 201 {id, email, accountId}; a taken email or a short password is a 400", () =>
      Effect.gen(function*() {
        const created = T.decode(AccountCreated, yield* admin("POST", "/accounts", { plan: "free" }))
        const added = yield* admin("POST", `/accounts/${created.id}/users`, {
          email: " Ada@Example.com",
          password: "analytical engine"
        })
        expect(added.status).toBe(201)
        expect(T.decode(User.Created, added)).toMatchObject({ email: "ada@example.com", accountId: created.id })
        expect(added.text).not.toContain("analytical")
        const again = yield* admin("POST", `/accounts/${created.id}/users`, {
          email: "ada@example.com",
          password: "another password"
        })
        expect(T.problem(again, 400)).toMatchObject({ field: "email" })
        const short = yield* admin("POST", `/accounts/${created.id}/users`, {
          email: "bob@example.com",
          password: "short"
        })
        expect(T.problem(short, 400)).toMatchObject({ field: "password" })
        expect(
          T.problem(
            yield* admin("POST", "/accounts/acc_nobody/users", { email: "c@example.com", password: "long password" }),
            404
          ).code
        )
          .toBe("not_found")
      }))
  })
})
