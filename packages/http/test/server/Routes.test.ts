/** Route templates: what a request is counted under in the metrics, never its raw path. */
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as Routes from "../../src/server/Routes.js"

describe("Routes.template", () => {
  it.effect("names the route's template, literal segments before parameters, whatever the method", () =>
    Effect.sync(() => {
      expect(Routes.template("/v1/api/bookmarks/bmk_123")).toBe("/v1/api/bookmarks/:id")
      expect(Routes.template("/v1/api/bookmarks/")).toBe("/v1/api/bookmarks")
      expect(Routes.template("/v1/api/openapi.json")).toBe("/v1/api/openapi.json")
      expect(Routes.template("/admin/openapi.json")).toBe("/admin/openapi.json")
      expect(Routes.template("/admin/accounts/acc_1/keys")).toBe("/admin/accounts/:id/keys")
      expect(Routes.template("/v1/api/webhooks/wh_1/test")).toBe("/v1/api/webhooks/:id/test")
    }))

  it.effect("knows no template for a path no route has", () =>
    Effect.sync(() => {
      for (const path of ["/", "/nowhere", "/v1/api/bookmarks/a/b/c", "/v1/api/bookmarks/bmk_1/extra"]) {
        expect(Routes.template(path), path).toBeUndefined()
      }
    }))
})
