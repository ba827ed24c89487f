/**
 * AssetStore on the local disk (docs/decisions.md, "Screenshots"): `<dataDir>/assets/<first two hex digits>/<id>`, with the
 * content type in `<id>.json` beside it. Each file is written to a temporary name, synced and renamed, and
 * the sidecar is written last: it commits the asset, so a crash never leaves a half-written one readable.
 * Assets are immutable: a `put` of an id already committed keeps the first asset. Puts run one at a time in the
 * process, so two racing writes of one id cannot mix one's bytes with the other's sidecar.
 */
import { AssetId, AssetStore, Errors } from "@bookmark-library/domain"
import * as FileSystem from "@effect/platform/FileSystem"
import * as Path from "@effect/platform/Path"
import type { PlatformError } from "@effect/platform/Error"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Effect, Layer, Option, Schema } from "effect"
import { randomBytes } from "node:crypto"

export interface Options {
  readonly dataDir: string
}

const Sidecar = Schema.parseJson(Schema.Struct({
  contentType: Schema.String,
  size: Schema.NonNegativeInt
}))
const encodeSidecar = Schema.encodeSync(Sidecar)
const decodeSidecar = Schema.decodeUnknownOption(Sidecar)
const isAssetId = Schema.is(AssetId)

const isNotFound = (error: PlatformError) => error._tag === "SystemError" && error.reason === "NotFound"

const unavailable = (error: PlatformError) => new Errors.StorageUnavailable({ reason: `assets: ${error.message}` })

export const make = Effect.fn("FileAssetStore.make")(function*(options: Options) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const root = path.resolve(options.dataDir, "assets")
  yield* fs.makeDirectory(root, { recursive: true })
  const writing = yield* Effect.makeSemaphore(1)

  // Ids are checked here, before any path is built, even though the type says they were decoded:
  // an id is the only caller-controlled part of a path.
  const locate = (id: string) => {
    if (!isAssetId(id)) return Option.none()
    const dir = path.join(root, id.slice(0, 2))
    return Option.some({ dir, bytes: path.join(dir, id), sidecar: path.join(dir, `${id}.json`) })
  }

  const writeAtomically = (target: string, data: Uint8Array) => {
    const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`
    return Effect.scoped(
      Effect.flatMap(fs.open(temp, { flag: "wx", mode: 0o644 }), (file) =>
        // writeAll refuses an empty buffer (it reads as a stalled write), and there is nothing to write anyway.
        Effect.zipRight(data.byteLength === 0 ? Effect.void : file.writeAll(data), file.sync))
    ).pipe(
      Effect.zipRight(fs.rename(temp, target)),
      Effect.tapError(() => Effect.ignore(fs.remove(temp)))
    )
  }

  const readOrNone = (file: string) =>
    fs.readFile(file).pipe(
      Effect.map(Option.some),
      Effect.catchIf(isNotFound, () => Effect.succeed(Option.none())),
      Effect.mapError(unavailable)
    )

  const get = Effect.fn("FileAssetStore.get")(function*(id: AssetId) {
    const at = locate(id)
    if (Option.isNone(at)) return Option.none()
    const sidecarBytes = yield* readOrNone(at.value.sidecar)
    if (Option.isNone(sidecarBytes)) return Option.none()
    const sidecar = decodeSidecar(new TextDecoder().decode(sidecarBytes.value))
    const bytes = yield* readOrNone(at.value.bytes)
    if (Option.isNone(sidecar) || Option.isNone(bytes) || bytes.value.byteLength !== sidecar.value.size) {
      // Only possible when someone edited the directory by hand; serve nothing rather than wrong bytes.
      yield* Effect.logWarning("asset files are inconsistent; treating the asset as missing").pipe(
        Effect.annotateLogs({ assetId: id, file: at.value.bytes })
      )
      return Option.none()
    }
    return Option.some({ bytes: bytes.value, contentType: sidecar.value.contentType })
  })

  const put = Effect.fn("FileAssetStore.put")(function*(id: AssetId, asset: { readonly bytes: Uint8Array; readonly contentType: string }) {
    const at = locate(id)
    if (Option.isNone(at)) return yield* Effect.dieMessage(`FileAssetStore.put: '${id}' is not an asset id`)
    const sidecar = encodeSidecar({ contentType: asset.contentType, size: asset.bytes.byteLength })
    yield* writing.withPermits(1)(Effect.gen(function*() {
      if (Option.isSome(yield* get(id))) return
      yield* fs.makeDirectory(at.value.dir, { recursive: true }).pipe(
        Effect.zipRight(writeAtomically(at.value.bytes, asset.bytes)),
        Effect.zipRight(writeAtomically(at.value.sidecar, new TextEncoder().encode(sidecar))),
        Effect.mapError(unavailable)
      )
    }))
  })

  // The sidecar goes first: without it the asset reads as missing, even if removing the bytes then fails.
  // One permit with puts, so a delete never lands between a put's two files.
  const remove = Effect.fn("FileAssetStore.delete")(function*(id: AssetId) {
    const at = locate(id)
    if (Option.isNone(at)) return
    yield* writing.withPermits(1)(Effect.forEach(
      [at.value.sidecar, at.value.bytes],
      (file) => fs.remove(file).pipe(Effect.catchIf(isNotFound, () => Effect.void), Effect.mapError(unavailable)),
      { discard: true }
    ))
  })

  return AssetStore.of({ put, get, delete: remove })
})

/** Creates `<dataDir>/assets` at start; fails (naming the path) when it cannot. */
export const layer = (options: Options): Layer.Layer<AssetStore, PlatformError> =>
  Layer.effect(AssetStore, make(options)).pipe(Layer.provide([NodeFileSystem.layer, NodePath.layer]))
