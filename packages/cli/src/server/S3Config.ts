/**
 * The object storage settings of `ASSET_STORE=s3` (docs/preservation.md, "Object storage"), read from the
 * environment with the rest of the configuration; a missing bucket or half a key pair stops the process at start,
 * naming the variable.
 */
import { Config, Effect, Option, type Redacted, Result, Schema } from "effect"
import { invalidAt } from "../ConfigIssue.js"

export interface S3Settings {
  /** S3_ENDPOINT: an S3-compatible server; none: AWS S3. */
  readonly endpoint: Option.Option<string>
  readonly bucket: string
  readonly region: string
  readonly credentials: Option.Option<{ readonly accessKeyId: string; readonly secretAccessKey: Redacted.Redacted }>
  /** S3_PREFIX: prepended to every object key. */
  readonly prefix: string
}

/** S3's rules for bucket names (3–63 characters, lower-case letters, digits, dots and hyphens, no dot at the ends). */
const BucketName = Schema.String.check(
  Schema.isPattern(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
    message: "must be an S3 bucket name: 3 to 63 lower-case letters, digits, dots and hyphens"
  })
)
/** Key prefixes without a leading slash, of printable characters. */
const KeyPrefix = Schema.String.check(
  Schema.isPattern(/^(?!\/)[\x21-\x7e]{0,200}$/, { message: "must be printable characters without a leading '/'" })
)
const EndpointUrl = Schema.String.check(
  Schema.makeFilter((value: string) => {
    try {
      return ["http:", "https:"].includes(new URL(value).protocol) || "must be an http(s) URL"
    } catch {
      return `must be an http(s) URL, got '${value}'`
    }
  })
)

const decoded = <A>(name: string, schema: Schema.Codec<A, string>, config: Config.Config<string>) =>
  Config.mapEffect(config, (value) =>
    Effect.fromResult(
      Result.mapError(Schema.decodeUnknownResult(schema)(value), (e) => invalidAt([name], e.message))
    ))

const raw = Config.all({
  endpoint: Config.option(decoded("S3_ENDPOINT", EndpointUrl, Config.String("S3_ENDPOINT"))),
  bucket: Config.option(decoded("S3_BUCKET", BucketName, Config.String("S3_BUCKET"))),
  region: Config.withDefault(Config.String("S3_REGION"), "us-east-1"),
  accessKeyId: Config.option(Config.String("S3_ACCESS_KEY_ID")),
  secretAccessKey: Config.option(Config.Redacted("S3_SECRET_ACCESS_KEY")),
  prefix: Config.withDefault(decoded("S3_PREFIX", KeyPrefix, Config.String("S3_PREFIX")), "")
})

/** The settings when `chosen` (ASSET_STORE=s3), else none; the variables are checked only then. */
export const settings = (chosen: boolean): Config.Config<Option.Option<S3Settings>> =>
  chosen ? Config.mapEffect(raw, check) : Config.succeed(Option.none())

const check = (c: Config.Success<typeof raw>): Effect.Effect<Option.Option<S3Settings>, Config.ConfigError> => {
  if (Option.isNone(c.bucket)) return Effect.fail(invalidAt(["S3_BUCKET"], "ASSET_STORE=s3 needs S3_BUCKET"))
  if (Option.isSome(c.accessKeyId) !== Option.isSome(c.secretAccessKey)) {
    return Effect.fail(
      invalidAt(
        [Option.isSome(c.accessKeyId) ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID"],
        "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are set together (or both left out for the SDK's default credentials)"
      )
    )
  }
  return Effect.succeed(Option.some({
    endpoint: Option.map(c.endpoint, (url) => url.replace(/\/+$/, "")),
    bucket: c.bucket.value,
    region: c.region,
    credentials: Option.zipWith(
      c.accessKeyId,
      c.secretAccessKey,
      (accessKeyId, secretAccessKey) => ({ accessKeyId, secretAccessKey })
    ),
    prefix: c.prefix
  }))
}
