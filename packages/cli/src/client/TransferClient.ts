/**
 * The admin API's import and export calls, over a plain HTTP client: files go up as bytes and come down as a stream.
 */
import { Import } from "@bookmark-library/domain"
import { Effect, Option, Redacted, Schema } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import type * as HttpClientResponse from "effect/http/HttpClientResponse"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as AdminToken from "../AdminToken.js"
import { CliFailure } from "../CliFailure.js"
import * as Connection from "./Connection.js"

const Problem = Schema.Struct({ detail: Schema.String })

/** A failed answer as one line: the problem's detail when there is one. */
const failure = (response: HttpClientResponse.HttpClientResponse) =>
  Effect.flatMap(
    Effect.orElseSucceed(
      Effect.flatMap(response.json, Schema.decodeUnknownEffect(Problem)),
      () => ({ detail: `HTTP ${response.status}` })
    ),
    (problem) => new CliFailure({ message: problem.detail })
  )

/** The transfer calls at `--url`/BOOKMARKS_URL/HOST:PORT with the admin token, found as AdminClient finds it. */
export const make = (url: Option.Option<string>) =>
  Effect.gen(function*() {
    const config = yield* Connection.load(url)
    const baseUrl = config.url
    const token = yield* AdminToken.find(config.adminToken, config.dataDir)
    if (Option.isNone(token)) {
      return yield* new CliFailure({
        message: `No admin token: set ADMIN_TOKEN, or start the server once so it writes ${
          AdminToken.file(config.dataDir)
        }`
      })
    }
    const client = (yield* HttpClient.HttpClient).pipe(
      HttpClient.mapRequest(HttpClientRequest.prependUrl(baseUrl)),
      HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(token.value)))
    )
    const unreachable = () =>
      new CliFailure({
        message:
          `No server answers at ${baseUrl}. Start one with 'npm start', or give its address with --url or BOOKMARKS_URL.`
      })
    const send = (request: HttpClientRequest.HttpClientRequest) =>
      Effect.flatMap(Effect.mapError(client.execute(request), unreachable), (response) =>
        response.status >= 200 && response.status < 300 ? Effect.succeed(response) : failure(response))
    const progress = (response: HttpClientResponse.HttpClientResponse) =>
      Effect.mapError(HttpIncomingMessage.schemaBodyJson(Import.Progress)(response), () =>
        new CliFailure({ message: "The server answered with something that is not an import's progress" }))

    return {
      startImport: (accountId: string, file: Uint8Array, params: Record<string, string>) =>
        Effect.flatMap(
          send(
            HttpClientRequest.post(`/admin/accounts/${encodeURIComponent(accountId)}/imports`).pipe(
              HttpClientRequest.setUrlParams(params),
              HttpClientRequest.bodyUint8Array(file, "application/octet-stream")
            )
          ),
          progress
        ),
      importProgress: (id: string) =>
        Effect.flatMap(send(HttpClientRequest.get(`/admin/imports/${encodeURIComponent(id)}`)), progress),
      /** The export's response, its body not yet read. */
      exportLibrary: (accountId: string, format: string) =>
        send(
          HttpClientRequest.get(`/admin/accounts/${encodeURIComponent(accountId)}/export`).pipe(
            HttpClientRequest.setUrlParam("format", format)
          )
        )
    }
  }).pipe(Effect.provide(FetchHttpClient.layer))
