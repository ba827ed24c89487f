/** A failure the CLI prints as one line (exit status 1); command-line mistakes: CommandLineMistakes.ts (status 2). */
import { Data } from "effect"

export class CliFailure extends Data.TaggedError("CliFailure")<{ readonly message: string }> {}
