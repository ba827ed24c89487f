/** `bookmarks export --account ID --format json|html > file`: the library streamed from the server to stdout. */
import { Command, Options } from "@effect/cli"
import * as NodeSink from "@effect/platform-node/NodeSink"
import { LibraryExport } from "@bookmark-library/domain"
import { Effect, Stream } from "effect"
import { CliFailure } from "../CliFailure.js"
import { url } from "./Common.js"
import * as TransferClient from "./TransferClient.js"

const account = Options.text("account").pipe(Options.withDescription("The account to export"))
const format = Options.choice("format", LibraryExport.Format.literals).pipe(
  Options.withDefault("json" as const),
  Options.withDescription("json (everything, for a later import) or html (for browsers)")
)

export const command = Command.make("export", { account, format, url }, (args) =>
  Effect.gen(function*() {
    const client = yield* TransferClient.make(args.url)
    const response = yield* client.exportLibrary(args.account, args.format)
    yield* Stream.run(
      Stream.mapError(response.stream, (e) => new CliFailure({ message: `The export broke off: ${e.message}` })),
      NodeSink.fromWritable(() => process.stdout, (e) => new CliFailure({ message: `Cannot write the export: ${String(e)}` }), { endOnDone: false })
    )
  })).pipe(Command.withDescription("Export an account's library to stdout as our JSON or Netscape HTML"))
