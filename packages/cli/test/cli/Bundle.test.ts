import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
// @ts-expect-error: a plain JavaScript build script without types
import * as Bundle from "../../bin/bundle.mjs"

const bundle = Bundle as {
  readonly root: string
  readonly workspacePackages: () => ReadonlyArray<{ readonly dir: string; readonly name: string }>
  readonly isInlined: (name: string, workspace: ReadonlySet<string>) => boolean
}

describe("the bookmarks bundle", () => {
  it("compiles in every workspace package, found from the root's workspaces (no list to keep)", () => {
    const onDisk = readdirSync(join(bundle.root, "packages"), { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) =>
        JSON.parse(readFileSync(join(bundle.root, "packages", d.name, "package.json"), "utf8")).name as string
      )
    expect(bundle.workspacePackages().map((p) => p.name).sort()).toEqual(onDisk.sort())
  })

  it("compiles in Effect and the workspace, and leaves every other package in node_modules", () => {
    const workspace = new Set(bundle.workspacePackages().map((p) => p.name))
    for (
      const name of [
        "effect",
        "@effect/opentelemetry",
        "@effect/platform-node",
        "@bookmark-library/http",
        "@bookmark-library/domain"
      ]
    ) {
      expect(bundle.isInlined(name, workspace)).toBe(true)
    }
    for (const name of ["@electric-sql/pglite", "playwright-core", "pg", "ioredis", "effect-extra", "@effects/x"]) {
      expect(bundle.isInlined(name, workspace)).toBe(false)
    }
  })
})
