/**
 * Runs the service in this process: `start` (API + workers), `serve`, `work` and `migrate`. Loaded only by those
 * commands (ServerCommands.ts imports it lazily), so a client command never loads servers or adapters.
 */
import { WebApp } from "@bookmark-library/web"
import { Console, Effect, Layer, Option, Result } from "effect"
import * as HttpServer from "effect/http/HttpServer"
import * as NetAddress from "effect/net/NetAddress"
import { setFlagsFromString } from "node:v8"
import * as AdapterChoice from "./AdapterChoice.js"
import type { AppConfig } from "./AppConfig.js"
import { loadConfig } from "./LoadConfig.js"
import * as Logging from "./observability/Logging.js"
import * as PgliteTemplate from "./PgliteTemplate.js"
import * as Processes from "./Processes.js"

/** What a newcomer needs to see once the server listens. */
const banner = (config: AppConfig) =>
  Layer.effectDiscard(Effect.gen(function*() {
    const server = yield* HttpServer.HttpServer
    const address = NetAddress.isUnixPathAddress(server.address)
      ? config.publicUrl
      : Result.getOrElse(NetAddress.formatUrl(server.address), () => config.publicUrl)
    const storage = Option.isSome(config.databaseUrl)
      ? "Postgres (DATABASE_URL)"
      : `PGlite in ${AdapterChoice.pgliteDir(config)}`
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

export const run = (roles: Processes.Roles) =>
  Effect.gen(function*() {
    const config = yield* loadConfig
    yield* embeddedWasm(config)
    const app = roles === "workers"
      ? Processes.workersLayer(config)
      : Layer.provideMerge(banner(config), Processes.layer(config, roles))
    // The finalizer runs once the layer's scope has closed: the server drained, the workers' claims released.
    return yield* Layer.launch(Layer.provide(app, Logging.layer(config))).pipe(
      Effect.onInterrupt(() => Console.error(stopped[roles]))
    )
  })

/** The one line a stop (Ctrl-C, SIGTERM) ends with, saying what was left in order (docs/operations.md). */
const stopped: Record<Processes.Roles, string> = {
  all: "Stopped: requests in flight answered, claimed jobs released for the next start.",
  api: "Stopped: requests in flight answered.",
  workers: "Stopped: claimed jobs released for the other workers."
}

export const migrate = Effect.gen(function*() {
  const config = yield* loadConfig
  yield* Layer.build(AdapterChoice.storage(config)).pipe(Effect.scoped)
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
