/**
 * The reader view of an archived copy, kept as assets beside it (docs/reading.md, "Where the reader view comes
 * from"): a JSON manifest (the sanitised article, its word count, the ids of its images) and each image. Their ids
 * are derived from the copy's id (itself a secret capability), so the copy names them without a new column, and a
 * copy that is replaced or deleted takes them with it (`forget`). Each is counted in the storage of the account that
 * reads the copy, and taken off when it is forgotten (docs/preservation.md, "Storage used").
 */
import { Effect, Option, Schema } from "effect"
import { type AccountId, AssetId } from "../../Ids.js"
import { AssetStore } from "../../ports/AssetStore.js"
import { Markup, type Readable } from "../../ports/Markup.js"
import { sha256, toHex } from "../../Sha256.js"
import { countStored, deleteAsset } from "../assets/AccountStorage.js"

/** Bumped when the sanitiser's allow-list or the extraction changes: older manifests are derived again. */
export const version = 1

const Manifest = Schema.Struct({
  version: Schema.Literal(version),
  html: Schema.String,
  words: Schema.Finite,
  images: Schema.Array(AssetId)
})
export type Manifest = typeof Manifest.Type

const decode = Schema.decodeUnknownOption(Schema.fromJsonString(Manifest))

const derivedId = (copy: AssetId, name: string): AssetId =>
  AssetId.make(toHex(sha256(`reader:${copy}:${name}`)).slice(0, 32), { disableChecks: true })

/** The manifest's id (one per copy and version). */
export const manifestId = (copy: AssetId): AssetId => derivedId(copy, `v${version}`)

/** At most this many images are kept per article (a gallery of hundreds is not reading). */
const maxImages = 60

/** The stored manifest of a copy, when it was derived before. */
export const load = Effect.fnUntraced(function*(copy: AssetId) {
  const found = yield* (yield* AssetStore).get(manifestId(copy))
  return Option.flatMap(found, (asset) => decode(new TextDecoder().decode(asset.bytes)))
})

/** Every asset derived from a copy: the manifest and the images it names (none when nothing was derived). */
export const assetsOf = Effect.fnUntraced(function*(copy: AssetId) {
  const manifest = yield* load(copy)
  return Option.match(manifest, {
    onNone: () => [] as ReadonlyArray<AssetId>,
    onSome: (found) => [manifestId(copy), ...found.images]
  })
})

/**
 * Stores the images, then the manifest that names them (a manifest never names an image not yet stored), each
 * counted for `owner`.
 */
export const store = Effect.fnUntraced(function*(owner: AccountId, copy: AssetId, readable: Readable) {
  const assets = yield* AssetStore
  const images: Array<AssetId> = []
  for (const [index, image] of readable.images.slice(0, maxImages).entries()) {
    const id = derivedId(copy, `image-${index}`)
    yield* assets.put(id, { bytes: image.bytes, contentType: image.contentType })
    yield* countStored(owner, id, image.bytes.byteLength)
    images.push(id)
  }
  // An image past the cap is dropped from the article, not left as a placeholder.
  const html = readable.html.replace(
    /<img data-reader-image="(\d+)"[^>]*>/g,
    (tag, n) => Number(n) < images.length ? tag : ""
  )
  const manifest: Manifest = { version, html, words: readable.words, images }
  const bytes = new TextEncoder().encode(JSON.stringify(manifest))
  yield* assets.put(manifestId(copy), { bytes, contentType: "application/json" })
  yield* countStored(owner, manifestId(copy), bytes.byteLength)
  return manifest
})

/**
 * Derives the reader view of an HTML copy and keeps it, counted for `owner`; none when the copy has no article (or
 * is gone).
 */
export const derive = Effect.fnUntraced(function*(owner: AccountId, copy: AssetId, url: string) {
  const markup = yield* Effect.serviceOption(Markup)
  if (Option.isNone(markup)) return Option.none<Manifest>()
  const found = yield* (yield* AssetStore).get(copy)
  if (Option.isNone(found) || !found.value.contentType.startsWith("text/html")) return Option.none<Manifest>()
  const readable = markup.value.readable(new TextDecoder().decode(found.value.bytes), url)
  if (Option.isNone(readable)) return Option.none<Manifest>()
  return Option.some(yield* store(owner, copy, readable.value))
})

/** Removes what was derived from a copy (with the copy, or when a new copy replaces it) and takes it off the count. */
export const forget = Effect.fnUntraced(function*(copy: AssetId) {
  const manifest = yield* Effect.orElseSucceed(load(copy), () => Option.none<Manifest>())
  if (Option.isSome(manifest)) {
    for (const image of manifest.value.images) yield* Effect.ignore(deleteAsset(image))
  }
  yield* Effect.ignore(deleteAsset(manifestId(copy)))
})
