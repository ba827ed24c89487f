/** `bookmarks start` (API + workers), `serve` (API), `work` (workers), `migrate` and `assets migrate`. */
import { Effect } from "effect"
import { Command, Flag } from "effect/cli"

// Lazy: the servers, adapters and their npm packages load only for these commands (docs/operations.md).
const serve = () => Effect.promise(() => import("./ServerMain.js"))

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

/** `file` is accepted for `files`, as people say it. */
const storeNames = ["files", "file", "database", "s3"] as const
const storeFlag = (name: string, what: string) =>
  Flag.Literals(name, storeNames).pipe(
    Flag.map((choice) => (choice === "file" ? "files" : choice)),
    Flag.withDescription(`${what}: files (DATA_DIR/assets), database or s3 (the S3_* settings)`)
  )
const assetsMigrate = Command.make(
  "migrate",
  { from: storeFlag("from", "The store to copy from"), to: storeFlag("to", "The store to copy into") },
  ({ from, to }) => Effect.flatMap(Effect.promise(() => import("./AssetsMigration.js")), (m) => m.migrate(from, to))
).pipe(
  Command.withDescription("Copy every asset from one store into another, with progress; run it again to resume")
)
const assets = Command.make("assets").pipe(
  Command.withDescription("Asset storage (screenshots, favicons, copies)"),
  Command.withSubcommands([assetsMigrate])
)

export const commands = [start, api, work, migrate, prepare, assets] as const
