/** Port: screenshot bytes by capability id. Storage knows ids only; links are built by `Links`. */
import { Context, type Option } from "effect"
import type { AssetId } from "../Ids.js"
import type { Storage } from "./Storage.js"

export interface Asset {
  readonly bytes: Uint8Array
  readonly contentType: string
}

export class AssetStore extends Context.Tag("AssetStore")<AssetStore, {
  /** Stores an asset; assets are immutable, so a second `put` of an id keeps the first bytes. */
  readonly put: (id: AssetId, asset: Asset) => Storage<void>
  readonly get: (id: AssetId) => Storage<Option.Option<Asset>>
  /** Removes the asset; nothing when it does not exist. */
  readonly delete: (id: AssetId) => Storage<void>
}>() {}
