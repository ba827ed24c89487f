/** Reads the client configuration and applies `--url`: where a client command sends its requests. */
import { Effect, Either, Option } from "effect"
import { describeError } from "./AppConfig.js"
import { CliFailure } from "./CliFailure.js"
import * as ClientConfig from "./ClientConfig.js"

export const load = (url: Option.Option<string>) =>
  Effect.gen(function*() {
    const config = yield* Effect.mapError(ClientConfig.config, (error) => new CliFailure({ message: describeError(error) }))
    if (Option.isNone(url)) return config
    const parsed = ClientConfig.parseBaseUrl(url.value)
    if (Either.isLeft(parsed)) return yield* new CliFailure({ message: `--url ${parsed.left}` })
    return { ...config, url: parsed.right }
  })
