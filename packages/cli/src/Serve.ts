/**
 * Runs the service in this process: `start` (API + workers), `serve`, `work` and `migrate`. Loaded only by those
 * commands (commands/ServerCommands.ts imports it lazily), so a client command never loads servers or adapters.
 */
import * as HttpServer from "@effect/platform/HttpServer"
import { WebApp } from "@bookmark-library/web"
import { Console, Effect, Layer, Option } from "effect"
import { setFlagsFromString } from "node:v8"
import * as App from "./App.js"
import type { AppConfig } from "./AppConfig.js"
import * as Composition from "./Composition.js"
import { loadConfig } from "./LoadConfig.js"
import * as Logging from "./Logging.js"
import * as PgliteTemplate from "./PgliteTemplate.js"

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
      `Bookmark library listening on ${address}  (API: ${address}/v1/api, docs: ${address}/v1/api/docs, MCP: ${address}/mcp)`,
      `Data: ${storage}; counters: ${
        config.allowanceCounter === "redis"
          ? "Redis"
          : Option.isSome(config.databaseUrl)
          ? "SQL"
          : "in memory, written to PGlite every 250 ms"
      }`,
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

/**
 * On the embedded PGlite, V8 compiles its WebAssembly Postgres once with its baseline compiler only: the optimised
 * second compilation keeps some 70 MB more resident for 4–22 % less CPU per read (docs/decisions.md, "Embedded
 * allowance counter and embedded reads"). Set before PGlite is first opened; nothing else here is WebAssembly.
 */
const embeddedWasm = (config: AppConfig) =>
  Effect.sync(() => {
    if (Option.isNone(config.databaseUrl)) setFlagsFromString("--liftoff-only")
  })

export const run = (roles: App.Roles) =>
  Effect.gen(function*() {
    const config = yield* loadConfig
    yield* embeddedWasm(config)
    const app = roles === "workers"
      ? App.workersLayer(config)
      : Layer.provideMerge(banner(config), App.layer(config, roles))
    return yield* Layer.launch(Layer.provide(app, Logging.layer(config)))
  })

export const migrate = Effect.gen(function*() {
  const config = yield* loadConfig
  yield* Layer.build(Composition.storage(config)).pipe(Effect.scoped)
  yield* Console.log("Migrations are up to date.")
})

/** Readies this install for a fast first start: the bundle is built by the bin already; this makes the template. */
export const prepare = Effect.gen(function*() {
  const template = yield* PgliteTemplate.ensure()
  yield* Console.log(Option.match(template, {
    onNone: () => "No PGlite template could be made here; a new embedded database will run initdb itself.",
    onSome: (dir) => `PGlite template ready in ${dir}`
  }))
})
