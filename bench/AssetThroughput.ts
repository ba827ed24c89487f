/**
 * Upload and read throughput of the asset stores through their adapters, streamed: the file store in a temporary
 * directory, and the S3 store against a local S3-compatible server (s3rver on loopback, as the tests start it). Four
 * files of 16 MB each way per store, after a warm-up file; the heap and RSS growth while streaming shows that no
 * file is held whole. Bounded (some 200 MB written in all), loopback only.
 * `node --conditions=@bookmark-library/source --import tsx bench/AssetThroughput.ts` (docs/preservation.md,
 * "Object storage").
 */
import { AssetId, AssetStore, Errors } from "@bookmark-library/domain"
import { S3TestServer } from "@bookmark-library/testkit"
import * as NodeStream from "@effect/platform-node/NodeStream"
import { Effect, type Layer, Option, Redacted, Stream } from "effect"
import { randomBytes } from "node:crypto"
import { createReadStream, mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as FileAssetStore from "../packages/adapters/src/assets/FileAssetStore.js"
import * as S3AssetStore from "../packages/adapters/src/assets/S3AssetStore.js"

const FILE_BYTES = 16 * 1024 * 1024
const FILES = 4
const MB = 1024 * 1024

const scratch = mkdtempSync(join(tmpdir(), "asset-throughput-"))
const source = join(scratch, "source.bin")
writeFileSync(source, randomBytes(FILE_BYTES))

const fromDisk = () =>
  NodeStream.fromReadable<Uint8Array, Errors.StorageUnavailable>({
    evaluate: () => createReadStream(source, { highWaterMark: 256 * 1024 }),
    onError: (e) => new Errors.StorageUnavailable({ reason: String(e) })
  })

interface Figures {
  readonly store: string
  readonly uploadMBps: number
  readonly readMBps: number
  readonly peakGrowthMB: number
}

const measure = (name: string, layer: Layer.Layer<AssetStore, unknown>) =>
  Effect.gen(function*() {
    const assets = yield* AssetStore
    const id = () => AssetId.make(randomBytes(16).toString("hex"))
    const put = (asset: AssetId) =>
      assets.putStream(asset, { contentType: "application/octet-stream", size: FILE_BYTES, stream: fromDisk() })
    const read = (asset: AssetId) =>
      Effect.flatMap(assets.getStream(asset), (found) => Stream.runDrain(Option.getOrThrow(found).stream))
    const warm = id()
    yield* put(warm)
    yield* read(warm)
    const baseline = process.memoryUsage().rss
    let peak = baseline
    const watch = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss)
    }, 20)
    const ids = Array.from({ length: FILES }, id)
    const upStart = performance.now()
    for (const asset of ids) yield* put(asset)
    const upSeconds = (performance.now() - upStart) / 1_000
    const readStart = performance.now()
    for (const asset of ids) yield* read(asset)
    const readSeconds = (performance.now() - readStart) / 1_000
    clearInterval(watch)
    const figures: Figures = {
      store: name,
      uploadMBps: (FILES * FILE_BYTES) / MB / upSeconds,
      readMBps: (FILES * FILE_BYTES) / MB / readSeconds,
      peakGrowthMB: (peak - baseline) / MB
    }
    return figures
  }).pipe(Effect.provide(layer), Effect.scoped)

const main = async () => {
  const server = await S3TestServer.start()
  try {
    const files = await Effect.runPromise(measure("files", FileAssetStore.layer({ dataDir: join(scratch, "files") })))
    const s3 = await Effect.runPromise(measure(
      "s3 (s3rver, loopback)",
      S3AssetStore.layer({
        bucket: server.bucket,
        region: server.region,
        endpoint: Option.some(server.endpoint),
        credentials: Option.some({
          accessKeyId: server.accessKeyId,
          secretAccessKey: Redacted.make(server.secretAccessKey)
        }),
        prefix: ""
      })
    ))
    const lines = [
      `Asset stores, streamed through the adapters: ${FILES} files of ${FILE_BYTES / MB} MB each way.`,
      "",
      "| store | upload MB/s | read MB/s | RSS growth while streaming |",
      "| --- | --- | --- | --- |",
      ...[files, s3].map((f) =>
        `| ${f.store} | ${f.uploadMBps.toFixed(0)} | ${f.readMBps.toFixed(0)} | ${f.peakGrowthMB.toFixed(0)} MB |`
      )
    ]
    // oxlint-disable-next-line eslint/no-console -- the script's output
    console.log(lines.join("\n"))
  } finally {
    await server.close()
    rmSync(scratch, { recursive: true, force: true })
  }
}

await main()
