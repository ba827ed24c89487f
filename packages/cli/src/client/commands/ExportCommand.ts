/** `bookmarks export --account ID --format json|html|markdown > file`: the library streamed from the server to stdout. */
import { LibraryExport } from "@bookmark-library/domain"
import * as NodeSink from "@effect/platform-node/NodeSink"
import { Effect, Stream } from "effect"
import { Command, Flag } from "effect/cli"
import { CliFailure } from "../../CliFailure.js"
import * as TransferClient from "../TransferClient.js"
import { url } from "./Flags.js"

const account = Flag.String("account").pipe(Flag.withDescription("The account to export"))
const format = Flag.Literals("format", LibraryExport.Format.literals).pipe(
  Flag.withDefault("json" as const),
  Flag.withDescription(
    "json (everything, for a later import), zip (the json with every archived copy), html (for browsers) or " +
      "markdown (the highlights)"
  )
)

export const command = Command.make("export", { account, format, url }, (args) =>
  Effect.gen(function*() {
    const client = yield* TransferClient.make(args.url)
    const response = yield* client.exportLibrary(args.account, args.format)
    yield* Stream.run(
      Stream.mapError(response.stream, (e) => new CliFailure({ message: `The export broke off: ${e.message}` })),
      NodeSink.fromWritable({
        evaluate: () => process.stdout,
        onError: (e) => new CliFailure({ message: `Cannot write the export: ${String(e)}` }),
        endOnDone: false
      })
    )
  })).pipe(
    Command.withDescription(
      "Export an account's library to stdout as our JSON, a zip of it with the copies, Netscape HTML or Markdown of " +
        "its highlights"
    )
  )
