/**
 * The dependency direction of the architecture (docs/decisions.md, "Dependency direction") as a pure checker over
 * source text and package manifests: each workspace package may use only the packages its allow-list names.
 */
import * as path from "node:path"
import ts from "typescript"

export interface Violation {
  readonly file: string
  readonly specifier: string
  readonly rule: string
}

/** The workspace packages each package's production code may use. Test files may also use the testkit. */
export const allowList: Readonly<Record<string, ReadonlyArray<string>>> = {
  domain: [],
  adapters: ["domain"],
  http: ["domain"],
  worker: ["domain"],
  // The testkit's TestApp serves the JSON API in memory (no socket), so it composes the http face with its memory
  // ports, as a composition root of tests does. It never reaches adapters, and production code never imports it.
  testkit: ["domain", "http"],
  // The receiver helper is installed by services that receive our webhooks: nothing of ours, nothing but node:crypto.
  "webhook-receiver": [],
  web: ["domain"],
  mcp: ["domain"],
  // A browser extension ships on its own; it may later use http's browser-safe client entry, and only that.
  extension: [],
  // The composition root: it picks adapters and mounts the faces (never the testkit outside its tests).
  cli: ["domain", "adapters", "http", "worker", "web", "mcp"]
}

/** Workspace packages a package's tests may use besides its allow-list and the testkit. */
export const testAllowList: Readonly<Record<string, ReadonlyArray<string>>> = {
  // The receiver's tests check it against what the service signs (the domain's `deliveryHeaders`).
  "webhook-receiver": ["domain"]
}

/**
 * Production files that may load a module named at run time. The `bookmarks` launcher runs the bundle it has just
 * built from this workspace (dist/bookmarks.js, whose sources this checker reads): no dependency hides there.
 */
export const computedImportAllowed: ReadonlySet<string> = new Set(["packages/cli/bin/bookmarks.mjs"])

/** The entries of another package a package may use although the package itself is not on its list. */
export const allowedEntries: Readonly<Record<string, ReadonlyArray<string>>> = {
  extension: ["@bookmark-library/http/client"],
  // TestApp reads pages with the server's own extractor, not a fake that disagrees with it (docs/decisions.md,
  // "Dependency direction"); no other adapter, so a test never opens a database, a socket or a browser.
  testkit: ["@bookmark-library/adapters/extract/HtmlPageExtractor"]
}

/**
 * Packages whose production code may import no npm package or Node module but these. A name covers its entries
 * (`effect` covers `effect/Schema`), except Effect's infrastructure modules (`effectInfrastructure`), which a list
 * names one by one (`effect/http`); `node:` covers every Node built-in. Their manifests may name the packages only.
 */
export const onlyImports: Readonly<Record<string, ReadonlyArray<string>>> = {
  domain: ["effect"],
  "webhook-receiver": ["node:crypto"],
  // The JSON API: Effect with its HTTP, HTTP API and address modules, and Node's HTTP server.
  http: ["effect", "effect/http", "effect/http-api", "effect/net", "@effect/platform-node", "node:"],
  // The web app: Effect and its HTTP modules; htmx is a file it serves (read from the package, never imported).
  web: ["effect", "effect/http", "node:", "htmx.org"]
}

/** Packages whose production code uses another workspace package through its root entry only, never a file of it. */
export const rootEntryOnly: ReadonlySet<string> = new Set(["http", "web"])

/**
 * Entries of the `effect` package that were packages of their own in Effect 3 (`@effect/sql`, `@effect/platform`,
 * `@effect/cli`, `@effect/rpc`, …): infrastructure. A package held to a list (`onlyImports`) uses the core of
 * `effect` and only those of these its list names.
 */
export const effectInfrastructure: ReadonlyArray<string> = [
  "ai",
  "cli",
  "cluster",
  "devtools",
  "eventlog",
  "graphql",
  "http",
  "http-api",
  "net",
  "observability",
  "persistence",
  "process",
  "reactivity",
  "rpc",
  "socket",
  "sql",
  "workers",
  "workflow"
]

const isEffectInfrastructure = (specifier: string) =>
  specifier.startsWith("effect/") &&
  effectInfrastructure.includes(specifier.slice("effect/".length).split("/")[0] ?? "")

const scope = "@bookmark-library/"

/** `@bookmark-library/<name>[/entry]` → `<name>`. */
export const workspacePackage = (specifier: string): string | undefined =>
  specifier.startsWith(scope) ? specifier.slice(scope.length).split("/")[0] : undefined

/** `packages/<name>/…` → `<name>` (paths are repository-relative with forward slashes). */
export const packageOf = (file: string): string | undefined => /^packages\/([^/]+)\//.exec(file)?.[1]

/** Files under `packages/<name>/test/` are tests; everything else in a package is production code. */
export const isTestFile = (file: string): boolean => /^packages\/[^/]+\/test\//.test(file)

const isRelative = (s: string) => s === "." || s === ".." || s.startsWith("./") || s.startsWith("../")
const isPackage = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`)
/** Whether the name `name` of an `onlyImports` list allows `specifier` (`node:` is a prefix, any other a package). */
const covers = (
  name: string,
  specifier: string
) => (name.endsWith(":") ? specifier.startsWith(name) : isPackage(specifier, name))

/** A module reference in a source file; `specifier` is undefined when it is computed (not a string literal). */
export interface ModuleReference {
  readonly specifier: string | undefined
  readonly text: string
}

const literal = (node: ts.Node | undefined): string | undefined =>
  node !== undefined && (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) ? node.text : undefined

/**
 * Every module a TypeScript or JavaScript source refers to, as the compiler parses it: static, type-only, side-effect
 * and re-exports, `import x = require()`, `import("…")` (also in types) and `require("…")`. Comments and strings are
 * never mistaken for imports.
 */
export const references = (source: string, fileName = "file.ts"): Array<ModuleReference> => {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true)
  const out: Array<ModuleReference> = []
  const add = (node: ts.Node | undefined) => {
    if (node !== undefined) out.push({ specifier: literal(node), text: node.getText(file) })
  }
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) add(node.moduleSpecifier)
    else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression)
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) add(node.argument.literal)
    else if (ts.isCallExpression(node)) {
      const callee = node.expression
      const isImport = callee.kind === ts.SyntaxKind.ImportKeyword
      const isRequire = ts.isIdentifier(callee) && callee.text === "require"
      if (isImport || isRequire) add(node.arguments[0] ?? callee)
    }
    ts.forEachChild(node, visit)
  }
  visit(file)
  return out
}

/** The literal specifiers of `references` (computed ones left out). */
export const specifiers = (
  source: string
): Array<string> => [...new Set(references(source).flatMap((r) => (r.specifier === undefined ? [] : [r.specifier])))]

/** Why `pkg` may not use workspace package `target` through `specifier`, or undefined when it may. */
const workspaceRule = (pkg: string, target: string, specifier: string, test: boolean): string | undefined => {
  if (target === pkg) return undefined
  const allowed = allowList[pkg]
  if (allowed === undefined) return `packages/${pkg} has no dependency rules yet: add it to the allow-list`
  if (allowed.includes(target)) return undefined
  if (test && (testAllowList[pkg] ?? []).includes(target)) return undefined
  if ((allowedEntries[pkg] ?? []).some((entry) => specifier === entry)) return undefined
  if (target === "testkit") {
    return test ? undefined : "the testkit is only for tests; production code never imports it"
  }
  const list = allowed.length === 0
    ? "no other workspace package"
    : allowed.map((a) => `@bookmark-library/${a}`).join(", ")
  return `packages/${pkg} may use ${list}${test ? " (and the testkit in tests)" : ""}, not @bookmark-library/${target}`
}

/** Violations of one source file under `packages/<pkg>/` (production code or a test). */
export const checkSource = (file: string, source: string): Array<Violation> => {
  const pkg = packageOf(file)
  if (pkg === undefined) return []
  const test = isTestFile(file)
  const out: Array<Violation> = []
  for (const reference of references(source, file)) {
    const specifier = reference.specifier
    const fail = (rule: string) => out.push({ file, specifier: specifier ?? reference.text, rule })
    if (specifier === undefined) {
      if (!test && !computedImportAllowed.has(file)) {
        fail("a module must be named by a string literal, so its dependency can be checked")
      }
      continue
    }
    if (isRelative(specifier)) {
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier))
      if (packageOf(target) !== pkg) {
        fail(`a relative import must stay inside packages/${pkg}; import other packages by name`)
      } else if (!test && isTestFile(target)) fail("production code never imports test files")
      continue
    }
    const target = workspacePackage(specifier)
    const allowed = onlyImports[pkg]
    if (target !== undefined) {
      const rule = workspaceRule(pkg, target, specifier, test)
      if (rule !== undefined) fail(rule)
      else if (!test && target !== pkg && rootEntryOnly.has(pkg) && specifier !== `${scope}${target}`) {
        fail(`packages/${pkg} uses ${scope}${target} through its root entry only, not ${specifier}`)
      }
    } else if (!test && allowed !== undefined && !allowed.some((name) => covers(name, specifier))) {
      fail(`packages/${pkg} imports nothing but ${allowed.join(", ")}`)
    } else if (!test && allowed !== undefined && isEffectInfrastructure(specifier)) {
      const named = allowed.filter(isEffectInfrastructure)
      if (!named.some((name) => covers(name, specifier))) {
        const uses = named.length === 0 ? "the core of effect" : `the core of effect and ${named.join(", ")}`
        fail(
          `packages/${pkg} uses ${uses}, not its ${
            named.length === 0 ? "" : "other "
          }infrastructure modules (${specifier})`
        )
      }
    }
  }
  return out
}

export interface Manifest {
  readonly name?: string
  readonly dependencies?: Readonly<Record<string, string>>
  readonly peerDependencies?: Readonly<Record<string, string>>
  readonly optionalDependencies?: Readonly<Record<string, string>>
  readonly devDependencies?: Readonly<Record<string, string>>
}

/**
 * Violations of one `packages/<pkg>/package.json`: runtime dependencies follow the production rules, dev ones the test
 * rules.
 */
export const checkManifest = (file: string, manifest: Manifest): Array<Violation> => {
  const pkg = packageOf(file)
  if (pkg === undefined) return []
  const out: Array<Violation> = []
  const runtime = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }
  const check = (name: string, test: boolean) => {
    const fail = (rule: string) => out.push({ file, specifier: name, rule })
    const target = workspacePackage(name)
    // A manifest names packages, not entries: a package one of whose entries is allowed may be listed.
    const entryAllowed = (allowedEntries[pkg] ?? []).some((entry) => workspacePackage(entry) === target)
    if (target === "testkit" && !test && pkg !== "testkit") fail("the testkit may only be a devDependency")
    else if (target !== undefined && !entryAllowed) {
      const rule = workspaceRule(pkg, target, name, test)
      if (rule !== undefined) fail(rule)
    } else if (target === undefined && !test && onlyImports[pkg] !== undefined && !onlyImports[pkg].includes(name)) {
      const packages = onlyImports[pkg].filter((n) => !n.startsWith("node:") && !isEffectInfrastructure(n))
      fail(`packages/${pkg} depends on ${packages.join(", ") || "nothing"} only`)
    }
  }
  for (const name of Object.keys(runtime)) check(name, false)
  for (const name of Object.keys(manifest.devDependencies ?? {})) check(name, true)
  return out
}

/** Workspace packages a package's sources use but its manifest does not declare (tests may use dev dependencies). */
export const undeclared = (
  pkg: string,
  used: ReadonlyArray<{ readonly specifier: string; readonly test: boolean }>,
  manifest: Manifest
): Array<string> => {
  const runtime = new Set(
    Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies })
  )
  const dev = new Set(Object.keys(manifest.devDependencies ?? {}))
  const missing = new Set<string>()
  for (const { specifier, test } of used) {
    const target = workspacePackage(specifier)
    if (target === undefined || target === pkg) continue
    const name = `${scope}${target}`
    if (!runtime.has(name) && !(test && dev.has(name))) missing.add(name)
  }
  return [...missing].sort()
}
