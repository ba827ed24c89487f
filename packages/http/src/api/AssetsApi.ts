/** Contract: screenshot bytes at capability URLs (no authentication, immutable). */
import { Schema } from "effect"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { IdPath, publicBase } from "./Paths.js"

export const cacheControl = "public, max-age=31536000, immutable"

/** Where assets are served; `AssetLinks` builds the links in answers from it. */
export const assetsPath = `${publicBase}/assets` as const

export class AssetsApi extends HttpApiGroup.make("assets")
  .add(
    HttpApiEndpoint.get("get", "/assets/:id", {
      params: IdPath,
      success: Schema.Uint8Array.pipe(HttpApiSchema.asUint8Array({ contentType: "image/jpeg" })),
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({
      summary: "An asset's bytes",
      description: "The id is an unguessable capability, so no key is needed. Served with the stored content type " +
        `and \`Cache-Control: ${cacheControl}\`.`
    }))
  )
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Assets" }))
{}
