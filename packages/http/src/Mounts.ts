/**
 * Other faces served by the same HTTP server (the web app, MCP): each claims the paths it answers and is tried,
 * in order, before the JSON API's router. The composition root provides them; `http` never imports a face.
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import { Context, Layer } from "effect"

export interface Mount {
  /** A short name for logs. */
  readonly name: string
  /** Whether this face answers `pathname` (no query string). */
  readonly claims: (pathname: string) => boolean
  /** The face, with every service it needs already provided. */
  readonly app: HttpApp.Default
}

export class Mounts extends Context.Tag("Mounts")<Mounts, ReadonlyArray<Mount>>() {}

/** No other face: the JSON API alone. */
export const none: Layer.Layer<Mounts> = Layer.succeed(Mounts, [])

/** The mount that claims `pathname`, if any. */
export const find = (mounts: ReadonlyArray<Mount>, pathname: string): Mount | undefined =>
  mounts.find((mount) => mount.claims(pathname))
