/**
 * The HTTP layer's `Links`: an asset's absolute link is `PUBLIC_URL` + the assets route. Storage keeps only ids,
 * so a changed PUBLIC_URL changes every link at once (docs/decisions.md, "Asset links").
 */
import { type AssetId, Links } from "@bookmark-library/domain"
import { Layer } from "effect"
import { assetsPath } from "./AssetsApi.js"

/** The link of asset `id` under `publicUrl` (e.g. `https://bookmarks.example.com`). */
export const link = (publicUrl: string, id: AssetId): string => `${publicUrl.replace(/\/+$/, "")}${assetsPath}/${id}`

export const layer = (publicUrl: string): Layer.Layer<Links.Links> =>
  Layer.succeed(Links.Links, Links.Links.of({ asset: (id) => link(publicUrl, id) }))
