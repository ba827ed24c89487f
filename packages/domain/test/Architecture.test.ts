/** Dependency direction (DESIGN §2): checked over every source file and manifest, and the checker itself on samples. */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync, statSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { checkManifest, checkSource, type Manifest, specifiers } from "./support/DependencyRules.js"

const root = fileURLToPath(new URL("../../../", import.meta.url))

const walk = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })

const relative = (full: string) => path.relative(root, full).split(path.sep).join("/")
const packages = readdirSync(path.join(root, "packages")).filter((p) => statSync(path.join(root, "packages", p)).isDirectory())

const parseManifest = (text: string): Manifest => {
  const value: unknown = JSON.parse(text)
  const record = (v: unknown) =>
    typeof v === "object" && v !== null
      ? Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === "string"))
      : undefined
  if (typeof value !== "object" || value === null) return {}
  const field = (name: string) => record(Object.getOwnPropertyDescriptor(value, name)?.value)
  const deps = field("dependencies")
  const peers = field("peerDependencies")
  const optional = field("optionalDependencies")
  const dev = field("devDependencies")
  return {
    ...(deps === undefined ? {} : { dependencies: deps }),
    ...(peers === undefined ? {} : { peerDependencies: peers }),
    ...(optional === undefined ? {} : { optionalDependencies: optional }),
    ...(dev === undefined ? {} : { devDependencies: dev })
  }
}

describe("Dependency direction in this repository", () => {
  it("finds the packages and their sources", () => {
    expect(packages).toEqual(expect.arrayContaining(["domain", "testkit"]))
    const domainSources = walk(path.join(root, "packages/domain/src")).filter((f) => f.endsWith(".ts"))
    expect(domainSources.length).toBeGreaterThan(20)
  })

  it("no source file under packages/*/src breaks a rule", () => {
    const violations = packages.flatMap((pkg) => {
      const src = path.join(root, "packages", pkg, "src")
      const exists = (() => {
        try {
          return statSync(src).isDirectory()
        } catch {
          return false
        }
      })()
      if (!exists) return []
      return walk(src)
        .filter((f) => /\.(ts|tsx|mts|cts|js|mjs)$/.test(f) && !f.endsWith(".d.ts"))
        .flatMap((f) => checkSource(relative(f), readFileSync(f, "utf8")))
    })
    expect(violations).toEqual([])
  })

  it("no package.json breaks a rule", () => {
    const violations = packages.flatMap((pkg) => {
      const file = path.join(root, "packages", pkg, "package.json")
      return checkManifest(relative(file), parseManifest(readFileSync(file, "utf8")))
    })
    expect(violations).toEqual([])
  })
})

describe("The dependency checker", () => {
  it("reads static, re-exported, type-only, side-effect, dynamic and multi-line imports, not comments", () => {
    const source = [
      `import { Effect } from "effect"`,
      `import type { X } from "./X.js"`,
      `export * as Y from "../Y.js"`,
      `import "./side-effect.js"`,
      `const lazy = () => import("pg")`,
      `import {\n  A,\n  B\n} from "@effect/platform"`,
      `// import { nope } from "@bookmarks/adapters"`,
      `/* import { nope } from "ioredis" */`
    ].join("\n")
    expect(specifiers(source).sort()).toEqual(["../Y.js", "./X.js", "./side-effect.js", "@effect/platform", "effect", "pg"].sort())
  })

  it("lets the domain import effect and its own files only", () => {
    expect(checkSource("packages/domain/src/usecases/A.ts", `import { Effect } from "effect"\nimport * as S from "effect/Schema"\nimport { B } from "../B.js"`)).toEqual([])
    const bad = checkSource(
      "packages/domain/src/usecases/A.ts",
      `import { createHash } from "node:crypto"\nimport { Sql } from "@effect/sql"\nimport { x } from "../../../adapters/src/x.js"\nconst p = import("pg")`
    )
    expect(bad.map((v) => v.specifier)).toEqual(["node:crypto", "@effect/sql", "../../../adapters/src/x.js", "pg"])
  })

  it("refuses an adapter import in http and worker, by name or by path", () => {
    const byName = checkSource("packages/http/src/Handlers.ts", `import { SqlBookmarks } from "@bookmarks/adapters"`)
    expect(byName).toHaveLength(1)
    expect(byName[0]?.rule).toMatch(/never on a concrete adapter/)
    expect(checkSource("packages/worker/src/Loop.ts", `import * as A from "@bookmarks/adapters/sql"`)).toHaveLength(1)
    expect(checkSource("packages/worker/src/loops/Loop.ts", `import { x } from "../../../adapters/src/x.js"`).length).toBeGreaterThan(0)
    expect(checkSource("packages/http/src/Handlers.ts", `import { saveBookmark } from "@bookmarks/domain"`)).toEqual([])
    // The composition root may pick adapters.
    expect(checkSource("packages/cli/src/Main.ts", `import { SqlBookmarks } from "@bookmarks/adapters"`)).toEqual([])
  })

  it("keeps the web app on the domain: no adapters, no other face", () => {
    expect(checkSource("packages/web/src/pages/Library.ts", `import { libraryPage } from "@bookmarks/domain"`)).toEqual([])
    expect(checkSource("packages/web/src/WebApp.ts", `import { Mounts } from "@bookmarks/http"`)).toHaveLength(1)
    expect(checkSource("packages/web/src/WebApp.ts", `import { SqlStorage } from "@bookmarks/adapters"`)).toHaveLength(1)
    expect(checkManifest("packages/web/package.json", { dependencies: { "@bookmarks/adapters": "*" } })).toHaveLength(1)
  })

  it("refuses the testkit in production code and as a runtime dependency", () => {
    expect(checkSource("packages/http/src/Server.ts", `import { TestApp } from "@bookmarks/testkit"`)).toHaveLength(1)
    expect(checkSource("packages/testkit/src/TestApp.ts", `import { Policy } from "@bookmarks/domain"`)).toEqual([])
    expect(checkManifest("packages/http/package.json", { dependencies: { "@bookmarks/testkit": "*" } })).toHaveLength(1)
    expect(checkManifest("packages/worker/package.json", { peerDependencies: { "@bookmarks/testkit": "*" } })).toHaveLength(1)
    expect(checkManifest("packages/http/package.json", { devDependencies: { "@bookmarks/testkit": "*" } })).toEqual([])
  })

  it("refuses a domain dependency other than effect and an adapters dependency of http or worker", () => {
    expect(checkManifest("packages/domain/package.json", { dependencies: { effect: "^3", zod: "^3" } }).map((v) => v.specifier)).toEqual(["zod"])
    expect(checkManifest("packages/worker/package.json", { dependencies: { "@bookmarks/adapters": "*" } })).toHaveLength(1)
    expect(checkManifest("packages/cli/package.json", { dependencies: { "@bookmarks/adapters": "*" } })).toEqual([])
  })
})
