/** Contract: the plan, its limits and this period's usage by key (docs/api.md, "Usage"). */
import { Usage } from "@bookmark-library/domain"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import { Authentication } from "./Authentication.js"
import { publicBase } from "./Paths.js"

export class UsageApi extends HttpApiGroup.make("usage")
  .add(
    HttpApiEndpoint.get("get", "/usage", { success: Usage.Usage })
      .annotateMerge(OpenApi.annotations({ summary: "Plan, limits and usage of the account" }))
  )
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Usage" }))
{}
