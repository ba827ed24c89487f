/** Contract: the caller's tags with their counts, an addition to the specification (docs/api.md, "Tags"). */
import { TagList } from "@bookmark-library/domain"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { Authentication } from "./Authentication.js"
import { publicBase } from "./Paths.js"

export class TagsApi extends HttpApiGroup.make("tags")
  .add(
    HttpApiEndpoint.get("list", "/tags", { success: TagList }).annotateMerge(OpenApi.annotations({
      summary: "The account's tags, most used first",
      description: "Additive (not in the specification): each effective tag, grouped ignoring case, with how many " +
        "bookmarks carry it. Charged like any request. The browser extension suggests tags from it."
    }))
  )
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Tags" }))
{}
