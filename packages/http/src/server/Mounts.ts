/**
 * Other faces served by the same HTTP server (the web app, MCP): each claims the paths it answers and is tried,
 * in order, before the JSON API's router. The composition root provides them; `http` never imports a face.
 */
import { Context, type Effect, Layer, type Scope } from "effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import type * as HttpServerResponse from "effect/http/HttpServerResponse"

/**
 * A face's answer to the request being handled. It may use the request's scope; a failure or a defect is answered
 * as a 500 problem and logged, as for the API.
 */
export type App = Effect.Effect<
  HttpServerResponse.HttpServerResponse,
  unknown,
  HttpServerRequest.HttpServerRequest | Scope.Scope
>

export interface Mount {
  /** A short name for logs. */
  readonly name: string
  /** Whether this face answers `pathname` (no query string). */
  readonly claims: (pathname: string) => boolean
  /** The face, with every service it needs already provided. */
  readonly app: App
}

export class Mounts extends Context.Service<Mounts, ReadonlyArray<Mount>>()("Mounts") {}

/** No other face: the JSON API alone. */
export const none: Layer.Layer<Mounts> = Layer.succeed(Mounts, [])

/** The mount that claims `pathname`, if any. */
export const find = (mounts: ReadonlyArray<Mount>, pathname: string): Mount | undefined =>
  mounts.find((mount) => mount.claims(pathname))
