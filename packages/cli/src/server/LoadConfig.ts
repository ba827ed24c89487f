/** Reads the configuration, turning any error into one line that names the variable. */
import { Effect } from "effect"
import { CliFailure } from "../CliFailure.js"
import { describeError } from "../ConfigIssue.js"
import { config } from "./AppConfig.js"

export const loadConfig = Effect.mapError(config, (error) => new CliFailure({ message: describeError(error) }))
