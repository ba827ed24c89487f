/** Contract: list, read and save bookmarks (docs/api.md, "List bookmarks", "Read a bookmark", "Save a bookmark"). */
import { Bookmark, Bulk, Page, Pagination, ReviewPayload, ReviewResult } from "@bookmark-library/domain"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { Authentication } from "./Authentication.js"
import { JsonBody } from "./JsonBody.js"
import { IdPath, publicBase } from "./Paths.js"

export class BookmarksApi extends HttpApiGroup.make("bookmarks")
  .add(
    HttpApiEndpoint.get("list", "/bookmarks", {
      query: Pagination.ListParams,
      success: Page,
      error: ErrorResponses.InvalidInput
    }).annotateMerge(OpenApi.annotations({
      summary: "List bookmarks, newest first",
      description: "Filter by `tag` or `type`, search with `q`, page with `before` = the previous `nextBefore`. " +
        "`limit` defaults to 50; values above 100 are clamped to 100."
    })),
    HttpApiEndpoint.get("get", "/bookmarks/:id", {
      params: IdPath,
      success: Bookmark.Bookmark,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({ summary: "Read one bookmark in full" })),
    HttpApiEndpoint.post("create", "/bookmarks", {
      payload: Bookmark.CreatePayload,
      success: Bookmark.Ack.pipe(HttpApiSchema.status(201)),
      error: ErrorResponses.InvalidInput
    }).annotateMerge(OpenApi.annotations({
      summary: "Save a URL",
      description: "Answers 201 with `Location` at once; the page is fetched and enriched in the background. " +
        "Not idempotent: repeating a save saves the page again."
    })),
    HttpApiEndpoint.post("reviewGeneratedTags", "/bookmarks/generated-tags", {
      payload: ReviewPayload,
      success: ReviewResult,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Accept or drop generated tags in bulk",
      description: "Additive (not in the specification; docs/enrichment.md, \"Tags\"): `accept` makes the generated " +
        "tags (`generatedTags` of a bookmark) the person's, kept when the page is analysed again; `drop` removes " +
        "them and they are never generated for that bookmark again. For the bookmarks in `ids` (an unknown or " +
        "foreign one fails the whole call: 404, 403) or the whole library; for one `tag` or all of them. At most " +
        "1,000 bookmarks change per call; `more: true` says to call again."
    })),
    HttpApiEndpoint.post("batch", "/bookmarks/batch", {
      payload: Bulk.BatchPayload,
      success: Bulk.Progress,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "One action on many bookmarks",
      description: "Additive (not in the specification; docs/lists.md, \"Bulk actions\"): `addToList`, " +
        "`removeFromList` (with `listId`), `favourite`, `unfavourite`, `archive`, `unarchive`, `refresh`, `delete` " +
        `on the bookmarks in \`ids\` (at most ${Bulk.maxIds}) or every bookmark \`q\` finds. The tag actions ` +
        "(`addTags`, `removeTags`) answer 400: the API writes `url`, `tags` and `note` only at creation. At most " +
        `${Bulk.jobThreshold} bookmarks are done at once (\`state: done\`, every item's result); more run as a job ` +
        "(`state: running`): ask `GET /bookmarks/batch/{id}` until it is done. Each bookmark has its result: " +
        "`ok`, `not_found` (unknown or another account's) or `error` with a `reason`. Charged as one request."
    })),
    HttpApiEndpoint.get("batchProgress", "/bookmarks/batch/:id", {
      params: IdPath,
      success: Bulk.Progress,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({
      summary: "The progress of a bulk action",
      description: "Additive. A batch is kept by the server that ran it for a while after it ends (the latest " +
        "200); an unknown, forgotten or another account's batch answers 404."
    }))
  )
  .middleware(JsonBody)
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Bookmarks" }))
{}
