/**
 * Handler of the assets group: bytes with their stored content type, streamed from the store (a large copy is never
 * whole in memory); an id that cannot exist is just unknown.
 */
import { AssetId, AssetStore, Errors } from "@bookmark-library/domain"
import { Effect, Option, Schema } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { Api } from "../api/Api.js"
import { cacheControl } from "../api/AssetsApi.js"

const isAssetId = Schema.is(AssetId)

const getAsset = Effect.fn("Assets.get")(function*(id: string) {
  const notFound = new Errors.NotFound({ resource: "asset", id })
  if (!isAssetId(id)) return yield* notFound
  const assets = yield* AssetStore
  const asset = yield* assets.getStream(id)
  if (Option.isNone(asset)) return yield* notFound
  return HttpServerResponse.stream(asset.value.stream, {
    contentType: asset.value.contentType,
    contentLength: asset.value.size,
    headers: { "cache-control": cacheControl, "x-content-type-options": "nosniff" }
  })
})

export const layer = HttpApiBuilder.group(
  Api,
  "assets",
  (handlers) => handlers.handle("get", ({ params }) => getAsset(params.id))
)
