/** Contract: the caller's tags with their counts, an addition to the specification (docs/api.md, "Tags"). */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { TagList } from "@bookmark-library/domain"
import { Authentication } from "./Authentication.js"
import { publicBase } from "./Paths.js"

export class TagsApi extends HttpApiGroup.make("tags")
  .add(
    HttpApiEndpoint.get("list", "/tags")
      .addSuccess(TagList)
      .annotateContext(OpenApi.annotations({
        summary: "The account's tags, most used first",
        description: "Additive (not in the specification): each effective tag, grouped ignoring case, with how many " +
          "bookmarks carry it. Charged like any request. The browser extension suggests tags from it."
      }))
  )
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateContext(OpenApi.annotations({ title: "Tags" }))
{}
