/** Prints a command's result: JSON with --json, else readable lines. */
import { Console, Effect } from "effect"

export const print = (json: boolean, value: unknown, lines: () => ReadonlyArray<string>) =>
  json
    ? Console.log(JSON.stringify(value, null, 2))
    : Effect.forEach(lines(), (line) => Console.log(line), { discard: true })

/**
 * A line on stderr for the person watching (progress, rows that failed). Straight to the stream, as the progress bar
 * writes (ImportProgressBar.ts), so the two never interleave out of order.
 */
export const note = (line: string) => Effect.sync(() => void process.stderr.write(`${line}\n`))
