/**
 * `bookmarks mcp`: an MCP server on stdin/stdout for clients that only launch local processes, relaying every
 * message to a running service's `/mcp` over HTTP with the caller's key. Nothing is served here, so the
 * allowance, the tools and the protocol revisions are exactly the server's. The relay and the MCP SDK load when
 * it runs, so other commands (the server above all) do not carry them.
 */
import { Effect, type Redacted } from "effect"
import type { Readable, Writable } from "node:stream"

export interface Options {
  /** The service's base URL (`http://127.0.0.1:3000`) or its `/mcp` endpoint. */
  readonly url: string
  readonly key: Redacted.Redacted<string>
  /** Streams of the local side; the process's stdin and stdout by default (tests pass their own). */
  readonly stdin?: Readable
  readonly stdout?: Writable
}

export const run = (options: Options): Effect.Effect<void> =>
  Effect.flatMap(Effect.promise(() => import("./StdioRelay.js")), (relay) => relay.run(options))
