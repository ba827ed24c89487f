/** Reads the client configuration and applies `--url`: where a client command sends its requests. */
import { Effect, Option, Result } from "effect"
import { CliFailure } from "../CliFailure.js"
import { describeError } from "../ConfigIssue.js"
import * as ClientConfig from "./ClientConfig.js"

export const load = (url: Option.Option<string>) =>
  Effect.gen(function*() {
    const config = yield* Effect.mapError(ClientConfig.config, (error) =>
      new CliFailure({ message: describeError(error) }))
    if (Option.isNone(url)) {
      return config
    }
    const parsed = ClientConfig.parseBaseUrl(url.value)
    if (Result.isFailure(parsed)) {
      return yield* new CliFailure({ message: `--url ${parsed.failure}` })
    }
    return { ...config, url: parsed.success }
  })
