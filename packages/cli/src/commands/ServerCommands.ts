/** `bookmarks start` (API + workers), `serve` (API), `work` (workers) and `migrate`. */
import { Command } from "@effect/cli"
import * as HttpServer from "@effect/platform/HttpServer"
import { WebApp } from "@bookmarks/web"
import { Console, Effect, Layer, Option } from "effect"
import * as App from "../App.js"
import type { AppConfig } from "../AppConfig.js"
import * as Composition from "../Composition.js"
import { loadConfig } from "../LoadConfig.js"
import * as Logging from "../Logging.js"

/** What a newcomer needs to see once the server listens. */
const banner = (config: AppConfig) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const server = yield* HttpServer.HttpServer
    const address = server.address._tag === "TcpAddress"
      ? `http://${server.address.hostname.includes(":") ? `[${server.address.hostname}]` : server.address.hostname}:${server.address.port}`
      : config.publicUrl
    const storage = Option.isSome(config.databaseUrl) ? "Postgres (DATABASE_URL)" : `PGlite in ${Composition.pgliteDir(config)}`
    const web = yield* WebApp.Web
    const setup = yield* web.setupUrl
    yield* Console.log([
      "",
      `Bookmark library listening on ${address}  (API: ${address}/v1/api, docs: ${address}/v1/api/docs)`,
      `Data: ${storage}; counters: ${Option.isSome(config.redisUrl) ? "Redis" : "SQL"}`,
      ...Option.match(setup, {
        onNone: () => [`Open ${address}/ in a browser and sign in.`],
        onSome: (link) => [
          `First run: open ${address}/ in a browser on this machine and create your account,`,
          `or, from another machine, this one-time link: ${link}`
        ]
      }),
      ""
    ].join("\n"))
  }))

const startServer = (roles: App.Roles) =>
  Effect.gen(function*() {
    const config = yield* loadConfig
    const app = roles === "workers"
      ? App.workersLayer(config)
      : Layer.provideMerge(banner(config), App.layer(config, roles))
    return yield* Layer.launch(Layer.provide(app, Logging.layer(config)))
  })

const start = Command.make("start", {}, () => startServer("all")).pipe(
  Command.withDescription("Run the API and the background workers in one process (the embedded default)")
)
const serve = Command.make("serve", {}, () => startServer("api")).pipe(
  Command.withDescription("Run only the API (scale out with several processes on Postgres + Redis)")
)
const work = Command.make("work", {}, () => startServer("workers")).pipe(
  Command.withDescription("Run only the background workers (enrichment and webhook deliveries)")
)
const migrate = Command.make("migrate", {}, () =>
  Effect.gen(function*() {
    const config = yield* loadConfig
    yield* Layer.build(Composition.storage(config)).pipe(Effect.scoped)
    yield* Console.log("Migrations are up to date.")
  })).pipe(Command.withDescription("Run the database migrations and exit"))

export const commands = [start, serve, work, migrate] as const
