/**
 * `POST /admin/accounts/{id}/storage/recount` (docs/preservation.md, "Recount"): a wrong count set right from the
 * store, the answer's shape, a second run that changes nothing, unknown accounts, the admin token.
 */
import { AssetId, AssetStore, AssetUsage } from "@bookmark-library/domain"
import { describe, expect, layer } from "@effect/vitest"
import { Effect } from "effect"
import { StorageRecounted } from "../../src/api/AdminApi.js"
import * as T from "../support/TestServer.js"

const path = (id: string) => `/admin/accounts/${id}/storage/recount`

layer(T.layer)("Storage recount over HTTP", (it) => {
  describe("POST /admin/accounts/{id}/storage/recount", () => {
    it.effect("sets a wrong count right from the assets in the store; a second run changes nothing", () =>
      Effect.gen(function*() {
        const { account } = yield* T.account()
        const usage = yield* AssetUsage
        const stored = AssetId.make("00112233445566778899aabbccddeeff")
        yield* (yield* AssetStore).put(stored, { bytes: new Uint8Array(321), contentType: "image/png" })
        // Counted with a wrong size, and an asset counted that the store does not hold.
        yield* usage.stored(stored, account.id, 9_999)
        yield* usage.stored(AssetId.make("ffeeddccbbaa99887766554433221100"), account.id, 50)
        const sent = yield* T.request("POST", path(account.id), { headers: T.admin })
        expect(sent.status).toBe(200)
        expect(T.decode(StorageRecounted, sent)).toEqual({
          id: account.id,
          before: 10_049,
          bytes: 321,
          assets: 1,
          missing: 1
        })
        expect(yield* usage.used(account.id)).toBe(321)
        const again = yield* T.request("POST", path(account.id), { headers: T.admin })
        expect(T.decode(StorageRecounted, again)).toEqual({
          id: account.id,
          before: 321,
          bytes: 321,
          assets: 1,
          missing: 0
        })
      }))

    it.effect("answers 404 for an unknown or impossible account and 401 without the admin token", () =>
      Effect.gen(function*() {
        const { account, key } = yield* T.account()
        expect(T.problem(yield* T.request("POST", path("acc_nobody"), { headers: T.admin }), 404).code)
          .toBe("not_found")
        expect(T.problem(yield* T.request("POST", path("not an id"), { headers: T.admin }), 404).code)
          .toBe("not_found")
        expect((yield* T.request("POST", path(account.id))).status).toBe(401)
        expect((yield* T.request("POST", path(account.id), { key })).status).toBe(401)
      }))
  })
})
