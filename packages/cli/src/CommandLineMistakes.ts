/**
 * Command-line mistakes (unknown command, missing or bad option) end in one line on stderr and exit status 2,
 * instead of effect/cli's help page plus its error block. Help is laid out within 80 columns (HelpLayout.ts), and
 * `--version` prints the bare version.
 */
import { Console, Effect, Layer } from "effect"
import { CliError, CliOutput, type HelpDoc } from "effect/cli"
import * as Help from "./Help.js"
import * as HelpLayout from "./HelpLayout.js"

/** `"a" | "b"`, the choices an invalid value was checked against, as `a, b`. */
const choicesOf = (expected: string) =>
  expected.split(" | ").map((choice) => choice.replace(/^"(.*)"$/, "$1")).join(", ")

/** The type help gives the flag or argument `name` of the command `doc` describes ("integer", "choice", …). */
const typeOf = (doc: HelpDoc.HelpDoc, name: string) =>
  (doc.flags.find((f) => f.name === name) ?? doc.args?.find((a) => a.name === name))?.type

/** An invalid value in the words the command has always used for it. */
const invalidValue = (error: CliError.InvalidValue, doc: HelpDoc.HelpDoc): string => {
  if (error.kind === "flag" && error.value === "") return `Expected a value following option: '--${error.option}'`
  if (/^(Path|File) does not exist: /.test(error.expected)) return `Path '${error.value}' must exist`
  switch (typeOf(doc, error.option)) {
    case "integer":
      return `'${error.value}' is not a integer`
    case "number":
      return `'${error.value}' is not a number`
    case "choice":
      return `Expected one of the following cases: ${choicesOf(error.expected)}`
    default:
      return error.message
  }
}

/** The commands that exist where `doc` is, by name. */
const subcommandsOf = (doc: HelpDoc.HelpDoc) =>
  (doc.subcommands ?? []).flatMap((group) => group.commands.map((c) => c.name))

/** The mistake as one line of plain text (the wording scripts may already match, kept from the first release). */
export const message = (error: CliError.CliError, doc: HelpDoc.HelpDoc): string => {
  switch (error._tag) {
    case "UnknownSubcommand": {
      const parent = error.parent ?? []
      const where = parent.length > 1 ? ` for '${parent.join(" ")}'` : ""
      return `unknown command '${error.subcommand}'${where}; use one of: ${subcommandsOf(doc).join(", ")}`
    }
    case "MissingOption":
      return `Expected to find option: '--${error.option}'`
    case "MissingArgument":
      return `Missing argument <${error.argument}>`
    case "InvalidValue":
      return invalidValue(error, doc)
    case "UnrecognizedOption":
      return `Received unknown argument: '${error.option}'`
    case "UnexpectedArgument":
      return `Received unknown argument: '${error.arguments[0] ?? ""}'`
    default:
      return error.message.split("\n").map((l) => l.trim()).filter((l) => l !== "").join(" ")
  }
}

/** The one line printed for a mistake at `commandPath` (which starts with `bookmarks`). */
export const line = (event: CliOutput.Presenter.InvalidInvocation): string => {
  const [first] = event.errors
  const text = first === undefined ? "invalid command line" : message(first, event.helpDoc)
  return `bookmarks: ${text} (see: ${[...event.commandPath, "--help"].join(" ")})`
}

/** Help and version to stdout as effect/cli writes them (plain off a terminal); a mistake as one line on stderr. */
export const layer = (colors: boolean) => {
  const formatter: CliOutput.Formatter = {
    ...CliOutput.defaultFormatter({ colors }),
    formatHelpDoc: (doc) => HelpLayout.format(doc, Help.environment),
    formatVersion: (_name, version) => version
  }
  return Layer.merge(
    CliOutput.layer(formatter),
    CliOutput.layerPresenter({
      present: (event) =>
        event._tag === "InvalidInvocation" ? Console.error(line(event)) : CliOutput.defaultPresenter.present(event)
    })
  )
}

/** A command-line mistake, already printed by the presenter: only the exit status is left to set. */
export const isMistake = (error: unknown): error is CliError.ShowHelp =>
  CliError.isCliError(error) && error._tag === "ShowHelp" && error.errors.length > 0

/** Help shown because no command was chosen (`bookmarks accounts`): printed, and not a failure. */
export const isHelp = (error: unknown): error is CliError.ShowHelp =>
  CliError.isCliError(error) && error._tag === "ShowHelp" && error.errors.length === 0

/** Runs `effect` with this module's output. */
export const withOutput = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.provide(effect, layer(process.stdout.isTTY === true))
