/** The `bookmarks` command line: servers, workers, migrations, the operator's admin commands, a user's own and the MCP bridge. */
import { Command } from "@effect/cli"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Console, Effect } from "effect"
import { CliFailure } from "./CliFailure.js"
import * as AccountsCommand from "./commands/AccountsCommand.js"
import * as BookmarksCommands from "./commands/BookmarksCommands.js"
import * as DeliveriesCommand from "./commands/DeliveriesCommand.js"
import * as ExportCommand from "./commands/ExportCommand.js"
import * as ImportCommand from "./commands/ImportCommand.js"
import * as KeysCommand from "./commands/KeysCommand.js"
import * as McpCommand from "./commands/McpCommand.js"
import * as ServerCommands from "./commands/ServerCommands.js"
import * as UsersCommand from "./commands/UsersCommand.js"
import * as WebhooksCommand from "./commands/WebhooksCommand.js"
import * as Help from "./Help.js"
import * as Usage from "./Usage.js"

// One command group per file under commands/; keep this list one entry per line.
const commands = [
  ...ServerCommands.commands,
  AccountsCommand.command,
  KeysCommand.command,
  UsersCommand.command,
  WebhooksCommand.command,
  DeliveriesCommand.command,
  ImportCommand.command,
  ImportCommand.progressCommand,
  ExportCommand.command,
  ...BookmarksCommands.commands,
  McpCommand.command
] as const

const root = Command.make("bookmarks").pipe(
  Command.withDescription(Help.description),
  Command.withSubcommands(commands)
)

const tree = commands.map((command) => Usage.node(command))

const cli = Command.run(root, { name: "bookmarks", version: "0.1.0" })

const fail = (line: string, status: number) =>
  Effect.zipRight(Console.error(line), Effect.sync(() => void (process.exitCode = status)))

const program: Effect.Effect<void, unknown> = Usage.withConsole(cli(process.argv)).pipe(
  Effect.catchIf(Usage.isUsageError, (error) =>
    fail(Usage.line(error, tree, process.argv.slice(2)), 2)),
  Effect.catchIf((error): error is CliFailure => error instanceof CliFailure, (failure) => fail(failure.message, 1)),
  Effect.provide(NodeContext.layer)
)

NodeRuntime.runMain(program, { disablePrettyLogger: true })
