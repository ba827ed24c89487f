/** Reads the configuration, turning any error into one line that names the variable. */
import { Effect } from "effect"
import { config, describeError } from "./AppConfig.js"
import { CliFailure } from "./CliFailure.js"

export const loadConfig = Effect.mapError(config, (error) => new CliFailure({ message: describeError(error) }))
