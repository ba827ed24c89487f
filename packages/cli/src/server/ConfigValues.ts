/** How AppConfig and the settings files read a value: checked, an http(s) URL, a flag, durations, integers. */
import { Delivery } from "@bookmark-library/domain"
import { Config, Effect, Result } from "effect"
import { invalidAt } from "../ConfigIssue.js"

/** `config`, then `check` on its value: a refusal names the variable `name`, as a malformed value does. */
export const checked = <A, B>(name: string, config: Config.Config<A>, check: (value: A) => Result.Result<B, string>) =>
  Config.mapEffect(
    config,
    (value) => Effect.fromResult(Result.mapError(check(value), (message) => invalidAt([name], message)))
  )

export const httpUrlOf = (value: string): Result.Result<string, string> => {
  try {
    const url = new URL(value)
    if (url.protocol === "http:" || url.protocol === "https:") return Result.succeed(value.replace(/\/+$/, ""))
  } catch {
    // reported below
  }
  return Result.fail(`must be an http(s) URL, got '${value}'`)
}

export const httpUrl = (name: string) => checked(name, Config.String(name), httpUrlOf)

export const flag = (name: string) => Config.withDefault(Config.Boolean(name), false)

export const durationList = (name: string) =>
  checked(name, Config.String(name), (value) => Result.mapError(Delivery.parseSchedule(value), (e) => e.reason))

export const duration = (name: string) =>
  checked(name, Config.String(name), (value) => Result.mapError(Delivery.parseDuration(name, value), (e) => e.reason))

/** An integer within bounds, or `message`. */
export const bounded = (name: string, min: number, max: number, message: string) =>
  checked(name, Config.Int(name), (n) => (n >= min && n <= max ? Result.succeed(n) : Result.fail(message)))

export const portNumber = (name: string) => bounded(name, 0, 65535, "must be an integer between 0 and 65535")
