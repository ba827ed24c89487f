/** The process logger from LOG_LEVEL and LOG_FORMAT. */
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

export const layer = (config: Pick<AppConfig, "logLevel" | "logFormat">) =>
  Layer.merge(
    config.logFormat === "json" ? Logger.json : Logger.pretty,
    Logger.minimumLogLevel(levels[config.logLevel] ?? LogLevel.Info)
  )
