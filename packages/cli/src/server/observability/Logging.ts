/**
 * The process logger from LOG_LEVEL and LOG_FORMAT. Every line written while a request is handled names its
 * `requestId`: the HTTP layer sets it as a log annotation (http's middleware/RequestId.ts), which both formats print.
 */
import { Formatter, Layer, Logger, type LogLevel, References } from "effect"
import type { AppConfig, LogLevelName } from "../AppConfig.js"

const levels: Record<LogLevelName, LogLevel.LogLevel> = {
  all: "All",
  trace: "Trace",
  debug: "Debug",
  info: "Info",
  warning: "Warn",
  error: "Error",
  fatal: "Fatal",
  none: "None"
}

/**
 * One JSON object a line, with the fields the service has always written (`logLevel`, not Effect 4's `level`): log
 * shippers and alerts parse them (docs/operations.md, "Logs").
 */
const jsonLine = Logger.map(Logger.formatStructured, (entry) =>
  Formatter.formatJson({
    message: entry.message,
    logLevel: entry.level,
    timestamp: entry.timestamp,
    cause: entry.cause,
    annotations: entry.annotations,
    spans: entry.spans,
    fiberId: entry.fiberId
  }))

/** What LOG_FORMAT selects. */
const loggers = {
  json: () => Logger.withConsoleLog(jsonLine),
  pretty: () => Logger.consolePretty()
}

export const layer = (config: Pick<AppConfig, "logLevel" | "logFormat">) =>
  Layer.merge(
    // The tracer logger stays: a log line inside a span is also an event of the span.
    Logger.layer([loggers[config.logFormat](), Logger.tracerLogger]),
    Layer.succeed(References.MinimumLogLevel, levels[config.logLevel])
  )
