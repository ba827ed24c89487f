/**
 * The typed client of the JSON API: every endpoint of `Api` as a method, over any `HttpClient` (fetch in a browser).
 */
import { type Effect, Redacted } from "effect"
import * as HttpApiClient from "effect/http-api/HttpApiClient"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import * as HttpClient from "effect/http/HttpClient"
import * as HttpClientRequest from "effect/http/HttpClientRequest"
import { Api } from "./Api.js"

export interface Options {
  /** Where the service runs, e.g. `https://bookmarks.example.com` (the client adds the `/v1/api/…` paths). */
  readonly baseUrl: string
  /** An account's API key (`bk_…`), sent as `Authorization: Bearer`; leave out for the unauthenticated endpoints. */
  readonly apiKey?: string | Redacted.Redacted<string>
}

/** The client; needs an `HttpClient` (`FetchHttpClient.layer` in browsers and Node, or a test's). */
export const make = (options: Options) => {
  const apiKey = options.apiKey
  return HttpApiClient.make(Api, {
    baseUrl: options.baseUrl,
    ...(apiKey === undefined
      ? {}
      : {
        transformClient: HttpClient.mapRequest(
          HttpClientRequest.bearerToken(Redacted.isRedacted(apiKey) ? Redacted.value(apiKey) : apiKey)
        )
      })
  })
}

export type ApiClient = Effect.Success<ReturnType<typeof make>>

/** The `HttpClient` over the global `fetch`. */
export const fetchLayer = FetchHttpClient.layer
