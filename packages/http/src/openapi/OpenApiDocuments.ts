/**
 * The two OpenAPI documents, served without a key and not counted: the public API's at `/v1/api/openapi.json`,
 * the operator's at `/admin/openapi.json`. Each is built once, when the server starts.
 */
import { Effect } from "effect"
import * as OpenApi from "effect/http-api/OpenApi"
import * as HttpRouter from "effect/http/HttpRouter"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { AdminDocumentApi, PublicApi } from "../api/Api.js"
import { adminOpenApiPath, openApiPath } from "../api/Paths.js"

export const publicDocument = (): OpenApi.OpenAPISpec => OpenApi.fromApi(PublicApi)
export const adminDocument = (): OpenApi.OpenAPISpec => OpenApi.fromApi(AdminDocumentApi)

export const layer = HttpRouter.use((router) =>
  Effect.gen(function*() {
    yield* router.add("GET", openApiPath, HttpServerResponse.jsonUnsafe(publicDocument()))
    yield* router.add("GET", adminOpenApiPath, HttpServerResponse.jsonUnsafe(adminDocument()))
  })
)
