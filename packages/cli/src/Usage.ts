/**
 * Usage mistakes (unknown command, missing or bad option) end in one line on stderr and exit status 2, instead of
 * @effect/cli's help page plus a logged error. Also keeps help text free of colour codes when not on a terminal.
 */
import { HelpDoc, ValidationError } from "@effect/cli"
import * as Descriptor from "@effect/cli/CommandDescriptor"
import { Effect, HashMap, HashSet } from "effect"

const ansi = /\u001b\[[0-9;]*m/g

export const plain = (text: string) => text.replace(ansi, "")

/** The error as one line of plain text. */
export const message = (error: ValidationError.ValidationError) => {
  const doc = HelpDoc.toAnsiText(error.error)
  return plain(doc).split("\n").map((l) => l.trim()).filter((l) => l !== "").join(" ")
}

/** A command and its subcommands' names, for naming what was typed wrong. */
export interface Node {
  readonly names: HashSet.HashSet<string>
  readonly subcommands: ReadonlyArray<string>
}

export const node = (command: { readonly descriptor: Descriptor.Command<unknown> }): Node => {
  const names = Descriptor.getNames(command.descriptor)
  const subcommands = [...HashMap.keys(Descriptor.getSubcommands(command.descriptor))]
  return { names, subcommands: subcommands.filter((n) => !HashSet.has(names, n)) }
}

/** The command named by the leading words of `args` (at most a group and one of its commands). */
export const commandPath = (tree: ReadonlyArray<Node>, args: ReadonlyArray<string>): ReadonlyArray<string> => {
  const [first, second] = args
  const group = tree.find((n) => first !== undefined && HashSet.has(n.names, first))
  if (group === undefined || first === undefined) return []
  return second !== undefined && group.subcommands.includes(second) ? [first, second] : [first]
}

/** What was typed instead of a command, and the commands that exist there; none when the words were commands. */
const unknownCommand = (tree: ReadonlyArray<Node>, args: ReadonlyArray<string>) => {
  const path = commandPath(tree, args)
  const typed = args[path.length]
  if (typed === undefined || typed.startsWith("-") || path.length > 1) return undefined
  const group = tree.find((n) => path[0] !== undefined && HashSet.has(n.names, path[0]))
  const choices = group === undefined ? tree.flatMap((n) => [...n.names]) : group.subcommands
  if (choices.length === 0) return undefined
  const where = path.length === 0 ? "" : ` for 'bookmarks ${path.join(" ")}'`
  return `unknown command '${typed}'${where}; use one of: ${choices.join(", ")}`
}

/** The one line printed for a usage mistake in `args` (the words after `bookmarks`). */
export const line = (error: ValidationError.ValidationError, tree: ReadonlyArray<Node>, args: ReadonlyArray<string>) => {
  const text = (ValidationError.isCommandMismatch(error) ? unknownCommand(tree, args) : undefined) ?? message(error)
  return `bookmarks: ${text} (see: bookmarks ${[...commandPath(tree, args), "--help"].join(" ")})`
}

/** Runs the CLI with @effect/cli's own error printing off (this module prints the line) and plain help off a TTY. */
export const withConsole = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flatMap(Effect.console, (console) =>
    Effect.withConsole(effect, {
      ...console,
      error: () => Effect.void,
      log: (...args: ReadonlyArray<unknown>) =>
        console.log(...(process.stdout.isTTY ? args : args.map((a) => (typeof a === "string" ? plain(a) : a))))
    }))

export const isUsageError = (error: unknown): error is ValidationError.ValidationError =>
  ValidationError.isValidationError(error) && !ValidationError.isHelpRequested(error)
