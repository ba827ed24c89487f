/** Contract: screenshot bytes at capability URLs (no authentication, immutable). */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as HttpApiSchema from "@effect/platform/HttpApiSchema"
import * as OpenApi from "@effect/platform/OpenApi"
import { IdPath, publicBase } from "./Paths.js"
import * as Problems from "./Problems.js"

export const cacheControl = "public, max-age=31536000, immutable"

/** Where assets are served; `AssetLinks` builds the links in answers from it. */
export const assetsPath = `${publicBase}/assets` as const

export class AssetsApi extends HttpApiGroup.make("assets")
  .add(
    HttpApiEndpoint.get("get", "/assets/:id")
      .setPath(IdPath)
      .addSuccess(HttpApiSchema.Uint8Array({ contentType: "image/jpeg" }))
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({
        summary: "An asset's bytes",
        description: "The id is an unguessable capability, so no key is needed. Served with the stored content type " +
          `and \`Cache-Control: ${cacheControl}\`.`
      }))
  )
  .prefix(publicBase)
  .annotateContext(OpenApi.annotations({ title: "Assets" }))
{}
