/** `bookmarks mcp`: the stdio bridge to a running service's `/mcp`, for MCP clients that launch a process. */
import { Command, Options } from "@effect/cli"
import { StdioBridge } from "@bookmark-library/mcp"
import { Config, Effect, Logger, LogLevel } from "effect"
import { CliFailure } from "../CliFailure.js"

const url = Options.text("url").pipe(
  Options.withDescription("The bookmark service (its /mcp endpoint is used)"),
  Options.withDefault("http://127.0.0.1:3000")
)
const key = Options.redacted("key").pipe(
  Options.withDescription("Your API key (bk_…); defaults to BOOKMARKS_API_KEY, which keeps it out of process lists"),
  Options.withFallbackConfig(Config.redacted("BOOKMARKS_API_KEY"))
)

// stdout carries the protocol: the bridge's own messages go to stderr, warnings and worse only.
const stderrLogger = Logger.replace(Logger.defaultLogger, Logger.withConsoleError(Logger.logfmtLogger))

export const command = Command.make("mcp", { key, url }, ({ key, url }) =>
  Effect.gen(function*() {
    const valid = /^https?:\/\//i.test(url) && URL.canParse(url)
    if (!valid) return yield* new CliFailure({ message: `--url must be an absolute http(s) URL, got ${JSON.stringify(url)}` })
    yield* StdioBridge.run({ url, key })
  }).pipe(Effect.provide(stderrLogger), Logger.withMinimumLogLevel(LogLevel.Warning))).pipe(
  Command.withDescription("Serve MCP on stdin/stdout, relayed to the service at --url with your API key")
)
