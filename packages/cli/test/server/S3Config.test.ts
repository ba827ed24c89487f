/** `ASSET_STORE=s3` and its S3_* settings: read only when chosen, each mistake one line naming its variable. */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect, Option, Redacted } from "effect"
import * as AppConfig from "../../src/server/AppConfig.js"

const parse = (env: Record<string, string>) => AppConfig.config.parse(ConfigProvider.fromEnv({ env }))
const mistake = (env: Record<string, string>) =>
  Effect.map(Effect.flip(parse(env)), (error) => AppConfig.describeError(error))

const s3 = { ASSET_STORE: "s3", S3_BUCKET: "library-assets" }

describe("S3 settings", () => {
  it.effect("ASSET_STORE=s3 reads the bucket, endpoint, region, key pair and prefix", () =>
    Effect.gen(function*() {
      const config = yield* parse({
        ...s3,
        S3_ENDPOINT: "http://127.0.0.1:9000/",
        S3_REGION: "eu-west-3",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_PREFIX: "assets/"
      })
      expect(config.assetStore).toBe("s3")
      const settings = Option.getOrThrow(config.s3)
      expect([settings.bucket, settings.endpoint, settings.region, settings.prefix]).toEqual([
        "library-assets",
        Option.some("http://127.0.0.1:9000"),
        "eu-west-3",
        "assets/"
      ])
      expect(Option.map(settings.credentials, (c) => [c.accessKeyId, Redacted.value(c.secretAccessKey)])).toEqual(
        Option.some(["id", "secret"])
      )
      const aws = Option.getOrThrow((yield* parse(s3)).s3)
      expect([aws.endpoint, aws.region, aws.credentials, aws.prefix]).toEqual([
        Option.none(),
        "us-east-1",
        Option.none(),
        ""
      ])
    }))

  it.effect("the S3 variables are not read with another store", () =>
    Effect.gen(function*() {
      const config = yield* parse({ ASSET_STORE: "files", S3_BUCKET: "Not A Bucket", S3_ACCESS_KEY_ID: "id" })
      expect([config.assetStore, config.s3]).toEqual(["files", Option.none()])
    }))

  it.effect("each mistake is one line naming its variable", () =>
    Effect.gen(function*() {
      expect(yield* mistake({ ASSET_STORE: "s3" })).toBe(
        "Invalid configuration: S3_BUCKET: ASSET_STORE=s3 needs S3_BUCKET"
      )
      expect(yield* mistake({ ...s3, S3_BUCKET: "Bad_Bucket" })).toMatch(
        /^Invalid configuration: S3_BUCKET: must be an S3 bucket name/
      )
      expect(yield* mistake({ ...s3, S3_ENDPOINT: "ftp://storage" })).toMatch(
        /^Invalid configuration: S3_ENDPOINT: must be an http\(s\) URL/
      )
      expect(yield* mistake({ ...s3, S3_ENDPOINT: "not a url" })).toMatch(
        /^Invalid configuration: S3_ENDPOINT: must be an http\(s\) URL/
      )
      expect(yield* mistake({ ...s3, S3_ACCESS_KEY_ID: "id" })).toMatch(
        /^Invalid configuration: S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together/
      )
      expect(yield* mistake({ ...s3, S3_SECRET_ACCESS_KEY: "secret" })).toMatch(
        /^Invalid configuration: S3_ACCESS_KEY_ID: /
      )
      expect(yield* mistake({ ...s3, S3_PREFIX: "/leading" })).toMatch(/^Invalid configuration: S3_PREFIX: /)
      expect(yield* mistake({ ASSET_STORE: "ftp" })).toMatch(/^Invalid configuration: ASSET_STORE: /)
    }))
})
