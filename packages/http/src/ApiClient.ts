/** The typed client of the JSON API: every endpoint of `Api` as a method, over any `HttpClient` (fetch in a browser). */
import * as FetchHttpClient from "@effect/platform/FetchHttpClient"
import * as HttpApiClient from "@effect/platform/HttpApiClient"
import * as HttpClient from "@effect/platform/HttpClient"
import * as HttpClientRequest from "@effect/platform/HttpClientRequest"
import { type Effect, Redacted } from "effect"
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
      : { transformClient: HttpClient.mapRequest(HttpClientRequest.bearerToken(Redacted.isRedacted(apiKey) ? Redacted.value(apiKey) : apiKey)) })
  })
}

export type ApiClient = Effect.Effect.Success<ReturnType<typeof make>>

/** The `HttpClient` over the global `fetch`. */
export const fetchLayer = FetchHttpClient.layer
