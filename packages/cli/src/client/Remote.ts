/**
 * The typed HttpApi client of packages/http at a server's base URL with a bearer credential, and every failure of a
 * call turned into one line a person can act on.
 */
import { Api } from "@bookmark-library/http/Api"
import { Effect, Predicate, Redacted } from "effect"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { CliFailure } from "../CliFailure.js"

/** Which credential a call carries, to say which variable to fix when the server refuses it. */
export type Credential = "admin token" | "API key"

const fix: Record<Credential, string> = {
  "admin token": "set ADMIN_TOKEN (or DATA_DIR to the server's data directory, which holds admin-token)",
  "API key": "set BOOKMARKS_API_KEY to a key from 'bookmarks keys create'"
}

const tagOf = (error: unknown) => (Predicate.hasProperty(error, "_tag") ? String(error._tag) : "")

/** What went wrong with an HTTP exchange: sending the request (no server) or the answer (some other server). */
const reasonOf = (error: unknown) => (Predicate.hasProperty(error, "reason") ? tagOf(error.reason) : "")

/** One line for a failed call to `baseUrl`. */
export const describe = (baseUrl: string, credential: Credential, error: unknown): string => {
  const message = Predicate.hasProperty(error, "message") ? String(error.message) : String(error)
  switch (tagOf(error)) {
    case "HttpClientError": {
      switch (reasonOf(error)) {
        case "TransportError":
        case "InvalidUrlError":
        case "EncodeError":
          return `No server answers at ${baseUrl}. Start one with 'npm start', or give its address with --url or BOOKMARKS_URL.`
        default: {
          const status = Predicate.hasProperty(error, "response") && Predicate.hasProperty(error.response, "status")
            ? String(error.response.status)
            : "an unexpected answer"
          return `The server at ${baseUrl} answered ${status}: is it a bookmark library server of this version?`
        }
      }
    }
    case "SchemaError":
      return `The server at ${baseUrl} sent an answer this client cannot read: is it a bookmark library server of this version?`
    case "Unauthenticated":
    case "InvalidAdminToken":
      return `The server at ${baseUrl} refused the ${credential} (${message}): ${fix[credential]}.`
    default:
      return message
  }
}

/** The client, and `call` to run one of its requests with a one-line failure. */
export const make = (baseUrl: string, credential: Credential, token: Redacted.Redacted<string>) =>
  Effect.gen(function*() {
    const client = yield* HttpApiClient.make(Api, {
      baseUrl,
      transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.value(token)))
    })
    const call = <A, E>(effect: Effect.Effect<A, E>) =>
      Effect.mapError(effect, (error) => new CliFailure({ message: describe(baseUrl, credential, error) }))
    return { client, call }
  }).pipe(Effect.provide(FetchHttpClient.layer))
