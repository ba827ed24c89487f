/** The `bookmarks` command line: servers, workers, migrations and the operator's admin commands. */
import { Command } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Console, Effect } from "effect"
import { CliFailure } from "./AdminClient.js"
import * as AccountsCommand from "./commands/AccountsCommand.js"
import * as ExportCommand from "./commands/ExportCommand.js"
import * as ImportCommand from "./commands/ImportCommand.js"
import * as KeysCommand from "./commands/KeysCommand.js"
import * as ServerCommands from "./commands/ServerCommands.js"
import * as WebhooksCommand from "./commands/WebhooksCommand.js"

const root = Command.make("bookmarks").pipe(
  Command.withDescription("Bookmark library service"),
  Command.withSubcommands([
    ...ServerCommands.commands,
    AccountsCommand.command,
    KeysCommand.command,
    WebhooksCommand.command,
    ImportCommand.command,
    ImportCommand.progressCommand,
    ExportCommand.command
  ])
)

const cli = Command.run(root, { name: "bookmarks", version: "0.1.0" })

const program: Effect.Effect<void, unknown> = cli(process.argv).pipe(
  Effect.catchIf((error): error is CliFailure => error instanceof CliFailure, (failure) =>
    Effect.zipRight(Console.error(failure.message), Effect.sync(() => void (process.exitCode = 1)))),
  Effect.provide(NodeContext.layer)
)

NodeRuntime.runMain(program, { disablePrettyLogger: true })
