/**
 * `bookmarks assets migrate --from files --to s3` (and any other pair of stores): copies every asset from one store
 * into the other with a progress bar, resumable (docs/operations.md, "Object storage"). It reads
 * the same configuration as the server (DATA_DIR, DATABASE_URL, S3_*); the S3 settings are read whichever
 * ASSET_STORE says. A checkpoint in DATA_DIR holds the last id copied; a run that stopped resumes after it.
 */
import { AssetId, AssetStore, copyAssets, type CopyProgress, countAssets, type Errors } from "@bookmark-library/domain"
import { Console, Context, Effect, Layer, Option, Schema } from "effect"
import * as FileSystem from "effect/FileSystem"
import type { PlatformError } from "effect/PlatformError"
import { join, resolve } from "node:path"
import { CliFailure } from "../CliFailure.js"
import { describeError } from "../ConfigIssue.js"
import * as AdapterChoice from "./AdapterChoice.js"
import type { AppConfig, AssetStoreChoice } from "./AppConfig.js"
import * as AssetsProgressLine from "./AssetsProgressLine.js"
import { loadConfig } from "./LoadConfig.js"
import * as S3Config from "./S3Config.js"

const Checkpoint = Schema.fromJsonString(Schema.Struct({ after: AssetId }))
const decodeCheckpoint = Schema.decodeUnknownOption(Checkpoint)
const encodeCheckpoint = Schema.encodeSync(Checkpoint)
/** A checkpoint is written at most this often (and when the run ends, however it ends). */
const CHECKPOINT_EVERY_MS = 1_000

export const checkpointFile = (config: AppConfig, from: AssetStoreChoice, to: AssetStoreChoice) =>
  join(resolve(config.dataDir), `assets-migration-${from}-to-${to}.json`)

const failure = (message: string) => new CliFailure({ message })

const storeLayer = (
  config: AppConfig,
  choice: AssetStoreChoice
): Layer.Layer<AssetStore, PlatformError | Errors.StorageUnavailable> => {
  switch (choice) {
    case "database":
      return Layer.provide(AdapterChoice.assetStores.database(), AdapterChoice.database(config))
    case "files":
      return AdapterChoice.assetStores.files(config)
    case "s3":
      return AdapterChoice.assetStores.s3(config)
  }
}

/** One store by name, built in the caller's scope; a store that cannot start is one line naming it. */
const storeOf = (config: AppConfig, choice: AssetStoreChoice) =>
  Layer.build(storeLayer(config, choice)).pipe(
    Effect.map(Context.get(AssetStore)),
    Effect.mapError((e) =>
      failure(`The ${choice} store cannot be used: ${e._tag === "StorageUnavailable" ? e.reason : e.message}`)
    )
  )

export const migrate = (from: AssetStoreChoice, to: AssetStoreChoice) =>
  Effect.gen(function*() {
    if (from === to) return yield* failure(`--from and --to both name '${from}': nothing to move`)
    const loaded = yield* loadConfig
    const s3 = from === "s3" || to === "s3"
      ? yield* S3Config.settings(true).pipe(Effect.mapError((e) => failure(describeError(e))))
      : loaded.s3
    const config: AppConfig = { ...loaded, s3 }
    const fs = yield* FileSystem.FileSystem
    const checkpoint = checkpointFile(config, from, to)

    const after = yield* fs.readFileString(checkpoint).pipe(
      Effect.map((text) => Option.map(decodeCheckpoint(text), (c) => c.after)),
      Effect.orElseSucceed(() => Option.none<AssetId>())
    )
    const source = yield* storeOf(config, from)
    const target = yield* storeOf(config, to)
    const total = yield* countAssets(source, after)
    yield* Console.error(
      `Copying ${total} assets from ${from} to ${to}${
        Option.match(after, { onNone: () => "", onSome: (id) => ` (resuming after ${id})` })
      }`
    )

    const bar = AssetsProgressLine.make(total)
    let latest: Option.Option<AssetId> = after
    let savedAt = 0
    const save = Effect.suspend(() =>
      Option.match(latest, {
        onNone: () => Effect.void,
        onSome: (id) => Effect.ignore(fs.writeFileString(checkpoint, encodeCheckpoint({ after: id })))
      })
    )
    const onProgress = (p: CopyProgress) =>
      Effect.andThen(bar.show(p), () => {
        latest = p.last
        if (Date.now() - savedAt < CHECKPOINT_EVERY_MS) return Effect.void
        savedAt = Date.now()
        return save
      })

    const result = yield* copyAssets(source, target, { after, onProgress }).pipe(
      Effect.onExit(() => Effect.andThen(bar.end, save)),
      Effect.mapError((e) =>
        failure(`Stopped: ${e.reason}. Run the same command again to resume after the last asset copied.`)
      )
    )
    yield* Effect.ignore(fs.remove(checkpoint))
    yield* Console.log(
      `Copied ${result.done} assets (${(result.bytes / 1_048_576).toFixed(1)} MB) from ${from} to ${to}` +
        (result.vanished > 0 ? `; ${result.vanished} were deleted meanwhile` : "") +
        `. Set ASSET_STORE=${to} and restart; the ${from} store still holds its copies until you remove them.`
    )
  }).pipe(Effect.scoped)
