/**
 * The `bookmarks` command line: servers, workers, migrations, the operator's admin commands, a user's own and the MCP
 * bridge.
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Cause, Console, Effect, Exit, Runtime } from "effect"
import { Command } from "effect/cli"
import * as AccountsCommand from "./client/commands/AccountsCommand.js"
import * as BookmarksCommands from "./client/commands/BookmarksCommands.js"
import * as DeliveriesCommand from "./client/commands/DeliveriesCommand.js"
import * as ExportCommand from "./client/commands/ExportCommand.js"
import * as ImportCommand from "./client/commands/ImportCommand.js"
import * as KeysCommand from "./client/commands/KeysCommand.js"
import * as McpCommand from "./client/commands/McpCommand.js"
import * as UsersCommand from "./client/commands/UsersCommand.js"
import * as WebhooksCommand from "./client/commands/WebhooksCommand.js"
import { CliFailure } from "./CliFailure.js"
import * as CommandLineMistakes from "./CommandLineMistakes.js"
import * as Help from "./Help.js"
import * as ServerCommands from "./server/ServerCommands.js"

// The servers' commands, then one client command group per file under client/commands/; one entry per line.
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

const cli = Command.runWith(root, { version: "0.1.0" })

const exitWith = (status: number) =>
  Effect.sync(() => {
    process.exitCode = status
  })

const fail = (line: string, status: number) => Effect.andThen(Console.error(line), exitWith(status))

const program: Effect.Effect<void, unknown> = CommandLineMistakes.withOutput(cli(process.argv.slice(2))).pipe(
  // The presenter printed the line (CommandLineMistakes.ts); help for a group without its command is an answer, not a
  // failure.
  Effect.catchIf(CommandLineMistakes.isMistake, () => exitWith(2)),
  Effect.catchIf(CommandLineMistakes.isHelp, () => Effect.void),
  Effect.catchIf((error): error is CliFailure => error instanceof CliFailure, (failure) => fail(failure.message, 1)),
  Effect.provide(NodeServices.layer)
)

/**
 * SIGINT and SIGTERM interrupt the program: its scopes close (the server drains, workers release their leases) and
 * the process ends with status 0, a clean stop, as an operator asked for it.
 */
const teardown: Runtime.Teardown = (exit, onExit) =>
  Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause) ? onExit(0) : Runtime.defaultTeardown(exit, onExit)

NodeRuntime.runMain(program, { teardown })
