/** The operator's client: the admin API at `--url`/BOOKMARKS_URL/HOST:PORT with the admin token. */
import { Effect, Option } from "effect"
import * as AdminToken from "../AdminToken.js"
import { CliFailure } from "../CliFailure.js"
import * as Connection from "./Connection.js"
import * as Remote from "./Remote.js"

export const make = (url: Option.Option<string>) =>
  Effect.gen(function*() {
    const config = yield* Connection.load(url)
    const token = yield* AdminToken.find(config.adminToken, config.dataDir)
    if (Option.isNone(token)) {
      return yield* new CliFailure({
        message: `No admin token: set ADMIN_TOKEN, or start the server once so it writes ${
          AdminToken.file(config.dataDir)
        }`
      })
    }
    return yield* Remote.make(config.url, "admin token", token.value)
  })
