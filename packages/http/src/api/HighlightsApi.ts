/** Contract: highlights of bookmarks and their notes, an addition to the specification (docs/reading.md). */
import { Highlight } from "@bookmark-library/domain"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { Authentication } from "./Authentication.js"
import { JsonBody } from "./JsonBody.js"
import { IdPath, publicBase } from "./Paths.js"

const additive = "Additive (not in the specification); charged like any request."

export class HighlightsApi extends HttpApiGroup.make("highlights")
  .add(
    HttpApiEndpoint.get("ofBookmark", "/bookmarks/:id/highlights", {
      params: IdPath,
      success: Highlight.BookmarkHighlights,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "The highlights of a bookmark",
      description: `${additive} In reading order (by \`start\`). Each keeps the passage with its context, so a ` +
        "reader can find it again in a refreshed copy (docs/reading.md, \"Highlights\")."
    })),
    HttpApiEndpoint.post("create", "/bookmarks/:id/highlights", {
      params: IdPath,
      payload: Highlight.CreatePayload,
      success: Highlight.Highlight.pipe(HttpApiSchema.status(201)),
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Highlight a passage of a bookmark's readable text",
      description: `${additive} \`end\` must be \`start\` + the length of \`exact\`; at most ` +
        `${Highlight.maxPerBookmark} highlights a bookmark.`
    })),
    HttpApiEndpoint.patch("update", "/highlights/:id", {
      params: IdPath,
      payload: Highlight.UpdatePayload,
      success: Highlight.Highlight,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Recolour a highlight or change its note",
      description: `${additive} The passage itself never changes: delete and highlight again.`
    })),
    HttpApiEndpoint.delete("delete", "/highlights/:id", {
      params: IdPath,
      success: Highlight.Deleted,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({ summary: "Delete a highlight", description: additive })),
    HttpApiEndpoint.get("page", "/highlights", {
      query: Highlight.PageParams,
      success: Highlight.HighlightPage,
      error: ErrorResponses.InvalidInput
    }).annotateMerge(OpenApi.annotations({
      summary: "A page of the account's highlights, newest first",
      description: `${additive} Paged like \`GET /bookmarks\`: \`before\` = the previous page's \`nextBefore\`.`
    }))
  )
  .middleware(JsonBody)
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Highlights" }))
{}
