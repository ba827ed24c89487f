/** Contract: the readiness probe (no authentication, not counted). */
import { Schema } from "effect"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"

export const Healthy = Schema.Struct({
  status: Schema.Literal("ok").annotate({ description: "Always `ok`: migrations ran and storage answers" })
}).annotate({ identifier: "Healthy", description: "The server is ready" })

export class HealthApi extends HttpApiGroup.make("health")
  .add(
    HttpApiEndpoint.get("check", "/health", { success: Healthy, error: ErrorResponses.StorageUnavailable })
      .annotateMerge(OpenApi.annotations({ summary: "200 once migrations ran and storage answers, else 503" }))
  )
  .annotateMerge(OpenApi.annotations({ title: "Health" }))
{}
