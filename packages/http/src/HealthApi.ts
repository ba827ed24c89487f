/** Contract: the readiness probe (no authentication, not counted). */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { Schema } from "effect"
import * as Problems from "./Problems.js"

export const Healthy = Schema.Struct({
  status: Schema.Literal("ok").annotations({ description: "Always `ok`: migrations ran and storage answers" })
}).annotations({ identifier: "Healthy", description: "The server is ready" })

export class HealthApi extends HttpApiGroup.make("health")
  .add(
    HttpApiEndpoint.get("check", "/health")
      .addSuccess(Healthy)
      .addError(Problems.StorageUnavailable)
      .annotateContext(OpenApi.annotations({ summary: "200 once migrations ran and storage answers, else 503" }))
  )
  .annotateContext(OpenApi.annotations({ title: "Health" }))
{}
