/**
 * `bookmarks assets migrate` as an operator runs it: a library's assets from files into a real S3-compatible server
 * (s3rver on loopback, started here) and back, with progress, resuming after the checkpoint a stopped run left.
 */
import { FileAssetStore, S3AssetStore } from "@bookmark-library/adapters"
import { AssetId, AssetStore } from "@bookmark-library/domain"
import { S3TestServer } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, type Layer, Option, Redacted, Stream } from "effect"
import { createHash, randomBytes } from "node:crypto"
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Cli from "../support/Cli.js"

const ids = Array.from({ length: 30 }, (_, i) => AssetId.make(i.toString(16).padStart(2, "0").repeat(16)))
const contentOf = (i: number) => (i === 17 ? randomBytes(5 * 1024 * 1024 + 3) : randomBytes(1_000 + i))
const sha = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex")

let s3: S3TestServer.S3TestServer
const dirs: Array<string> = []
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "assets-migrate-"))
  dirs.push(dir)
  return dir
}
const hashes = new Map<string, string>()

const s3Store = () =>
  S3AssetStore.layer({
    bucket: s3.bucket,
    region: s3.region,
    endpoint: Option.some(s3.endpoint),
    credentials: Option.some({ accessKeyId: s3.accessKeyId, secretAccessKey: Redacted.make(s3.secretAccessKey) }),
    prefix: ""
  })

/** Every asset of a store as id → sha256 of its bytes and content type. */
const inventory = (layer: Layer.Layer<AssetStore, unknown>) =>
  Effect.runPromise(
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const listed = yield* Stream.runCollect(assets.list(Option.none()))
      const entries: Array<readonly [string, string]> = []
      for (const id of listed) {
        const asset = Option.getOrThrow(yield* assets.get(id))
        entries.push([id, `${sha(asset.bytes)} ${asset.contentType}`])
      }
      return new Map(entries)
    }).pipe(Effect.provide(layer))
  )

let filesDir = ""

beforeAll(async () => {
  s3 = await S3TestServer.start()
  filesDir = tempDir()
  await Effect.runPromise(
    Effect.gen(function*() {
      const assets = yield* AssetStore
      for (const [i, id] of ids.entries()) {
        const bytes = contentOf(i)
        hashes.set(id, `${sha(bytes)} image/x-${i}`)
        yield* assets.put(id, { bytes, contentType: `image/x-${i}` })
      }
    }).pipe(Effect.provide(FileAssetStore.layer({ dataDir: filesDir })))
  )
}, 60_000)
afterAll(async () => {
  await s3?.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe("bookmarks assets migrate", () => {
  it("resumes after a stopped run's checkpoint, then moves everything to S3 and back byte for byte", async () => {
    const env = { DATA_DIR: filesDir, ...s3.env, ASSET_STORE: "files" }
    // What a run stopped after the tenth asset leaves behind.
    writeFileSync(join(filesDir, "assets-migration-files-to-s3.json"), JSON.stringify({ after: ids[9] }))
    const resumed = await Cli.run(["assets", "migrate", "--from", "file", "--to", "s3"], env)
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(resumed.stderr).toContain(`Copying 20 assets from files to s3 (resuming after ${ids[9]})`)
    expect(resumed.stderr).toMatch(/\[#{30}\] 20\/20 assets · 5\.\d MB/)
    expect(resumed.stdout).toContain("Copied 20 assets")
    expect([...(await inventory(s3Store())).keys()]).toEqual(ids.slice(10))

    const whole = await Cli.run(["assets", "migrate", "--from", "files", "--to", "s3"], env)
    expect(whole.code, whole.stderr).toBe(0)
    expect(whole.stderr).toContain("Copying 30 assets from files to s3\n")
    expect(await inventory(s3Store())).toEqual(hashes)

    const back = tempDir()
    const returned = await Cli.run(["assets", "migrate", "--from", "s3", "--to", "files"], { ...env, DATA_DIR: back })
    expect(returned.code, returned.stderr).toBe(0)
    expect(await inventory(FileAssetStore.layer({ dataDir: back }))).toEqual(hashes)
  }, 180_000)

  it("says in one line what is wrong with the stores asked for", async () => {
    const dataDir = tempDir()
    const same = await Cli.run(["assets", "migrate", "--from", "s3", "--to", "s3"], { DATA_DIR: dataDir, ...s3.env })
    expect([same.code, same.stderr.trim()]).toEqual([1, "--from and --to both name 's3': nothing to move"])
    const noBucket = await Cli.run(["assets", "migrate", "--from", "files", "--to", "s3"], { DATA_DIR: dataDir })
    expect([noBucket.code, noBucket.stderr.trim()]).toEqual([
      1,
      "Invalid configuration: S3_BUCKET: ASSET_STORE=s3 needs S3_BUCKET"
    ])
    const unknown = await Cli.run(["assets", "migrate", "--from", "ftp", "--to", "s3"], { DATA_DIR: dataDir })
    expect(unknown.code).toBe(2)
    const down = await Cli.run(["assets", "migrate", "--from", "files", "--to", "s3"], {
      DATA_DIR: dataDir,
      ...s3.env,
      S3_ENDPOINT: "http://127.0.0.1:9"
    })
    expect(down.code).toBe(1)
    expect(down.stderr.trim()).toMatch(
      /^The s3 store cannot be used: assets \(s3\): bucket 'assets' at http:\/\/127\.0\.0\.1:9 is not usable/
    )
  }, 120_000)
})
