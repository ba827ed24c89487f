/** The scope each JSON API endpoint needs: reads need `bookmarks:read`, every change `bookmarks:write`. */
import { describe, expect, it } from "@effect/vitest"
import * as RequiredScope from "../../src/middleware/RequiredScope.js"

describe("RequiredScope", () => {
  it("reads need bookmarks:read; saving, deleting and every change to lists or highlights need bookmarks:write", () => {
    const cases: ReadonlyArray<readonly [string, string, string | undefined]> = [
      ["GET", "/v1/api/bookmarks", "bookmarks:read"],
      ["GET", "/v1/api/bookmarks/bkm_1", "bookmarks:read"],
      ["POST", "/v1/api/bookmarks", "bookmarks:write"],
      ["DELETE", "/v1/api/bookmarks/bkm_1", "bookmarks:write"],
      ["POST", "/v1/api/bookmarks/generated-tags", "bookmarks:write"],
      ["POST", "/v1/api/bookmarks/with-copy", "bookmarks:write"],
      ["PUT", "/v1/api/bookmarks/bkm_1/copy", "bookmarks:write"],
      ["PUT", "/v1/api/bookmarks/bkm_1/lists", "bookmarks:write"],
      ["POST", "/v1/api/bookmarks/batch", "bookmarks:write"],
      ["GET", "/v1/api/bookmarks/batch/blk_1", "bookmarks:read"],
      ["POST", "/admin/accounts/acc_1/bookmarks/batch", undefined],
      ["GET", "/v1/api/lists", "bookmarks:read"],
      ["POST", "/v1/api/lists", "bookmarks:write"],
      ["PATCH", "/v1/api/lists/lst_1", "bookmarks:write"],
      ["DELETE", "/v1/api/lists/lst_1", "bookmarks:write"],
      ["GET", "/v1/api/bookmarks/bkm_1/highlights", "bookmarks:read"],
      ["POST", "/v1/api/bookmarks/bkm_1/highlights", "bookmarks:write"],
      ["GET", "/v1/api/highlights", "bookmarks:read"],
      ["HEAD", "/v1/api/highlights", "bookmarks:read"],
      ["PATCH", "/v1/api/highlights/hlt_1", "bookmarks:write"],
      ["DELETE", "/v1/api/highlights/hlt_1", "bookmarks:write"],
      ["GET", "/v1/api/tags", "bookmarks:read"],
      ["GET", "/v1/api/webhooks", "webhooks"],
      ["GET", "/v1/api/usage", "usage"],
      ["GET", "/v1/api/nothing-here", undefined],
      ["GET", "/admin/accounts", undefined],
      ["POST", "/admin/accounts/acc_1/storage/recount", undefined]
    ]
    expect(cases.map(([method, path]) => RequiredScope.of(method, path))).toEqual(cases.map(([, , scope]) => scope))
  })
})
