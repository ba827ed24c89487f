/**
 * `bookmarks import <file> --account ID [--format …] [--duplicates skip|keep] [--folders tags|lists] [--events]`:
 * uploads the file and follows the import to its end.
 */
import { type Import, ImportFormat } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import * as FileSystem from "effect/FileSystem"
import { CliFailure } from "../../CliFailure.js"
import * as ImportProgressBar from "../ImportProgressBar.js"
import { note, print } from "../Output.js"
import * as TransferClient from "../TransferClient.js"
import { url } from "./Flags.js"

const file = Argument.File("file", { mustExist: true }).pipe(Argument.withDescription("The export file to import"))
const account = Flag.String("account").pipe(Flag.withDescription("The account to import into"))
const format = Flag.Literals("format", ImportFormat.all).pipe(
  Flag.optional,
  Flag.withDescription(`The file's format (${ImportFormat.all.join(", ")}); detected from its content when absent`)
)
const events = Flag.Boolean("events").pipe(
  Flag.withDescription("Emit bookmark.saved for every imported bookmark when it is enriched (default: quiet)"),
  Flag.withDefault(false)
)
const duplicates = Flag.Literals("duplicates", ["skip", "keep"]).pipe(
  Flag.optional,
  Flag.withDescription(
    "An address already in the library: skip it or keep it (default: keep for our JSON export, skip otherwise)"
  )
)
const folders = Flag.Literals("folders", ["tags", "lists"]).pipe(
  Flag.optional,
  Flag.withDescription(
    "A bookmark file's folders: tags (default; one tag, the folder path) or lists (nested lists holding the bookmarks)"
  )
)
const json = Flag.Boolean("json").pipe(
  Flag.withDescription("Print the final progress as JSON"),
  Flag.withDefault(false)
)

const pollEvery = "500 millis"

export const command = Command.make(
  "import",
  { account, duplicates, events, file, folders, format, json, url },
  (args) =>
    Effect.gen(function*() {
      const fs = yield* FileSystem.FileSystem
      const bytes = yield* Effect.mapError(
        fs.readFile(args.file),
        (e) => new CliFailure({ message: `Cannot read ${args.file}: ${e.message}` })
      )
      const client = yield* TransferClient.make(args.url)
      const params: Record<string, string> = {
        ...Option.match(args.format, { onNone: () => ({}), onSome: (f) => ({ format: f }) }),
        ...Option.match(args.duplicates, { onNone: () => ({}), onSome: (d) => ({ duplicates: d }) }),
        ...Option.match(args.folders, { onNone: () => ({}), onSome: (f) => ({ folders: f }) }),
        events: String(args.events)
      }
      let progress = yield* client.startImport(args.account, bytes, params)
      const bar = ImportProgressBar.make()
      yield* note(
        `Importing ${progress.total.toLocaleString("en-US")} rows (${progress.format}) as import ${progress.id}`
      )
      yield* bar.show(progress)
      while (progress.state !== "done") {
        yield* Effect.sleep(pollEvery)
        progress = yield* client.importProgress(progress.id)
        yield* bar.show(progress)
      }
      yield* bar.end
      yield* print(args.json, progress, () => summary(progress))
      if (!args.json && progress.failures.length > 0) {
        yield* note(
          progress.failed === 0
            ? "Imported with a problem:"
            : `Rows not imported (${progress.failed})${
              progress.failures.length > progress.failed ? ", and rows saved without what they name" : ""
            }:`
        )
        yield* Effect.forEach(progress.failures.slice(0, 50), (f) => note(`  ${f.position}: ${f.reason}`), {
          discard: true
        })
        if (progress.failed > 50) yield* note(`  … and ${progress.failed - 50} more (see --json)`)
      }
    })
).pipe(Command.withDescription("Import bookmarks from a browser, Pocket, Karakeep, Linkwarden or our own export"))

const summary = (p: Import.Progress): ReadonlyArray<string> => [
  `Import ${p.id}: ${p.saved} saved, ${
    p.duplicatePolicy === "keep" ? "duplicates kept" : `${p.duplicates} duplicates skipped`
  }, ${p.failed} failed, of ${p.total} rows.`,
  p.enriched >= p.saved
    ? "Every imported bookmark is enriched."
    : `Enrichment goes on in the background (${p.enriched} of ${p.saved} so far): bookmarks imports ${p.id} shows it.`
]

export const progressCommand = Command.make(
  "imports",
  { id: Argument.String("import-id"), json, url },
  ({ id, json, url }) =>
    Effect.gen(function*() {
      const client = yield* TransferClient.make(url)
      const progress = yield* client.importProgress(id)
      yield* print(json, progress, () => [ImportProgressBar.line(progress), ...summary(progress)])
    })
).pipe(Command.withDescription("Show an import's progress"))
