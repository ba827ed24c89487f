import { Effect, Option } from "effect"
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import * as PgliteTemplate from "../../src/server/PgliteTemplate.js"

let parent = ""
beforeEach(async () => {
  parent = await mkdtemp(join(tmpdir(), "bookmarks-template-"))
})
afterEach(async () => {
  await rm(parent, { recursive: true, force: true })
})

describe("PgliteTemplate", () => {
  it("gives a new data directory a copy of the template, made once per PGlite version", async () => {
    const template = await Effect.runPromise(PgliteTemplate.ensure())
    expect(Option.isSome(template)).toBe(true)
    const dir = Option.getOrThrow(template)
    expect(dir).toMatch(/node_modules\/\.cache\/bookmarks\/pglite-\d+\.\d+\.\d+$/)

    const dataDir = join(parent, "data", "pglite")
    await Effect.runPromise(PgliteTemplate.prepare(dataDir))
    expect(readFileSync(join(dataDir, "PG_VERSION"), "utf8")).toBe(readFileSync(join(dir, "PG_VERSION"), "utf8"))
    expect(readdirSync(join(parent, "data"))).toEqual(["pglite"])
  })

  it("leaves a directory that already holds a database alone", async () => {
    const dataDir = join(parent, "pglite")
    await Effect.runPromise(PgliteTemplate.prepare(dataDir))
    writeFileSync(join(dataDir, "marker"), "mine")
    await Effect.runPromise(PgliteTemplate.prepare(dataDir))
    expect(readFileSync(join(dataDir, "marker"), "utf8")).toBe("mine")
  })

  it("lets processes starting together prepare one directory: one copy wins, no scratch is left behind", async () => {
    const dataDir = join(parent, "pglite")
    await Promise.all([1, 2, 3].map(() => Effect.runPromise(PgliteTemplate.prepare(dataDir))))
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true)
    expect(readdirSync(parent)).toEqual(["pglite"])
  })
})
