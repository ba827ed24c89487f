/** A failure the CLI prints as one line (exit status 1); usage mistakes have their own line and status (Usage.ts). */
import { Data } from "effect"

export class CliFailure extends Data.TaggedError("CliFailure")<{ readonly message: string }> {}
