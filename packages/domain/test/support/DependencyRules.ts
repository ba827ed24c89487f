/** The dependency-direction rules of DESIGN §2 as a pure checker over source text and package manifests. */
import * as path from "node:path"

export interface Violation {
  readonly file: string
  readonly specifier: string
  readonly rule: string
}

const importPatterns = [
  /\b(?:import|export)\s+(?:type\s+)?[^;]*?\bfrom\s*["']([^"']+)["']/g,
  // A side-effect import starts its line, so the string "import" in code is not read as one.
  /^\s*import\s*["']([^"']+)["']/gm,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g
]

/** Block comments and whole-line comments removed, so prose about imports is not read as an import. */
const stripComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "")

/** Every module specifier a TypeScript source imports or re-exports, static or dynamic. */
export const specifiers = (source: string): Array<string> => {
  const text = stripComments(source)
  const out = new Set<string>()
  for (const pattern of importPatterns) {
    for (const match of text.matchAll(pattern)) if (match[1] !== undefined) out.add(match[1])
  }
  return [...out]
}

/** `packages/<name>/…` → `<name>` (paths are repository-relative with forward slashes). */
export const packageOf = (file: string): string | undefined => /^packages\/([^/]+)\//.exec(file)?.[1]

const isRelative = (s: string) => s.startsWith("./") || s.startsWith("../")
const resolvedPackage = (file: string, specifier: string) => packageOf(path.posix.join(path.posix.dirname(file), specifier))
const isPackage = (specifier: string, name: string) => specifier === name || specifier.startsWith(`${name}/`)

/** Violations of one source file under `packages/<pkg>/src`. */
export const checkSource = (file: string, source: string): Array<Violation> => {
  const pkg = packageOf(file)
  const out: Array<Violation> = []
  for (const specifier of specifiers(source)) {
    const target = isRelative(specifier) ? resolvedPackage(file, specifier) : undefined
    const fail = (rule: string) => out.push({ file, specifier, rule })
    if (isRelative(specifier) && target !== pkg) {
      fail(`a relative import must stay inside packages/${pkg}; import other packages by name`)
    }
    if (pkg === "domain" && !isRelative(specifier) && !isPackage(specifier, "effect")) {
      fail("packages/domain imports nothing but effect")
    }
    if ((pkg === "http" || pkg === "worker") && (isPackage(specifier, "@bookmarks/adapters") || target === "adapters")) {
      fail(`packages/${pkg} depends on ports, never on a concrete adapter`)
    }
    if (pkg === "web" && (["adapters", "http", "worker", "cli"].some((face) => isPackage(specifier, `@bookmarks/${face}`)))) {
      fail("packages/web depends on the domain (use cases and ports), never on adapters or another face")
    }
    if (pkg !== "testkit" && isPackage(specifier, "@bookmarks/testkit")) {
      fail("the testkit is only for tests; production code never imports it")
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

/** Violations of one `packages/<pkg>/package.json`. */
export const checkManifest = (file: string, manifest: Manifest): Array<Violation> => {
  const pkg = packageOf(file)
  const runtime = {
    ...manifest.dependencies,
    ...manifest.peerDependencies,
    ...manifest.optionalDependencies
  }
  const out: Array<Violation> = []
  for (const name of Object.keys(runtime)) {
    const fail = (rule: string) => out.push({ file, specifier: name, rule })
    if (name === "@bookmarks/testkit" && pkg !== "testkit") fail("the testkit may only be a devDependency")
    if (pkg === "domain" && name !== "effect") fail("packages/domain depends on effect only")
    if ((pkg === "http" || pkg === "worker") && name === "@bookmarks/adapters") {
      fail(`packages/${pkg} depends on ports, never on a concrete adapter`)
    }
    if (pkg === "web" && ["adapters", "http", "worker", "cli"].some((face) => name === `@bookmarks/${face}`)) {
      fail("packages/web depends on the domain, never on adapters or another face")
    }
  }
  return out
}
