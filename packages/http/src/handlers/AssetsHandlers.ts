/** Handler of the assets group: bytes with their stored content type; an id that cannot exist is just unknown. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { AssetId, AssetStore, Errors } from "@bookmark-library/domain"
import { Effect, Option, Schema } from "effect"
import { Api } from "../Api.js"
import { cacheControl } from "../AssetsApi.js"

const isAssetId = Schema.is(AssetId)

const getAsset = Effect.fn("Assets.get")(function*(id: string) {
  const notFound = new Errors.NotFound({ resource: "asset", id })
  if (!isAssetId(id)) return yield* notFound
  const assets = yield* AssetStore
  const asset = yield* assets.get(id)
  if (Option.isNone(asset)) return yield* notFound
  return HttpServerResponse.uint8Array(asset.value.bytes, {
    contentType: asset.value.contentType,
    headers: { "cache-control": cacheControl, "x-content-type-options": "nosniff" }
  })
})

export const layer = HttpApiBuilder.group(Api, "assets", (handlers) =>
  handlers.handle("get", ({ path }) => getAsset(path.id)))
