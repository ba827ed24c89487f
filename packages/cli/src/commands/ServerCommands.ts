/** `bookmarks start` (API + workers), `serve` (API), `work` (workers) and `migrate`. */
import { Command } from "@effect/cli"
import { Effect } from "effect"

// Lazy: the servers, adapters and their npm packages load only for these commands (docs/operations.md).
const serve = () => Effect.promise(() => import("../Serve.js"))

const start = Command.make("start", {}, () => Effect.flatMap(serve(), (s) => s.run("all"))).pipe(
  Command.withDescription("Run the API and the background workers in one process (the embedded default)")
)
const api = Command.make("serve", {}, () => Effect.flatMap(serve(), (s) => s.run("api"))).pipe(
  Command.withDescription("Run only the API (scale out with several processes on Postgres + Redis)")
)
const work = Command.make("work", {}, () => Effect.flatMap(serve(), (s) => s.run("workers"))).pipe(
  Command.withDescription("Run only the background workers (enrichment and webhook deliveries)")
)
const migrate = Command.make("migrate", {}, () => Effect.flatMap(serve(), (s) => s.migrate)).pipe(
  Command.withDescription("Run the database migrations and exit")
)

const prepare = Command.make("prepare", {}, () => Effect.flatMap(serve(), (s) => s.prepare)).pipe(
  Command.withDescription("Get this install ready for a fast first start (npm install runs it; safe to repeat)")
)

export const commands = [start, api, work, migrate, prepare] as const
