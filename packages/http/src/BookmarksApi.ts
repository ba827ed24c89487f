/** Contract: list, read and save bookmarks (docs/api.md, "List bookmarks", "Read a bookmark", "Save a bookmark"). */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Bookmark, Page, Pagination } from "@bookmark-library/domain"
import { Authentication } from "./Authentication.js"
import { JsonBody } from "./JsonBody.js"
import { IdPath, publicBase } from "./Paths.js"
import * as Problems from "./Problems.js"

export class BookmarksApi extends HttpApiGroup.make("bookmarks")
  .add(
    HttpApiEndpoint.get("list", "/bookmarks")
      .setUrlParams(Pagination.ListParams)
      .addSuccess(Page)
      .addError(Problems.InvalidInput)
      .annotateContext(OpenApi.annotations({
        summary: "List bookmarks, newest first",
        description: "Filter by `tag` or `type`, search with `q`, page with `before` = the previous `nextBefore`. " +
          "`limit` defaults to 50; values above 100 are clamped to 100."
      }))
  )
  .add(
    HttpApiEndpoint.get("get", "/bookmarks/:id")
      .setPath(IdPath)
      .addSuccess(Bookmark.Bookmark)
      .addError(Problems.Forbidden)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "Read one bookmark in full" }))
  )
  .add(
    HttpApiEndpoint.post("create", "/bookmarks")
      .setPayload(Bookmark.CreatePayload)
      .addSuccess(Bookmark.Ack, { status: 201 })
      .addError(Problems.InvalidInput)
      .annotateContext(OpenApi.annotations({
        summary: "Save a URL",
        description: "Answers 201 with `Location` at once; the page is fetched and enriched in the background. " +
          "Not idempotent: repeating a save saves the page again."
      }))
  )
  .middleware(JsonBody)
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateContext(OpenApi.annotations({ title: "Bookmarks" }))
{}
