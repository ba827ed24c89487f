/** Contract: lists of bookmarks, an addition to the specification (docs/lists.md, "JSON API"). */
import { List, Page, PageParams } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { Authentication } from "./Authentication.js"
import { JsonBody } from "./JsonBody.js"
import { IdPath, publicBase } from "./Paths.js"

/** `:id` of a list and `:bookmarkId` of a bookmark in it; an impossible id answers 404, as in `IdPath`. */
const MemberPath = Schema.Struct({
  id: IdPath.fields.id,
  bookmarkId: IdPath.fields.id.annotate({ description: "The bookmark's id; any other value answers 404." })
})

const additive = "Additive (not in the specification); charged like any request."

export class ListsApi extends HttpApiGroup.make("lists")
  .add(
    HttpApiEndpoint.get("list", "/lists", { success: List.ListOfLists }).annotateMerge(OpenApi.annotations({
      summary: "The account's lists, depth first",
      description: `${additive} Each parent comes before its sublists; siblings by name.`
    })),
    HttpApiEndpoint.post("create", "/lists", {
      payload: List.CreatePayload,
      success: List.List.pipe(HttpApiSchema.status(201)),
      error: ErrorResponses.InvalidInput
    }).annotateMerge(OpenApi.annotations({
      summary: "Create a list",
      description: `${additive} Names are unique in the account ignoring case; at most ${List.maxPerAccount} ` +
        `lists, nested at most ${List.maxDepth} levels.`
    })),
    HttpApiEndpoint.patch("update", "/lists/:id", {
      params: IdPath,
      payload: List.UpdatePayload,
      success: List.List,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Rename or move a list",
      description: `${additive} A list cannot move under itself or one of its sublists.`
    })),
    HttpApiEndpoint.delete("delete", "/lists/:id", {
      params: IdPath,
      success: List.Deleted,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Delete a list",
      description: `${additive} Its bookmarks stay in the library; its sublists move up to its parent.`
    })),
    HttpApiEndpoint.get("bookmarks", "/lists/:id/bookmarks", {
      params: IdPath,
      query: PageParams,
      success: Page,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "A page of the list's bookmarks, newest first",
      description: `${additive} Paged as \`GET /bookmarks\`: \`before\` = the previous \`nextBefore\`.`
    })),
    HttpApiEndpoint.post("add", "/lists/:id/bookmarks", {
      params: IdPath,
      payload: List.MembersPayload,
      success: List.MembersChanged,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Add bookmarks to a list",
      description: `${additive} Bookmarks already in the list are left as they are; a bookmark may be in any ` +
        "number of lists."
    })),
    HttpApiEndpoint.delete("remove", "/lists/:id/bookmarks/:bookmarkId", {
      params: MemberPath,
      success: List.MembersChanged,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Take a bookmark out of a list",
      description: `${additive} The bookmark stays in the library.`
    })),
    HttpApiEndpoint.get("ofBookmark", "/bookmarks/:id/lists", {
      params: IdPath,
      success: List.ListOfLists,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({ summary: "The lists a bookmark is in", description: additive }))
  )
  .middleware(JsonBody)
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Lists" }))
{}
