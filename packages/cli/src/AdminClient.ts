/** The operator's client: the typed HttpApi client of the admin API, with the admin token and friendly failures. */
import { Api } from "@bookmark-library/http"
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpApiClient from "@effect/platform/HttpApiClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { Data, Effect, Option, Redacted } from "effect"
import type { AppConfig } from "./AppConfig.js"
import * as AdminToken from "./AdminToken.js"

/** A failure the CLI prints as one line. */
export class CliFailure extends Data.TaggedError("CliFailure")<{ readonly message: string }> {}

/** Where the local server listens (an unspecified bind address is reached on loopback). */
export const serverUrl = (config: Pick<AppConfig, "host" | "port">) => {
  const host = ["0.0.0.0", "::", ""].includes(config.host) ? "127.0.0.1" : config.host
  return `http://${host.includes(":") ? `[${host}]` : host}:${config.port}`
}

const describe = (baseUrl: string, error: unknown): string => {
  const text = String((error as { message?: unknown } | null)?.message ?? error)
  if (/ECONNREFUSED|fetch failed|Transport error/i.test(text) || (error as { _tag?: string })?._tag === "RequestError") {
    return `No server is running at ${baseUrl}. Start one with: npm start   (or: npx bookmarks start)`
  }
  const detail = (error as { detail?: unknown })?.detail
  return typeof detail === "string" ? detail : text
}

export const make = (config: AppConfig) =>
  Effect.gen(function*() {
    const baseUrl = serverUrl(config)
    const token = yield* AdminToken.find(config.adminToken, config.dataDir)
    if (Option.isNone(token)) {
      return yield* new CliFailure({
        message: `No admin token: set ADMIN_TOKEN or start the server once so it writes ${AdminToken.file(config.dataDir)}`
      })
    }
    const client = yield* HttpApiClient.make(Api, {
      baseUrl,
      transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(token.value)))
    })
    const call = <A, E>(effect: Effect.Effect<A, E>) =>
      Effect.mapError(effect, (error) => new CliFailure({ message: describe(baseUrl, error) }))
    return { client, call }
  }).pipe(Effect.provide(FetchHttpClient.layer))
