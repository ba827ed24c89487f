/**
 * A new embedded database starts as a copy of a template data directory instead of running initdb (3–6 s of
 * WebAssembly). The template is made once per installed PGlite version, by `bookmarks prepare` (which `npm install`
 * runs) or else by the first start that needs it, and kept in node_modules/.cache/bookmarks (docs/operations.md).
 * It holds no migrations and no data, so it never goes stale: migrations run on the copy as on any database.
 */
import { Effect, Option } from "effect"
import { execFile } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { cp, mkdir, rename, rm } from "node:fs/promises"
import { createRequire } from "node:module"
import { dirname, join, sep } from "node:path"
import { promisify } from "node:util"

const initialised = (dir: string) => existsSync(join(dir, "PG_VERSION"))

const temporary = (path: string) => `${path}.tmp-${process.pid}-${Math.random().toString(36).slice(2)}`

/** node_modules/.cache/bookmarks/pglite-<version> beside the installed PGlite. */
export const location = (): string => {
  const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite")
  const marker = `${sep}node_modules${sep}`
  const nodeModules = entry.slice(0, entry.lastIndexOf(marker) + marker.length - 1)
  const manifest = join(nodeModules, "@electric-sql", "pglite", "package.json")
  const version: unknown = JSON.parse(readFileSync(manifest, "utf8")).version
  return join(nodeModules, ".cache", "bookmarks", `pglite-${String(version)}`)
}

/**
 * initdb in a short-lived node process (it leaves a process hundreds of MB larger for good), into a temporary
 * directory renamed into place: processes starting together never see half a template.
 */
const build = (dir: string) =>
  Effect.tryPromise(async () => {
    const pglite = createRequire(import.meta.url).resolve("@electric-sql/pglite")
    const scratch = temporary(dir)
    await mkdir(dirname(dir), { recursive: true })
    try {
      await promisify(execFile)(process.execPath, [
        "-e",
        `require(${JSON.stringify(pglite)}).PGlite.create({ dataDir: ${
          JSON.stringify(scratch)
        } }).then((db) => db.close())`
      ])
      await rename(scratch, dir).catch((error: unknown) => {
        if (!initialised(dir)) throw error // another process won the race otherwise
      })
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  })

/** The template's directory, made now if missing; none when it cannot be made here (e.g. a read-only install). */
export const ensure = Effect.fn("PgliteTemplate.ensure")(function*() {
  const dir = yield* Effect.try(location)
  if (!initialised(dir)) yield* build(dir)
  return dir
}, (effect) =>
  effect.pipe(
    Effect.map(Option.some),
    Effect.catch((error) =>
      Effect.as(Effect.logDebug("no PGlite template; initdb runs in place", error), Option.none<string>())
    )
  ))

/** Gives `dataDir` a fresh database copied from the template, unless it has one (or there is no template). */
export const prepare = Effect.fn("PgliteTemplate.prepare")(function*(dataDir: string) {
  if (initialised(dataDir)) return
  const template = yield* ensure()
  if (Option.isNone(template)) return
  yield* Effect.tryPromise(async () => {
    const scratch = temporary(dataDir)
    await mkdir(dirname(dataDir), { recursive: true })
    try {
      await cp(template.value, scratch, { recursive: true })
      await rename(scratch, dataDir).catch((error: unknown) => {
        if (!initialised(dataDir)) throw error
      })
    } finally {
      await rm(scratch, { recursive: true, force: true })
    }
  }).pipe(Effect.catch((error) => Effect.logWarning("could not copy the PGlite template; initdb runs in place", error)))
})
