/** A user's client: the JSON API at `--url`/BOOKMARKS_URL/HOST:PORT with the API key in BOOKMARKS_API_KEY. */
import { Effect, Option } from "effect"
import { CliFailure } from "../CliFailure.js"
import * as Connection from "./Connection.js"
import * as Remote from "./Remote.js"

export const make = (url: Option.Option<string>) =>
  Effect.gen(function*() {
    const config = yield* Connection.load(url)
    if (Option.isNone(config.apiKey)) {
      return yield* new CliFailure({
        message: "No API key: set BOOKMARKS_API_KEY to a key from 'bookmarks keys create --account <id>'"
      })
    }
    return yield* Remote.make(config.url, "API key", config.apiKey.value)
  })
