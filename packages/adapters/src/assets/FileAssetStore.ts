/**
 * AssetStore on the local disk (docs/decisions.md, "Screenshots"): `<dataDir>/assets/<first two hex digits>/<id>`, with
 * the content type in `<id>.json` beside it. Each file is written to a temporary name, synced and renamed, and the
 * sidecar is written last: it commits the asset, so a crash never leaves a half-written one readable. Assets are
 * immutable: a `put` of an id already committed keeps the first asset. Puts run one at a time in the process, so two
 * racing writes of one id cannot mix one's bytes with the other's sidecar. A streamed put writes its temporary file
 * outside that lock, chunk by chunk, and takes the lock only to commit.
 */
import { AssetId, AssetStore, type AssetStream, AssetStreams, Errors } from "@bookmark-library/domain"
import * as NodeFileSystem from "@effect/platform-node/NodeFileSystem"
import * as NodePath from "@effect/platform-node/NodePath"
import { Effect, Layer, Option, Schema, Semaphore, Stream } from "effect"
import * as FileSystem from "effect/FileSystem"
import * as Path from "effect/Path"
import type { PlatformError } from "effect/PlatformError"
import { randomBytes } from "node:crypto"

export interface Options {
  readonly dataDir: string
}

const Sidecar = Schema.fromJsonString(Schema.Struct({
  contentType: Schema.String,
  size: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
}))
const encodeSidecar = Schema.encodeSync(Sidecar)
const decodeSidecar = Schema.decodeUnknownOption(Sidecar)
const isAssetId = Schema.is(AssetId)

const isNotFound = (error: PlatformError) => error.reason._tag === "NotFound"

const unavailable = (error: PlatformError) => new Errors.StorageUnavailable({ reason: `assets: ${error.message}` })

export const make = Effect.fn("FileAssetStore.make")(function*(options: Options) {
  const fs = yield* FileSystem.FileSystem
  const path = yield* Path.Path
  const root = path.resolve(options.dataDir, "assets")
  yield* fs.makeDirectory(root, { recursive: true })
  const writing = yield* Semaphore.make(1)

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
        Effect.andThen(data.byteLength === 0 ? Effect.void : file.writeAll(data), file.sync))
    ).pipe(
      Effect.andThen(fs.rename(temp, target)),
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

  /** Whether an asset is committed (its sidecar is written last), without reading its bytes. */
  const committed = (at: { readonly sidecar: string }) => fs.exists(at.sidecar).pipe(Effect.mapError(unavailable))

  const put = Effect.fn("FileAssetStore.put")(
    function*(id: AssetId, asset: { readonly bytes: Uint8Array; readonly contentType: string }) {
      const at = locate(id)
      if (Option.isNone(at)) return yield* Effect.die(new Error(`FileAssetStore.put: '${id}' is not an asset id`))
      const sidecar = encodeSidecar({ contentType: asset.contentType, size: asset.bytes.byteLength })
      yield* writing.withPermits(1)(Effect.gen(function*() {
        if (yield* committed(at.value)) return
        yield* fs.makeDirectory(at.value.dir, { recursive: true }).pipe(
          Effect.andThen(writeAtomically(at.value.bytes, asset.bytes)),
          Effect.andThen(writeAtomically(at.value.sidecar, new TextEncoder().encode(sidecar))),
          Effect.mapError(unavailable)
        )
      }))
    }
  )

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

  /** Writes the stream to a temporary file beside `target`, checking its length; the caller renames or removes it. */
  const writeStreamToTemp = (target: string, asset: AssetStream) => {
    const temp = `${target}.${randomBytes(6).toString("hex")}.tmp`
    let written = 0
    const write = Effect.scoped(Effect.gen(function*() {
      const file = yield* fs.open(temp, { flag: "wx", mode: 0o644 }).pipe(Effect.mapError(unavailable))
      yield* asset.stream.pipe(
        Stream.runForEach((chunk) => {
          written += chunk.byteLength
          if (written > asset.size) return Effect.fail(AssetStreams.lengthMismatch(asset.size, written))
          return chunk.byteLength === 0 ? Effect.void : Effect.mapError(file.writeAll(chunk), unavailable)
        })
      )
      if (written !== asset.size) return yield* AssetStreams.lengthMismatch(asset.size, written)
      yield* Effect.mapError(file.sync, unavailable)
    }))
    return write.pipe(
      Effect.as(temp),
      Effect.onError(() => Effect.ignore(fs.remove(temp)))
    )
  }

  const putStream = Effect.fn("FileAssetStore.putStream")(function*(id: AssetId, asset: AssetStream) {
    const at = locate(id)
    if (Option.isNone(at)) return yield* Effect.die(new Error(`FileAssetStore.putStream: '${id}' is not an asset id`))
    if (yield* committed(at.value)) return
    yield* fs.makeDirectory(at.value.dir, { recursive: true }).pipe(Effect.mapError(unavailable))
    const temp = yield* writeStreamToTemp(at.value.bytes, asset)
    const sidecar = encodeSidecar({ contentType: asset.contentType, size: asset.size })
    yield* writing.withPermits(1)(Effect.gen(function*() {
      if (yield* committed(at.value)) return yield* Effect.ignore(fs.remove(temp))
      yield* fs.rename(temp, at.value.bytes).pipe(
        Effect.andThen(writeAtomically(at.value.sidecar, new TextEncoder().encode(sidecar))),
        Effect.tapError(() => Effect.ignore(fs.remove(temp))),
        Effect.mapError(unavailable)
      )
    }))
  })

  const getStream = Effect.fn("FileAssetStore.getStream")(function*(id: AssetId) {
    const at = locate(id)
    if (Option.isNone(at)) return Option.none<AssetStream>()
    const sidecarBytes = yield* readOrNone(at.value.sidecar)
    if (Option.isNone(sidecarBytes)) return Option.none<AssetStream>()
    const sidecar = decodeSidecar(new TextDecoder().decode(sidecarBytes.value))
    const info = yield* fs.stat(at.value.bytes).pipe(
      Effect.map(Option.some),
      Effect.catchIf(isNotFound, () => Effect.succeed(Option.none())),
      Effect.mapError(unavailable)
    )
    if (Option.isNone(sidecar) || Option.isNone(info) || Number(info.value.size) !== sidecar.value.size) {
      yield* Effect.logWarning("asset files are inconsistent; treating the asset as missing").pipe(
        Effect.annotateLogs({ assetId: id, file: at.value.bytes })
      )
      return Option.none<AssetStream>()
    }
    const streamed: AssetStream = {
      contentType: sidecar.value.contentType,
      size: sidecar.value.size,
      stream: fs.stream(at.value.bytes).pipe(Stream.mapError(unavailable))
    }
    return Option.some(streamed)
  })

  const entries = (dir: string) =>
    fs.readDirectory(dir).pipe(
      Effect.catchIf(isNotFound, () => Effect.succeed<Array<string>>([])),
      Effect.mapError(unavailable),
      Effect.map((names) => names.sort())
    )

  // Committed assets only (those with a sidecar), directory by directory in name order, which is id order.
  const list = (after: Option.Option<AssetId>) => {
    const from = Option.getOrElse(after, () => "")
    return Stream.fromIterableEffect(entries(root)).pipe(
      Stream.filter((dir) => /^[0-9a-f]{2}$/.test(dir) && dir >= from.slice(0, 2)),
      Stream.mapEffect((dir) =>
        Effect.map(entries(path.join(root, dir)), (names) => {
          const committed = new Set(names)
          return names.filter((name): name is AssetId =>
            isAssetId(name) && name > from && committed.has(`${name}.json`)
          )
        })
      ),
      Stream.flattenIterable
    )
  }

  return AssetStore.of({ put, get, putStream, getStream, list, delete: remove })
})

/** Creates `<dataDir>/assets` at start; fails (naming the path) when it cannot. */
export const layer = (options: Options): Layer.Layer<AssetStore, PlatformError> =>
  Layer.effect(AssetStore, make(options)).pipe(Layer.provide([NodeFileSystem.layer, NodePath.layer]))
