/** Contract: the plan, its limits and this period's usage by key (docs/api.md, "Usage"). */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Usage } from "@bookmark-library/domain"
import { Authentication } from "./Authentication.js"
import { publicBase } from "./Paths.js"

export class UsageApi extends HttpApiGroup.make("usage")
  .add(
    HttpApiEndpoint.get("get", "/usage")
      .addSuccess(Usage.Usage)
      .annotateContext(OpenApi.annotations({ summary: "Plan, limits and usage of the account" }))
  )
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateContext(OpenApi.annotations({ title: "Usage" }))
{}
