#!/usr/bin/env node
/**
 * The workspace's packages as a library (docs/packages.md): finds every `packages/<name>/package.json`, builds them
 * with tsc in dependency order, packs them, and keeps their versions in lockstep. A new package needs no change here.
 *
 *   node scripts/packages.mjs list                 the packages in build order
 *   node scripts/packages.mjs build [name…]        build the named packages (from a package directory: that one)
 *                                                  and the workspace packages they depend on; none named: all
 *   node scripts/packages.mjs pack <dir> [name…]   build the named packages (none: all) and the workspace packages
 *                                                  they need, then `npm pack` each into <dir>; prints only the
 *                                                  tarballs' paths on stdout, so `npm install $(… pack dir domain)`
 *                                                  installs them (the packages are not on the registry yet)
 *   node scripts/packages.mjs version <x.y.z>      set every package's version and every internal dependency to it
 *   node scripts/packages.mjs verify               check lockstep versions and the manifest rules; exit 1 if broken
 */
import { spawn } from "node:child_process"
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { cpus } from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../", import.meta.url))
const scope = "@bookmark-library/"
/** The export condition under which workspace tools (tsc, vitest, tsx, esbuild) read a package's sources. */
export const sourceCondition = "@bookmark-library/source"

const readJson = (file) => JSON.parse(readFileSync(file, "utf8"))

/** Every workspace package: its directory name, manifest path, manifest and the workspace packages it needs. */
export const discover = () =>
  readdirSync(path.join(root, "packages"), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(root, "packages", entry.name, "package.json")))
    .map((entry) => {
      const dir = path.join(root, "packages", entry.name)
      const file = path.join(dir, "package.json")
      const manifest = readJson(file)
      const runtime = { ...manifest.dependencies, ...manifest.peerDependencies, ...manifest.optionalDependencies }
      const needs = Object.keys(runtime).filter((name) => name.startsWith(scope)).map((name) =>
        name.slice(scope.length)
      )
      return { name: entry.name, dir, file, manifest, needs }
    })

/** Packages in an order where each comes after the workspace packages it depends on (devDependencies ignored). */
export const buildOrder = (packages) => {
  const byName = new Map(packages.map((p) => [p.name, p]))
  const done = new Set()
  const visiting = new Set()
  const out = []
  const visit = (p, trail) => {
    if (done.has(p.name)) return
    if (visiting.has(p.name)) throw new Error(`dependency cycle: ${[...trail, p.name].join(" → ")}`)
    visiting.add(p.name)
    for (const need of p.needs) {
      const dep = byName.get(need)
      if (dep === undefined) throw new Error(`${p.name} depends on ${scope}${need}, which is not in packages/`)
      visit(dep, [...trail, p.name])
    }
    visiting.delete(p.name)
    done.add(p.name)
    out.push(p)
  }
  for (const p of [...packages].sort((a, b) => a.name.localeCompare(b.name))) visit(p, [])
  return out
}

/** `names` and everything they depend on, in build order. */
const withDependencies = (ordered, names) => {
  const byName = new Map(ordered.map((p) => [p.name, p]))
  const wanted = new Set()
  const add = (name) => {
    const p = byName.get(name)
    if (p === undefined) throw new Error(`no package packages/${name}`)
    if (wanted.has(name)) return
    wanted.add(name)
    p.needs.forEach(add)
  }
  names.forEach(add)
  return ordered.filter((p) => wanted.has(p.name))
}

// The children's output goes to stderr: stdout carries only what a command prints as its answer (pack's tarballs).
const run = (command, args, options = {}) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", 2, "inherit"], ...options })
    child.on("error", reject)
    child.on("exit", (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed (${signal ?? `exit ${code}`})`)))
  })

const tsc = path.join(root, "node_modules", "typescript", "bin", "tsc")

/** Builds `packages` (in build order): a package starts when the ones it needs are built; two at a time. */
const build = async (packages) => {
  const finished = new Map()
  const limit = Math.max(1, Math.min(2, cpus().length))
  let running = 0
  const queue = []
  const slot = () => running < limit ? (running++, Promise.resolve()) : new Promise((resolve) => queue.push(resolve))
  const release = () => {
    const next = queue.shift()
    if (next) next()
    else running--
  }
  const one = async (p) => {
    await Promise.all(p.needs.map((need) => finished.get(need)).filter(Boolean))
    await slot()
    try {
      const started = Date.now()
      rmSync(path.join(p.dir, "dist"), { recursive: true, force: true })
      await run(process.execPath, [tsc, "-p", path.join(p.dir, "tsconfig.build.json")], { cwd: root })
      // A package that ships a bundle too (the browser extension's unpacked folder) builds it after its modules.
      const bundle = path.join(p.dir, "scripts", "bundle.mjs")
      if (existsSync(bundle)) await run(process.execPath, [bundle], { cwd: p.dir })
      console.error(`built ${p.manifest.name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
    } finally {
      release()
    }
  }
  for (const p of packages) finished.set(p.name, one(p))
  await Promise.all(finished.values())
}

/** The package whose directory holds `cwd`, if any (so `npm run build` and `prepack` in a package build it). */
const packageAt = (cwd) => {
  const relative = path.relative(path.join(root, "packages"), cwd)
  return relative === "" || relative.startsWith("..") ? undefined : relative.split(path.sep)[0]
}

/**
 * Builds the named packages (none: every package) with the workspace packages they need, then packs each into
 * `destination`; npm's report of each tarball (files and sizes).
 */
export const pack = async (destination, names = []) => {
  const all = buildOrder(discover())
  const ordered = names.length === 0 ? all : withDependencies(all, names)
  await build(ordered)
  const dir = path.resolve(destination)
  mkdirSync(dir, { recursive: true })
  const tarballs = []
  for (const p of ordered) {
    // Built above already: skip each package's prepack (which would build it and its dependencies again).
    const out = []
    await new Promise((resolve, reject) => {
      const child = spawn("npm", ["pack", "--ignore-scripts", "--json", "--pack-destination", dir], {
        cwd: p.dir,
        stdio: ["ignore", "pipe", "inherit"]
      })
      child.stdout.on("data", (chunk) => out.push(chunk))
      child.on("error", reject)
      child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`npm pack failed in ${p.dir}`))))
    })
    const [info] = JSON.parse(Buffer.concat(out).toString("utf8"))
    tarballs.push({ ...info, name: p.manifest.name, file: path.join(dir, info.filename) })
  }
  return tarballs
}

/** Rules every package manifest keeps (docs/packages.md); returns the problems found. */
export const verify = (packages) => {
  const problems = []
  const versions = new Set(packages.map((p) => p.manifest.version))
  if (versions.size !== 1) problems.push(`versions are not in lockstep: ${[...versions].join(", ")}`)
  const version = packages[0]?.manifest.version
  for (const p of packages) {
    const m = p.manifest
    const say = (problem) => problems.push(`packages/${p.name}/package.json: ${problem}`)
    if (m.name !== `${scope}${p.name}`) say(`name must be ${scope}${p.name}`)
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies", "devDependencies"]) {
      for (const [name, range] of Object.entries(m[field] ?? {})) {
        if (name.startsWith(scope) && range !== version) say(`${field}.${name} must be exactly ${version} (lockstep)`)
      }
    }
    if (!existsSync(path.join(p.dir, "tsconfig.build.json"))) say("has no tsconfig.build.json")
    if (!existsSync(path.join(p.dir, "README.md"))) say("has no README.md")
    if (m.scripts?.prepack !== "node ../../scripts/packages.mjs build") {
      say("scripts.prepack must be \"node ../../scripts/packages.mjs build\"")
    }
    if (!Array.isArray(m.files) || !m.files.includes("dist")) say("files must list \"dist\"")
    const exports = m.exports ?? {}
    if (exports["."] === undefined) say("exports must have \".\"")
    for (const [subpath, target] of Object.entries(exports)) {
      if (subpath === "./package.json") continue
      const keys = typeof target === "object" && target !== null ? Object.keys(target) : []
      const expected = [sourceCondition, "types", "import"]
      if (keys.join() !== expected.join()) {
        say(`exports["${subpath}"] must have exactly the conditions ${expected.join(", ")} in that order`)
      } else if (
        !target[sourceCondition].startsWith("./src/") || !target.types.startsWith("./dist/") ||
        !target.import.startsWith("./dist/")
      ) {
        say(`exports["${subpath}"]: the source condition points into ./src, types and import into ./dist`)
      }
    }
  }
  return problems
}

const setVersion = (version) => {
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`not a version: ${version}`)
  for (const p of discover()) {
    const m = p.manifest
    m.version = version
    for (const field of ["dependencies", "peerDependencies", "optionalDependencies", "devDependencies"]) {
      for (const name of Object.keys(m[field] ?? {})) if (name.startsWith(scope)) m[field][name] = version
    }
    writeFileSync(p.file, `${JSON.stringify(m, null, 2)}\n`)
  }
  const rootManifest = path.join(root, "package.json")
  const m = readJson(rootManifest)
  m.version = version
  for (const name of Object.keys(m.dependencies ?? {})) if (name.startsWith(scope)) m.dependencies[name] = version
  writeFileSync(rootManifest, `${JSON.stringify(m, null, 2)}\n`)
  console.error(`every package is at ${version}; run npm install to refresh package-lock.json`)
}

const main = async ([command, ...args]) => {
  switch (command) {
    case "list":
      for (const p of buildOrder(discover())) console.log(`${p.name}\t${p.manifest.name}@${p.manifest.version}`)
      return
    case "build": {
      const ordered = buildOrder(discover())
      const here = packageAt(process.cwd())
      const names = args.length > 0 ? args : here !== undefined ? [here] : ordered.map((p) => p.name)
      return build(withDependencies(ordered, names))
    }
    case "pack": {
      if (args[0] === undefined) throw new Error("pack needs a destination directory")
      for (const t of await pack(args[0], args.slice(1))) console.log(t.file)
      return
    }
    case "version":
      return setVersion(args[0] ?? "")
    case "verify": {
      const problems = verify(discover())
      for (const problem of problems) console.error(problem)
      if (problems.length > 0) process.exitCode = 1
      else console.error("manifests: every rule holds")
      return
    }
    default:
      console.error(
        "usage: node scripts/packages.mjs list | build [name…] | pack <dir> [name…] | version <x.y.z> | verify"
      )
      process.exitCode = 2
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((error) => {
    console.error(error instanceof Error ? error.message : error)
    process.exitCode = 1
  })
}
