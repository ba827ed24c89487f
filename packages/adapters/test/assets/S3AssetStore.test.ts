/**
 * The S3 asset store against a real S3-compatible server (s3rver on loopback, started here: these tests never skip).
 * The port's contract, then what object storage adds: a multi-megabyte file streamed in and out byte for byte, a
 * bucket created when missing, and a clear failure when the server is not there.
 */
import { AssetId, AssetStore, Errors } from "@bookmark-library/domain"
import { S3TestServer } from "@bookmark-library/testkit"
import * as Contracts from "@bookmark-library/testkit/contracts"
import * as NodeStream from "@effect/platform-node/NodeStream"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Option, Redacted, Stream } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { createReadStream, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as S3AssetStore from "../../src/assets/S3AssetStore.js"

const server = S3TestServer.start()
afterAll(async () => (await server).close())

const optionsFor = (s: S3TestServer.S3TestServer, bucket = s.bucket): S3AssetStore.Options => ({
  bucket,
  region: s.region,
  endpoint: Option.some(s.endpoint),
  credentials: Option.some({ accessKeyId: s.accessKeyId, secretAccessKey: Redacted.make(s.secretAccessKey) }),
  prefix: "assets/"
})
const storeOn = (bucket?: string) =>
  Layer.unwrap(Effect.map(Effect.promise(() => server), (s) => S3AssetStore.layer(optionsFor(s, bucket))))

Contracts.assetStoreContract("s3 (s3rver)", storeOn())

const scratch = mkdtempSync(join(tmpdir(), "s3-asset-test-"))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")
const id = () => AssetId.make(randomBytes(16).toString("hex"))

/** Every file under `dir` whose size is `size` (s3rver keeps an object's bytes in a file of its own). */
const filesOfSize = (dir: string, size: number) =>
  readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((name) => {
    const stat = statSync(join(dir, name))
    return stat.isFile() && stat.size === size
  })

describe("S3AssetStore", () => {
  it.effect("streams a 12 MB file from disk into the bucket and back, byte for byte", () =>
    Effect.gen(function*() {
      const s = yield* Effect.promise(() => server)
      const size = 12 * 1024 * 1024 + 7
      const content = randomBytes(size)
      const file = join(scratch, "large.bin")
      writeFileSync(file, content)
      const assets = yield* AssetStore
      const asset = id()
      yield* assets.putStream(asset, {
        contentType: "application/pdf",
        size,
        stream: NodeStream.fromReadable<Uint8Array, Errors.StorageUnavailable>({
          evaluate: () => createReadStream(file, { highWaterMark: 256 * 1024 }),
          onError: (e) => new Errors.StorageUnavailable({ reason: String(e) })
        })
      })
      // The server keeps exactly the bytes sent: no checksum framing stored with them.
      expect(filesOfSize(s.directory, size).length).toBe(1)
      const read = Option.getOrThrow(yield* assets.getStream(asset))
      expect([read.contentType, read.size]).toEqual(["application/pdf", size])
      const hash = createHash("sha256")
      let chunks = 0
      yield* Stream.runForEach(read.stream, (chunk) =>
        Effect.sync(() => {
          chunks += 1
          hash.update(chunk)
        }))
      expect(hash.digest("hex")).toBe(sha256(content))
      // It came as a stream of pieces, not one buffer.
      expect(chunks).toBeGreaterThan(1)
    }).pipe(Effect.provide(storeOn())), { timeout: 60_000 })

  it.effect("creates its bucket when the server has none of that name", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const asset = id()
      yield* assets.put(asset, { bytes: new Uint8Array([1, 2, 3]), contentType: "image/png" })
      expect(Option.map(yield* assets.get(asset), (a) => [...a.bytes])).toEqual(Option.some([1, 2, 3]))
    }).pipe(Effect.provide(storeOn("fresh-bucket"))))

  it.effect("fails at start, naming the bucket and the endpoint, when no server answers", () =>
    Effect.gen(function*() {
      const s = yield* Effect.promise(() => server)
      const error = yield* Effect.flip(
        Effect.scoped(
          Layer.build(S3AssetStore.layer({ ...optionsFor(s), endpoint: Option.some("http://127.0.0.1:9") }))
        )
      )
      expect(error.reason).toContain("bucket 'assets' at http://127.0.0.1:9 is not usable")
    }), { timeout: 30_000 })
})
