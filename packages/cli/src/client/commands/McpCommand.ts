/** `bookmarks mcp`: the stdio bridge to a running service's `/mcp`, for MCP clients that launch a process. */
import { StdioBridge } from "@bookmark-library/mcp"
import { Config, Effect, Layer, Logger, References } from "effect"
import { Command, Flag } from "effect/cli"
import { CliFailure } from "../../CliFailure.js"

const url = Flag.String("url").pipe(
  Flag.withDescription("The bookmark service (its /mcp endpoint is used)"),
  Flag.withDefault("http://127.0.0.1:3000")
)
const key = Flag.Redacted("key").pipe(
  Flag.withDescription("Your API key (bk_…); defaults to BOOKMARKS_API_KEY, which keeps it out of process lists"),
  Flag.withFallbackConfig(Config.Redacted("BOOKMARKS_API_KEY"))
)

// stdout carries the protocol: the bridge's own messages go to stderr, warnings and worse only.
const stderrLogger = Layer.merge(
  Logger.layer([Logger.withConsoleError(Logger.formatLogFmt)]),
  Layer.succeed(References.MinimumLogLevel, "Warn")
)

export const command = Command.make("mcp", { key, url }, ({ key, url }) =>
  Effect.gen(function*() {
    const valid = /^https?:\/\//i.test(url) && URL.canParse(url)
    if (!valid) {
      return yield* new CliFailure({ message: `--url must be an absolute http(s) URL, got ${JSON.stringify(url)}` })
    }
    yield* StdioBridge.run({ url, key })
  }).pipe(Effect.provide(stderrLogger))).pipe(
    Command.withDescription("Serve MCP on stdin/stdout, relayed to the service at --url with your API key")
  )
