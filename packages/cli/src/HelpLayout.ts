/**
 * The help page's layout (docs/operations.md, "The bookmarks command"): what the command does, how to call it, its
 * commands, then its flags, every line within 80 columns (a name on its line, its description indented below it
 * when they do not fit side by side). The root page ends with the environment (Help.ts).
 */
import { Option } from "effect"
import type { HelpDoc } from "effect/cli"

export const width = 80

/** `text` in lines of at most `width` columns: the first indented by `first`, the rest by `rest` spaces. */
export const wrap = (text: string, first: number, rest: number = first): ReadonlyArray<string> => {
  const lines: Array<string> = []
  let line = " ".repeat(first)
  let empty = true
  for (const word of text.split(/\s+/).filter((w) => w !== "")) {
    if (!empty && line.length + 1 + word.length > width) {
      lines.push(line)
      line = " ".repeat(rest)
      empty = true
    }
    line += empty ? word : ` ${word}`
    empty = false
  }
  lines.push(line)
  return lines
}

/** A two-column entry: side by side when the name leaves room, else the description on the lines below. */
const entry = (name: string, description: string, column: number): ReadonlyArray<string> => {
  const left = `  ${name}`
  if (description === "") return [left]
  if (left.length + 2 <= column) {
    const [head = "", ...tail] = wrap(description, column, column)
    return [left + head.slice(left.length), ...tail]
  }
  return [left, ...wrap(description, 6)]
}

const flagName = (flag: HelpDoc.FlagDoc) =>
  [`--${flag.name}`, ...flag.aliases].join(", ") + (flag.type === "boolean" ? "" : ` ${angled(flag.type)}`)

/** A value's type as a placeholder: `<string>`; one effect/cli already wrote so (`<bash|zsh>`) is kept. */
const angled = (type: string) => type.startsWith("<") ? type : `<${type}>`

const flagLines = (flags: ReadonlyArray<HelpDoc.FlagDoc>) =>
  flags.flatMap((flag) => entry(flagName(flag), Option.getOrElse(flag.description, () => ""), 0))

const section = (title: string, lines: ReadonlyArray<string>) => lines.length === 0 ? [] : ["", title, ...lines]

/** The page for `doc`; `epilogue` (already laid out) closes the root page. */
export const format = (doc: HelpDoc.HelpDoc, epilogue: ReadonlyArray<string> = []): string => {
  const path = doc.commandPath ?? []
  const isRoot = path.length <= 1
  const commands = (doc.subcommands ?? []).flatMap((group) => group.commands)
  const column = Math.min(16, 2 + Math.max(0, ...commands.map((c) => c.name.length)))
  const args = (doc.args ?? []).map((arg) => ({
    name: `${arg.name}${arg.variadic ? "..." : ""} ${angled(arg.type)}`,
    description: Option.getOrElse(arg.description, () => "") + (arg.required ? "" : " (optional)")
  }))
  const lines = [
    ...(doc.description === "" ? [] : wrap(doc.description, 0)),
    ...section("USAGE", wrap(doc.usage, 2, 4)),
    ...section(
      "COMMANDS",
      commands.flatMap((c) => entry(c.name, c.shortDescription ?? c.description, 2 + column))
    ),
    ...section("ARGUMENTS", args.flatMap((a) => entry(a.name, a.description, 0))),
    ...section("FLAGS", flagLines(doc.flags)),
    ...section("INHERITED FLAGS", flagLines(doc.inheritedFlags ?? [])),
    ...(isRoot
      ? section("GLOBAL FLAGS", flagLines(doc.globalFlags ?? []))
      : ["", `Global flags (--help, --version, --log-level): bookmarks --help`]),
    ...(isRoot && epilogue.length > 0 ? ["", ...epilogue] : [])
  ]
  return lines.join("\n")
}
