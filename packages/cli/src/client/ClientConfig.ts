/**
 * What a client command (admin or user) reads from the environment: where the server is and how to authenticate.
 * Apart from AppConfig, so that a client call never fails on a server-only variable.
 */
import { Config, Effect, Option, type Redacted, Result } from "effect"
import { invalidAt } from "../ConfigIssue.js"

export interface ClientConfig {
  /** `BOOKMARKS_URL`, else the local server at `HOST`:`PORT`. */
  readonly url: string
  readonly dataDir: string
  readonly adminToken: Option.Option<Redacted.Redacted<string>>
  readonly apiKey: Option.Option<Redacted.Redacted<string>>
}

/** An http(s) base URL without a trailing slash, or the reason it is not one. */
export const parseBaseUrl = (value: string): Result.Result<string, string> => {
  try {
    const url = new URL(value)
    if ((url.protocol === "http:" || url.protocol === "https:") && url.search === "" && url.hash === "") {
      return Result.succeed(url.href.replace(/\/+$/, ""))
    }
  } catch {
    // reported below
  }
  return Result.fail(`must be an http(s) URL like http://127.0.0.1:3000, got '${value}'`)
}

/** Where a server bound to `host`:`port` is reached from this machine (an unspecified address means loopback). */
export const localUrl = (host: string, port: number) => {
  const reachable = ["0.0.0.0", "::", ""].includes(host) ? "127.0.0.1" : host
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`
}

const baseUrl = Config.String("BOOKMARKS_URL").pipe(
  Config.mapEffect((value) =>
    Effect.fromResult(Result.mapError(parseBaseUrl(value), (reason) => invalidAt(["BOOKMARKS_URL"], reason)))
  )
)

export const config: Config.Config<ClientConfig> = Config.all({
  url: Config.option(baseUrl),
  host: Config.withDefault(Config.String("HOST"), "127.0.0.1"),
  port: Config.withDefault(Config.Int("PORT"), 3000),
  dataDir: Config.withDefault(Config.String("DATA_DIR"), "./data"),
  adminToken: Config.option(Config.Redacted("ADMIN_TOKEN")),
  apiKey: Config.option(Config.Redacted("BOOKMARKS_API_KEY"))
}).pipe(Config.map((c) => ({
  url: Option.getOrElse(c.url, () => localUrl(c.host, c.port)),
  dataDir: c.dataDir,
  adminToken: c.adminToken,
  apiKey: c.apiKey
})))
