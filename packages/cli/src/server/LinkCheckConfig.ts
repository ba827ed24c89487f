/**
 * The link-health settings (docs/preservation.md, "Link health"; docs/operations.md, "Link health"), read with the
 * rest of the configuration: on or off, how often a link is checked, how many links one run checks. Each mistake is
 * one line naming its variable.
 */
import { Delivery, linkCheckDefaults } from "@bookmark-library/domain"
import { Config, Effect, Result } from "effect"
import { invalidAt } from "../ConfigIssue.js"

export interface LinkCheckSettings {
  /** LINK_CHECKS=on|off (default on). */
  readonly enabled: boolean
  /** LINK_CHECK_INTERVAL in ms: how long a link stays checked (default 7 days; 1 hour to 365 days). */
  readonly interval: number
  /** LINK_CHECK_CAP: links one run checks at most (default 100; 1 to 10,000). A run starts every minute. */
  readonly cap: number
}

const hour = 60 * 60 * 1000
const minInterval = hour
const maxInterval = 365 * 24 * hour

const refuse = (name: string, message: string) => Effect.fail(invalidAt([name], message))

const interval = Config.mapEffect(Config.String("LINK_CHECK_INTERVAL"), (value) => {
  const parsed = Delivery.parseDuration("LINK_CHECK_INTERVAL", value)
  if (Result.isFailure(parsed)) return refuse("LINK_CHECK_INTERVAL", parsed.failure.reason)
  return parsed.success < minInterval || parsed.success > maxInterval
    ? refuse("LINK_CHECK_INTERVAL", "must be between 1h and 365d")
    : Effect.succeed(parsed.success)
})

const cap = Config.mapEffect(
  Config.String("LINK_CHECK_CAP"),
  (value) =>
    /^\s*\d{1,5}\s*$/.test(value) && Number(value) >= 1 && Number(value) <= 10_000
      ? Effect.succeed(Number(value))
      : refuse("LINK_CHECK_CAP", "must be an integer between 1 and 10000")
)

export const settings: Config.Config<LinkCheckSettings> = Config.all({
  enabled: Config.map(Config.withDefault(Config.Literals(["on", "off"], "LINK_CHECKS"), "on"), (v) => v === "on"),
  interval: Config.withDefault(interval, linkCheckDefaults.interval),
  cap: Config.withDefault(cap, linkCheckDefaults.cap)
})
