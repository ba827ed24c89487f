/** Prints a command's result: JSON with --json, else readable lines. */
import { Console, Effect } from "effect"

export const print = (json: boolean, value: unknown, lines: () => ReadonlyArray<string>) =>
  json ? Console.log(JSON.stringify(value, null, 2)) : Effect.forEach(lines(), (line) => Console.log(line), { discard: true })
