/** The process logger from LOG_LEVEL and LOG_FORMAT; every line written while a request is handled names its `requestId`. */
import { RequestId } from "@bookmark-library/http"
import { Layer, Logger, LogLevel } from "effect"
import type { AppConfig } from "./AppConfig.js"

const levels: Record<string, LogLevel.LogLevel> = {
  all: LogLevel.All,
  trace: LogLevel.Trace,
  debug: LogLevel.Debug,
  info: LogLevel.Info,
  warning: LogLevel.Warning,
  error: LogLevel.Error,
  fatal: LogLevel.Fatal,
  none: LogLevel.None
}

/** What `Logger.json` and `Logger.pretty` install, with the request id added. */
const loggers = {
  json: Logger.withConsoleLog(RequestId.annotating(Logger.jsonLogger)),
  pretty: RequestId.annotating(Logger.prettyLoggerDefault)
}

export const layer = (config: Pick<AppConfig, "logLevel" | "logFormat">) =>
  Layer.merge(
    Logger.replace(Logger.defaultLogger, loggers[config.logFormat]),
    Logger.minimumLogLevel(levels[config.logLevel] ?? LogLevel.Info)
  )
