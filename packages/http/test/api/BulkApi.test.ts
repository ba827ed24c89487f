/**
 * `POST /v1/api/bookmarks/batch` and its admin twin: per-item results, the API's tag rule, bad input as
 * problem+json, scopes, charging, and a large selection as a job read back by id.
 */
import { Bulk, createKey, createList, getBookmark } from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import * as T from "../support/TestServer.js"

const path = "/v1/api/bookmarks/batch"

layer(T.layer)("Bulk actions over HTTP", (it) => {
  describe(path, () => {
    it.effect("answers each bookmark's result and changes only the account's own", () =>
      Effect.gen(function*() {
        const { account, key, principal } = yield* T.account()
        const other = yield* T.account()
        const mine = yield* Effect.forEach([1, 2], (n) => Fixtures.save(principal, { url: `https://example.com/${n}` }))
        const theirs = yield* Fixtures.save(other.principal, { url: "https://example.com/theirs" })
        const ids = [...mine.map((b) => b.id), theirs.id, "bmk_unknown"]
        const sent = yield* T.request("POST", path, { key, json: { action: "favourite", ids } })
        expect(sent.status).toBe(200)
        const answer = T.decode(Bulk.Progress, sent)
        expect(answer).toMatchObject({ action: "favourite", state: "done", total: 4, ok: 2, notFound: 2, failed: 0 })
        expect(answer.results).toEqual([
          { id: mine[0]?.id, result: "ok" },
          { id: mine[1]?.id, result: "ok" },
          { id: theirs.id, result: "not_found" },
          { id: "bmk_unknown", result: "not_found" }
        ])
        expect((yield* getBookmark(account.id, mine[0]?.id ?? "")).favourite).toBe(true)
        expect((yield* getBookmark(other.account.id, theirs.id)).favourite).toBe(false)
        const again = T.decode(Bulk.Progress, yield* T.request("GET", `${path}/${answer.id}`, { key }))
        expect(again).toEqual(answer)
        expect(T.problem(yield* T.request("GET", `${path}/${answer.id}`, { key: other.key }), 404).code)
          .toBe("not_found")

        const list = yield* createList(account.id, { name: "Reading" })
        const listed = yield* T.request("POST", path, {
          key,
          json: { action: "addToList", q: "example", listId: list.id }
        })
        expect(T.decode(Bulk.Progress, listed)).toMatchObject({ total: 2, ok: 2 })
        const deleted = yield* T.request("POST", path, { key, json: { action: "delete", ids: [mine[0]?.id] } })
        expect(T.decode(Bulk.Progress, deleted).results).toEqual([{ id: mine[0]?.id, result: "ok" }])
        expect((yield* T.request("GET", `/v1/api/bookmarks/${mine[0]?.id}`, { key })).status).toBe(404)
      }))

    it.effect("refuses tag edits (the API writes tags only at creation) and bad input with problem+json", () =>
      Effect.gen(function*() {
        const { key } = yield* T.account()
        const other = yield* T.account()
        const tagged = T.problem(
          yield* T.request("POST", path, { key, json: { action: "addTags", ids: ["bmk_a"], tags: ["x"] } }),
          400
        )
        expect(tagged).toMatchObject({ code: "invalid_input", field: "action" })
        expect(tagged.detail).toContain("only at creation")
        const bad = [
          [{ action: "explode", ids: ["bmk_a"] }, undefined],
          [{ action: "favourite" }, "ids"],
          [{ action: "favourite", ids: ["bmk_a"], q: "x" }, "ids"],
          [{ action: "favourite", ids: [] }, "ids"],
          [{ action: "favourite", ids: Array.from({ length: Bulk.maxIds + 1 }, (_, i) => `bmk_${i}`) }, "ids"],
          [{ action: "favourite", ids: ["bmk_a"], colour: "red" }, undefined],
          [{ action: "addToList", ids: ["bmk_a"] }, "listId"],
          [{ action: "favourite", q: "(((" + ")".repeat(3) + ")" }, "q"],
          [{ action: "delete", ids: ["bmk_a"], tags: ["x"] }, "tags"]
        ] as const
        for (const [json, field] of bad) {
          const problem = T.problem(yield* T.request("POST", path, { key, json }), 400)
          if (field !== undefined) expect(problem).toMatchObject({ field })
        }
        expect(
          T.problem(
            yield* T.request("POST", path, { key, body: "{", headers: { "content-type": "application/json" } }),
            400
          ).code
        )
          .toBe("malformed_json")
        const theirs = yield* createList(other.account.id, { name: "Theirs" })
        expect(
          T.problem(
            yield* T.request("POST", path, { key, json: { action: "addToList", ids: ["bmk_a"], listId: theirs.id } }),
            403
          )
            .resource
        ).toBe("list")
        expect(T.problem(yield* T.request("GET", `${path}/blk_nothing`, { key }), 404).code).toBe("not_found")
        expect(T.problem(yield* T.request("POST", path, { json: { action: "delete", ids: ["bmk_a"] } }), 401).code)
          .toBe("unauthenticated")
      }))

    it.effect("needs bookmarks:write to act and bookmarks:read to read progress; each call is charged", () =>
      Effect.gen(function*() {
        const { account, key } = yield* T.account()
        const { key: reader } = yield* createKey(account.id, "reader", "api", ["bookmarks:read"])
        const refused = yield* T.request("POST", path, { key: reader, json: { action: "delete", ids: ["bmk_a"] } })
        expect(T.problem(refused, 403)).toMatchObject({ code: "insufficient_scope", required: "bookmarks:write" })
        const first = yield* T.request("POST", path, { key, json: { action: "archive", ids: ["bmk_a"] } })
        const id = T.decode(Bulk.Progress, first).id
        expect((yield* T.request("GET", `${path}/${id}`, { key: reader })).status).toBe(200)
        const second = yield* T.request("POST", path, { key, json: { action: "archive", ids: ["bmk_a"] } })
        expect(Number(second.headers.get("x-ratelimit-remaining")))
          .toBe(Number(first.headers.get("x-ratelimit-remaining")) - 2)
      }))

    it.effect("a large selection answers at once as a running job, read back until done", () =>
      Effect.gen(function*() {
        const { key, principal } = yield* T.account("ultra")
        const total = Bulk.jobThreshold + 50
        for (let i = 0; i < total; i++) yield* Fixtures.save(principal, { url: `https://example.com/job/${i}` })
        const started = T.decode(
          Bulk.Progress,
          yield* T.request("POST", path, { key, json: { action: "archive", q: "job" } })
        )
        expect(started).toMatchObject({ state: "running", total })
        let progress = started
        for (let tries = 0; tries < 300 && progress.state === "running"; tries++) {
          yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
          progress = T.decode(Bulk.Progress, yield* T.request("GET", `${path}/${started.id}`, { key }))
        }
        expect(progress).toMatchObject({ state: "done", done: total, ok: total, results: [] })
        const archived = yield* T.request("GET", "/v1/api/bookmarks?q=is%3Aarchived&limit=100", { key })
        expect((archived.body as { bookmarks: Array<unknown> }).bookmarks.length).toBe(100)
      }))
  })

  describe("/admin/accounts/{id}/bookmarks/batch", () => {
    it.effect("offers every action, tag edits included, for any account; unknown accounts answer 404", () =>
      Effect.gen(function*() {
        const { account, principal } = yield* T.account()
        const saved = yield* Fixtures.save(principal, { url: "https://example.com/admin" })
        const sent = yield* T.request("POST", `/admin/accounts/${account.id}/bookmarks/batch`, {
          headers: T.admin,
          json: { action: "addTags", ids: [saved.id], tags: ["bulk"] }
        })
        const answer = T.decode(Bulk.Progress, sent)
        expect(answer.results).toEqual([{ id: saved.id, result: "ok" }])
        expect((yield* getBookmark(account.id, saved.id)).tags).toEqual(["bulk"])
        expect((yield* T.request("GET", `/admin/bookmarks/batch/${answer.id}`, { headers: T.admin })).status).toBe(200)
        expect(
          T.problem(
            yield* T.request("POST", "/admin/accounts/acc_none/bookmarks/batch", {
              headers: T.admin,
              json: { action: "delete", ids: [saved.id] }
            }),
            404
          ).resource
        ).toBe("account")
        expect(
          (yield* T.request("POST", `/admin/accounts/${account.id}/bookmarks/batch`, {
            json: { action: "delete", ids: [saved.id] }
          })).status
        ).toBe(401)
      }))
  })
})
