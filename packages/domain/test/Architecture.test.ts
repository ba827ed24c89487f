/**
 * Dependency direction (docs/decisions.md, "Dependency direction"): every source file (production and test) and every
 * manifest of every package follows its package's allow-list; and the checker itself, on samples.
 */
import { describe, expect, it } from "@effect/vitest"
import { readdirSync, readFileSync, statSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import {
  allowList,
  checkManifest,
  checkSource,
  isTestFile,
  type Manifest,
  references,
  specifiers,
  undeclared
} from "./support/DependencyRules.js"

const root = fileURLToPath(new URL("../../../", import.meta.url))

const skipped = new Set(["node_modules", "dist", ".turbo", "coverage"])
const walk = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((entry) => {
    if (skipped.has(entry)) return []
    const full = path.join(dir, entry)
    return statSync(full).isDirectory() ? walk(full) : [full]
  })

const relative = (full: string) => path.relative(root, full).split(path.sep).join("/")
const packages = readdirSync(path.join(root, "packages")).filter((p) =>
  statSync(path.join(root, "packages", p)).isDirectory()
)
const isSource = (file: string) => /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/.test(file) && !/\.d\.[cm]?ts$/.test(file)
const sourcesOf = (pkg: string) => walk(path.join(root, "packages", pkg)).filter(isSource).map(relative)
const read = (file: string) => readFileSync(path.join(root, file), "utf8")

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
const manifestOf = (pkg: string) => parseManifest(read(`packages/${pkg}/package.json`))

describe("Dependency direction in this repository", () => {
  it("finds the packages, their sources and their tests, and has rules for every package", () => {
    expect(packages).toEqual(expect.arrayContaining(["domain", "adapters", "http", "worker", "testkit", "cli"]))
    expect(packages.filter((p) => allowList[p] === undefined)).toEqual([])
    const domain = sourcesOf("domain")
    expect(domain.filter((f) => !isTestFile(f)).length).toBeGreaterThan(20)
    expect(domain.filter(isTestFile).length).toBeGreaterThan(10)
    for (const face of ["http", "web"]) expect(sourcesOf(face).filter((f) => !isTestFile(f)).length).toBeGreaterThan(10)
    expect(sourcesOf("cli").some((f) => f.endsWith(".mjs"))).toBe(true)
  })

  it("no source or test file of any package breaks a rule", () => {
    const violations = packages.flatMap((pkg) => sourcesOf(pkg).flatMap((file) => checkSource(file, read(file))))
    expect(violations).toEqual([])
  })

  it("no package.json breaks a rule", () => {
    const violations = packages.flatMap((pkg) => checkManifest(`packages/${pkg}/package.json`, manifestOf(pkg)))
    expect(violations).toEqual([])
  })

  it("every workspace package a package uses is declared in its manifest", () => {
    const missing = packages.flatMap((pkg) => {
      const used = sourcesOf(pkg).flatMap((file) =>
        specifiers(read(file)).map((specifier) => ({ specifier, test: isTestFile(file) }))
      )
      return undeclared(pkg, used, manifestOf(pkg)).map((name) => `${pkg} → ${name}`)
    })
    expect(missing).toEqual([])
  })
})

describe("The dependency checker", () => {
  it("reads every kind of module reference as the compiler does, and never comments or strings", () => {
    const source = [
      `import { Effect } from "effect"`,
      `import type { X } from "./X.js"`,
      `export * as Y from "../Y.js"`,
      `export { Z } from "./Z.js"`,
      `import "./side-effect.js"`,
      `const lazy = () => import("pg")`,
      `const old = require("ioredis")`,
      `import fs = require("node:fs")`,
      `type T = import("effect/sql").SqlClient`,
      `import {\n  A,\n  B\n} from "@effect/platform"`,
      `// import { nope } from "@bookmark-library/adapters"`,
      `/* import { nope } from "@bookmark-library/http" */`,
      `const sources = ["api", "import", "from"]`,
      "const text = `import x from \"@bookmark-library/worker\"`"
    ].join("\n")
    expect(specifiers(source).sort()).toEqual(
      [
        "../Y.js",
        "./X.js",
        "./Z.js",
        "./side-effect.js",
        "@effect/platform",
        "effect/sql",
        "effect",
        "ioredis",
        "node:fs",
        "pg"
      ].sort()
    )
    expect(references(`const name = "pg"\nconst m = await import(name)`).map((r) => r.specifier)).toEqual([undefined])
  })

  it("lets the domain import effect and its own files only", () => {
    expect(
      checkSource(
        "packages/domain/src/usecases/A.ts",
        `import { Effect } from "effect"\nimport * as S from "effect/Schema"\nimport { Base64 } from "effect/encoding"\nimport { B } from "../B.js"`
      )
    ).toEqual([])
    const bad = checkSource(
      "packages/domain/src/usecases/A.ts",
      `import { createHash } from "node:crypto"\nimport { Sql } from "effect/sql"\nimport { x } from "../../../adapters/src/x.js"\nconst p = import("pg")\nconst q = import("@bookmark-library/testkit")`
    )
    expect(bad.map((v) => v.specifier)).toEqual([
      "node:crypto",
      "effect/sql",
      "../../../adapters/src/x.js",
      "pg",
      "@bookmark-library/testkit"
    ])
  })

  it("holds every package to its allow-list, dynamic imports included", () => {
    const refused = (file: string, specifier: string) =>
      checkSource(file, `const m = await import("${specifier}")`).length +
      checkSource(file, `import * as M from "${specifier}"`).length
    // What the old checker let through.
    expect(refused("packages/adapters/src/sql/X.ts", "@bookmark-library/http")).toBe(2)
    expect(refused("packages/http/src/X.ts", "@bookmark-library/worker")).toBe(2)
    expect(refused("packages/worker/src/X.ts", "@bookmark-library/cli")).toBe(2)
    expect(refused("packages/testkit/src/X.ts", "@bookmark-library/adapters")).toBe(2)
    expect(refused("packages/testkit/src/X.ts", "@bookmark-library/http")).toBe(0)
    // The receiver helper: node:crypto and nothing else, nothing of ours.
    expect(refused("packages/webhook-receiver/src/X.ts", "node:crypto")).toBe(0)
    expect(refused("packages/webhook-receiver/src/X.ts", "node:fs")).toBe(2)
    expect(refused("packages/webhook-receiver/src/X.ts", "effect")).toBe(2)
    expect(refused("packages/webhook-receiver/src/X.ts", "@bookmark-library/domain")).toBe(2)
    // The faces use the domain only.
    for (const face of ["http", "worker", "web", "mcp"]) {
      expect(refused(`packages/${face}/src/X.ts`, "@bookmark-library/domain")).toBe(0)
      expect(refused(`packages/${face}/src/X.ts`, "@bookmark-library/adapters")).toBe(2)
      expect(refused(`packages/${face}/src/X.ts`, "@bookmark-library/adapters/sql")).toBe(2)
    }
    expect(refused("packages/web/src/X.ts", "@bookmark-library/http")).toBe(2)
    expect(refused("packages/mcp/src/X.ts", "@bookmark-library/worker")).toBe(2)
    // The extension uses nothing of ours but http's browser-safe client entry.
    expect(refused("packages/extension/src/X.ts", "@bookmark-library/domain")).toBe(2)
    expect(refused("packages/extension/src/X.ts", "@bookmark-library/http")).toBe(2)
    expect(refused("packages/extension/src/X.ts", "@bookmark-library/http/client")).toBe(0)
    // The composition root picks adapters and mounts faces.
    for (const used of ["domain", "adapters", "http", "worker", "web", "mcp"]) {
      expect(refused("packages/cli/src/X.ts", `@bookmark-library/${used}`)).toBe(0)
    }
    expect(refused("packages/cli/bin/x.mjs", "@bookmark-library/testkit")).toBe(2)
    // A package nobody wrote rules for is refused until someone does.
    expect(refused("packages/newface/src/X.ts", "@bookmark-library/domain")).toBe(2)
    // Relative paths cannot leave the package, and production code never imports its tests.
    expect(checkSource("packages/worker/src/loops/Loop.ts", `import { x } from "../../../adapters/src/x.js"`))
      .toHaveLength(1)
    expect(checkSource("packages/http/src/X.ts", `import { y } from "../test/support/Y.js"`)).toHaveLength(1)
    expect(checkSource("packages/http/test/X.test.ts", `import { y } from "../src/Y.js"`)).toEqual([])
    // A module named by a computed value cannot be checked, so production code may not do it.
    expect(checkSource("packages/http/src/X.ts", `const m = await import(process.env.M ?? "")`)).toHaveLength(1)
    // Except in the launcher, which runs the bundle built from this workspace.
    expect(checkSource("packages/cli/bin/bookmarks.mjs", `await import(pathToFileURL(await ensureBundle()).href)`))
      .toEqual([])
    expect(checkSource("packages/cli/bin/other.mjs", `await import(pathToFileURL(await ensureBundle()).href)`))
      .toHaveLength(1)
  })

  it("holds the JSON API and the web app to Effect, Node and the domain's root entry", () => {
    const http = [
      `import { Effect } from "effect"`,
      `import * as HttpRouter from "effect/http/HttpRouter"`,
      `import * as OpenApi from "effect/http-api/OpenApi"`,
      `import * as NetAddress from "effect/net/NetAddress"`,
      `import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"`,
      `import { createServer } from "node:http"`,
      `import { Bookmark } from "@bookmark-library/domain"`,
      `import { Routes } from "./Routes.js"`
    ].join("\n")
    expect(checkSource("packages/http/src/X.ts", http)).toEqual([])
    const bad = checkSource(
      "packages/http/src/X.ts",
      `import pg from "pg"\nimport * as SqlClient from "effect/sql/SqlClient"\nexport { Tags } from "@bookmark-library/domain/Tags"\nconst r = import("ioredis")`
    )
    expect(bad.map((v) => v.specifier)).toEqual([
      "pg",
      "effect/sql/SqlClient",
      "@bookmark-library/domain/Tags",
      "ioredis"
    ])
    const web =
      `import { Effect, Schema } from "effect"\nimport * as Multipart from "effect/http/Multipart"\nimport { gzipSync } from "node:zlib"`
    expect(checkSource("packages/web/src/X.ts", web)).toEqual([])
    expect(checkSource("packages/web/src/X.ts", `import * as HttpApi from "effect/http-api/HttpApi"`)).toHaveLength(1)
    expect(checkSource("packages/web/src/X.ts", `import { Platform } from "@effect/platform-node"`)).toHaveLength(1)
    expect(checkSource("packages/web/src/X.ts", `import { Library } from "@bookmark-library/domain/usecases"`))
      .toHaveLength(1)
    // Their tests may use what they need.
    expect(checkSource("packages/web/test/X.test.ts", `import { chromium } from "playwright-core"`)).toEqual([])
    expect(checkSource("packages/http/test/X.test.ts", `import * as Errors from "@bookmark-library/domain/Errors"`))
      .toEqual([])
    // Manifests name packages: htmx is the web app's file to serve, anything else is refused.
    const names = (file: string, manifest: Manifest) => checkManifest(file, manifest).map((v) => v.specifier)
    expect(
      names("packages/web/package.json", {
        dependencies: { "htmx.org": "2", marked: "1" },
        peerDependencies: { effect: "4" }
      })
    )
      .toEqual(["marked"])
    expect(
      names("packages/http/package.json", {
        dependencies: { ioredis: "5" },
        peerDependencies: { "@effect/platform-node": "4" }
      })
    )
      .toEqual(["ioredis"])
  })

  it("keeps the web app on the domain: no adapters, no other face", () => {
    expect(checkSource("packages/web/src/pages/Library.ts", `import { libraryPage } from "@bookmark-library/domain"`))
      .toEqual([])
    expect(checkSource("packages/web/src/WebApp.ts", `import { Mounts } from "@bookmark-library/http"`)).toHaveLength(1)
    expect(checkSource("packages/web/src/WebApp.ts", `import { SqlStorage } from "@bookmark-library/adapters"`))
      .toHaveLength(1)
    expect(checkManifest("packages/web/package.json", { dependencies: { "@bookmark-library/adapters": "*" } }))
      .toHaveLength(1)
  })

  it("lets tests use the testkit, and nothing else beyond their package's list", () => {
    expect(checkSource("packages/http/test/X.test.ts", `import { TestApp } from "@bookmark-library/testkit"`)).toEqual(
      []
    )
    expect(
      checkSource(
        "packages/domain/test/X.test.ts",
        `import { TestApp } from "@bookmark-library/testkit"\nimport * as fs from "node:fs"`
      )
    ).toEqual([])
    expect(checkSource("packages/http/src/Server.ts", `import { TestApp } from "@bookmark-library/testkit"`))
      .toHaveLength(1)
    expect(checkSource("packages/http/test/X.test.ts", `import { SqlStorage } from "@bookmark-library/adapters"`))
      .toHaveLength(1)
    expect(checkSource("packages/worker/test/X.test.ts", `const cli = await import("@bookmark-library/cli")`))
      .toHaveLength(1)
    expect(checkSource("packages/cli/test/X.test.ts", `import { SqlStorage } from "@bookmark-library/adapters"`))
      .toEqual([])
    // The receiver's tests check it against the domain's signer.
    expect(
      checkSource("packages/webhook-receiver/test/X.test.ts", `import { Signature } from "@bookmark-library/domain"`)
    ).toEqual([])
    expect(checkSource("packages/webhook-receiver/test/X.test.ts", `import { Server } from "@bookmark-library/http"`))
      .toHaveLength(1)
  })

  it("holds manifests to the same lists: runtime dependencies as production code, dev dependencies as tests", () => {
    const names = (file: string, manifest: Manifest) => checkManifest(file, manifest).map((v) => v.specifier)
    expect(names("packages/domain/package.json", { dependencies: { effect: "^3", zod: "^3" } })).toEqual(["zod"])
    expect(
      names("packages/domain/package.json", {
        devDependencies: { "@bookmark-library/testkit": "*", standardwebhooks: "1" }
      })
    ).toEqual([])
    expect(names("packages/http/package.json", { dependencies: { "@bookmark-library/testkit": "*" } })).toEqual([
      "@bookmark-library/testkit"
    ])
    expect(names("packages/worker/package.json", { peerDependencies: { "@bookmark-library/testkit": "*" } })).toEqual([
      "@bookmark-library/testkit"
    ])
    expect(names("packages/http/package.json", { devDependencies: { "@bookmark-library/testkit": "*" } })).toEqual([])
    expect(names("packages/adapters/package.json", { dependencies: { "@bookmark-library/http": "*" } })).toEqual([
      "@bookmark-library/http"
    ])
    expect(names("packages/http/package.json", { dependencies: { "@bookmark-library/worker": "*" } })).toEqual([
      "@bookmark-library/worker"
    ])
    expect(names("packages/worker/package.json", { optionalDependencies: { "@bookmark-library/cli": "*" } })).toEqual([
      "@bookmark-library/cli"
    ])
    // One entry of the adapters (the HTML extractor) is the testkit's: the package may be named, the worker may not.
    expect(names("packages/testkit/package.json", { dependencies: { "@bookmark-library/adapters": "*" } })).toEqual([])
    expect(names("packages/testkit/package.json", { dependencies: { "@bookmark-library/worker": "*" } })).toEqual([
      "@bookmark-library/worker"
    ])
    expect(names("packages/worker/package.json", { devDependencies: { "@bookmark-library/http": "*" } })).toEqual([
      "@bookmark-library/http"
    ])
    // The enrichment quality suite tests the adapters, in the adapters' own tests: the worker's tests may not use them.
    expect(names("packages/worker/package.json", { devDependencies: { "@bookmark-library/adapters": "*" } })).toEqual([
      "@bookmark-library/adapters"
    ])
    expect(
      names("packages/extension/package.json", {
        dependencies: { "@bookmark-library/http": "*", "@bookmark-library/domain": "*" }
      })
    )
      .toEqual(["@bookmark-library/domain"])
    expect(
      names("packages/cli/package.json", {
        dependencies: { "@bookmark-library/adapters": "*", "@bookmark-library/web": "*" }
      })
    ).toEqual([])
    expect(names("packages/cli/package.json", { dependencies: { "@bookmark-library/testkit": "*" } })).toEqual([
      "@bookmark-library/testkit"
    ])
    expect(names("packages/webhook-receiver/package.json", { dependencies: { effect: "^3" } })).toEqual(["effect"])
    expect(names("packages/webhook-receiver/package.json", { devDependencies: { "@bookmark-library/domain": "*" } }))
      .toEqual([])
  })

  it("finds workspace packages used but not declared", () => {
    const used = [
      { specifier: "@bookmark-library/domain", test: false },
      { specifier: "@bookmark-library/testkit", test: true },
      { specifier: "@bookmark-library/http/client", test: false }
    ]
    expect(
      undeclared("cli", used, {
        dependencies: { "@bookmark-library/domain": "*" },
        devDependencies: { "@bookmark-library/testkit": "*" }
      })
    )
      .toEqual(["@bookmark-library/http"])
    expect(
      undeclared("cli", [{ specifier: "@bookmark-library/testkit", test: false }], {
        devDependencies: { "@bookmark-library/testkit": "*" }
      })
    )
      .toEqual(["@bookmark-library/testkit"])
  })
})
