import { AssetId, AssetStore } from "@bookmark-library/domain"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Option } from "effect"
import * as fs from "node:fs"
import * as os from "node:os"
import * as path from "node:path"
import * as FileAssetStore from "../../src/assets/FileAssetStore.js"

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "file-asset-store-"))
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }))

const store = FileAssetStore.layer({ dataDir })
const id = (hex: string) => AssetId.make(hex.padEnd(32, "0"))
const bytes = (n: number, seed: number) => new Uint8Array(n).map((_, i) => (i * seed) % 256)
const filesIn = (dir: string) => fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).sort()

// The contract writes random ids: it gets a directory of its own, so the listings below see only their own files.
const contractDir = fs.mkdtempSync(path.join(os.tmpdir(), "file-asset-contract-"))
afterAll(() => fs.rmSync(contractDir, { recursive: true, force: true }))
Contracts.assetStoreContract("file", FileAssetStore.layer({ dataDir: contractDir }))

describe("FileAssetStore", () => {
  it.effect("keeps bytes and content type on disk under <dataDir>/assets, with no temporary files left", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const asset = id("ab01")
      yield* assets.put(asset, { bytes: bytes(1_000, 3), contentType: "image/jpeg" })
      expect(filesIn(path.join(dataDir, "assets", "ab"))).toEqual([asset, `${asset}.json`])
      expect(
        Buffer.from(fs.readFileSync(path.join(dataDir, "assets", "ab", asset))).equals(Buffer.from(bytes(1_000, 3)))
      )
        .toBe(true)
    }).pipe(Effect.provide(store)))

  it.effect("a second store on the same directory (a restarted process) reads what the first wrote", () =>
    Effect.gen(function*() {
      const asset = id("cd02")
      yield* Effect.flatMap(AssetStore, (a) => a.put(asset, { bytes: bytes(10, 5), contentType: "image/png" }))
        .pipe(Effect.provide(store))
      const again = yield* Effect.flatMap(AssetStore, (a) => a.get(asset))
        .pipe(Effect.provide(FileAssetStore.layer({ dataDir })))
      expect(Option.map(again, (a) => [a.contentType, a.bytes.byteLength])).toEqual(Option.some(["image/png", 10]))
    }))

  it.effect("bytes left without their sidecar by a crash are written over by the next put of the id", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const asset = id("ef03")
      fs.mkdirSync(path.join(dataDir, "assets", "ef"), { recursive: true })
      fs.writeFileSync(path.join(dataDir, "assets", "ef", asset), bytes(5_000, 7))
      yield* assets.put(asset, { bytes: bytes(20, 11), contentType: "image/webp" })
      const got = yield* assets.get(asset)
      expect(Option.map(got, (a) => [a.contentType, Buffer.from(a.bytes).equals(Buffer.from(bytes(20, 11)))]))
        .toEqual(Option.some(["image/webp", true]))
    }).pipe(Effect.provide(store)))

  it.effect("bytes without their sidecar (a crash before the commit) read as missing", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const asset = id("0a04")
      fs.mkdirSync(path.join(dataDir, "assets", "0a"), { recursive: true })
      fs.writeFileSync(path.join(dataDir, "assets", "0a", asset), bytes(100, 1))
      expect(Option.isNone(yield* assets.get(asset))).toBe(true)
    }).pipe(Effect.provide(store)))

  it.effect("ids that are not asset ids never reach the file system", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      const secret = path.join(dataDir, "secret")
      fs.writeFileSync(secret, "do not serve")
      fs.writeFileSync(`${secret}.json`, JSON.stringify({ contentType: "text/plain", size: 12 }))
      // As if a caller had skipped decoding.
      const unchecked = (raw: string) => AssetId.make(raw, { disableChecks: true })
      for (const raw of ["ab/../../../secret", "../secret", "/etc/passwd", "AB01".padEnd(32, "0"), ""]) {
        expect(Option.isNone(yield* assets.get(unchecked(raw))), raw).toBe(true)
      }
      const exit = yield* Effect.exit(
        assets.put(unchecked("ab/../../escaped"), { bytes: bytes(1, 1), contentType: "text/plain" })
      )
      expect(Exit.isFailure(exit) && Exit.hasInterrupts(exit) === false).toBe(true)
      expect(fs.existsSync(path.join(dataDir, "escaped"))).toBe(false)
      expect(fs.existsSync(path.join(dataDir, "assets", "escaped"))).toBe(false)
    }).pipe(Effect.provide(store)))

  it.effect("a file system failure is StorageUnavailable and leaves no temporary file", () =>
    Effect.gen(function*() {
      const assets = yield* AssetStore
      // A file where the shard directory should be: mkdir fails, as it would on a broken disk.
      fs.writeFileSync(path.join(dataDir, "assets", "77"), "")
      const exit = yield* Effect.exit(assets.put(id("7705"), { bytes: bytes(10, 1), contentType: "image/jpeg" }))
      expect(exit).toMatchObject({
        _tag: "Failure",
        cause: { reasons: [{ _tag: "Fail", error: { _tag: "StorageUnavailable" } }] }
      })
      expect(filesIn(path.join(dataDir, "assets")).filter((f) => f.endsWith(".tmp"))).toEqual([])
    }).pipe(Effect.provide(store)))

  it.effect("a data directory that cannot be created fails the layer at start", () =>
    Effect.gen(function*() {
      const blocked = path.join(dataDir, "not-a-dir")
      fs.writeFileSync(blocked, "")
      const exit = yield* Effect.exit(Effect.provide(AssetStore, FileAssetStore.layer({ dataDir: blocked })))
      expect(Exit.isFailure(exit)).toBe(true)
    }))
})
