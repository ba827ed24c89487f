/**
 * The two OpenAPI documents, served without a key and not counted: the public API's at `/v1/api/openapi.json`,
 * the operator's at `/admin/openapi.json`. Each is built once, when the server starts.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import * as OpenApi from "@effect/platform/OpenApi"
import { Effect } from "effect"
import { AdminDocumentApi, PublicApi } from "./Api.js"
import { adminOpenApiPath, openApiPath } from "./Paths.js"

export const publicDocument = (): OpenApi.OpenAPISpec => OpenApi.fromApi(PublicApi)
export const adminDocument = (): OpenApi.OpenAPISpec => OpenApi.fromApi(AdminDocumentApi)

export const layer = HttpApiBuilder.Router.use((router) =>
  Effect.gen(function*() {
    const forPublic = yield* Effect.orDie(HttpServerResponse.json(publicDocument()))
    const forAdmin = yield* Effect.orDie(HttpServerResponse.json(adminDocument()))
    yield* router.get(openApiPath, Effect.succeed(forPublic))
    yield* router.get(adminOpenApiPath, Effect.succeed(forAdmin))
  })
)
