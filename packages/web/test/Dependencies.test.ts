import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"

const src = join(import.meta.dirname, "..", "src")

const files = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? files(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : []
  )

const imports = (file: string) =>
  [...readFileSync(file, "utf8").matchAll(/(?:import|export)[^"']*from\s+["']([^"']+)["']/g)].map((m) => m[1] ?? "")

describe("web package dependencies", () => {
  it("imports only the domain, Effect, the platform package, Node built-ins and its own files", () => {
    const allowed = /^(?:\.{1,2}\/|effect$|@effect\/platform\/|@bookmark-library\/domain$|node:)/
    const offending = files(src).flatMap((file) => imports(file).filter((spec) => !allowed.test(spec)).map((spec) => `${file}: ${spec}`))
    expect(offending).toEqual([])
    expect(files(src).length).toBeGreaterThan(10)
  })
})
