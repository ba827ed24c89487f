/**
 * A real S3-compatible server for tests: `s3rver` on a loopback port over a temporary directory, started by the test
 * itself (so a test that needs it never skips: if it cannot start, the test fails). Its fixed credentials are
 * `S3RVER`/`S3RVER`.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export interface S3TestServer {
  /** `http://127.0.0.1:<port>`. */
  readonly endpoint: string
  readonly bucket: string
  readonly region: string
  readonly accessKeyId: string
  readonly secretAccessKey: string
  /** Where the server keeps its objects. */
  readonly directory: string
  /** The service's environment for `ASSET_STORE=s3` on this server. */
  readonly env: Readonly<Record<string, string>>
  readonly close: () => Promise<void>
}

export const start = async (options: { readonly bucket?: string; readonly createBucket?: boolean } = {}) => {
  const bucket = options.bucket ?? "assets"
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"))
  // Loaded here: only the tests that start a server load it.
  const { default: S3rver } = await import("s3rver")
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: options.createBucket === false ? [] : [{ name: bucket }]
  })
  const address = await server.run()
  const endpoint = `http://127.0.0.1:${address.port}`
  const started: S3TestServer = {
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    directory,
    env: {
      ASSET_STORE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER"
    },
    close: async () => {
      await server.close()
      rmSync(directory, { recursive: true, force: true })
    }
  }
  return started
}
