/**
 * Port: small pictures for the library's cards made from fetched image bytes (a preview image, the top of a
 * screenshot, a site icon). Optional: enrichment goes on without pictures when no adapter is provided.
 */
import { Context, type Effect, type Option } from "effect"
import type { Asset } from "./AssetStore.js"

export interface Box {
  readonly width: number
  readonly height: number
  /** The picture never exceeds this many bytes: quality is lowered until it fits, else none. */
  readonly maxBytes: number
  /** `top` keeps the top of a tall picture (a screenshot's first screen); `centre` the middle of a photo. */
  readonly anchor: "top" | "centre"
}

export class ImageProcessor extends Context.Service<ImageProcessor, {
  /** A cover-cropped thumbnail of `box`; none when the bytes are no decodable image or too small to be worth one. */
  readonly thumbnail: (bytes: Uint8Array, box: Box) => Effect.Effect<Option.Option<Asset>>
  /** A square icon of `size` pixels; none when the bytes are no decodable image. */
  readonly icon: (bytes: Uint8Array, size: number) => Effect.Effect<Option.Option<Asset>>
}>()("ImageProcessor") {}
