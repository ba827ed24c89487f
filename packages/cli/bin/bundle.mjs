#!/usr/bin/env node
// Bundles the `bookmarks` command into dist/ (see docs/operations.md, "The bookmarks command"). Every workspace
// package and the Effect libraries are compiled in and tree-shaken: node then reads one file instead of some 1,500
// modules, which is most of what an admin command used to cost. Other npm packages stay in node_modules, where
// PGlite and Playwright find the files they ship (and no second copy of Effect can appear: none of them imports it).
// Lazy `import()`s (the servers, page extraction) become chunks loaded on first use. Workspace packages are read
// from their TypeScript through the `@bookmark-library/source` export condition (docs/packages.md), so the bundle
// needs no package build first.
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs"
import { basename, dirname, join } from "node:path"
import { fileURLToPath, pathToFileURL } from "node:url"

export const root = fileURLToPath(new URL("../../../", import.meta.url))
export const outdir = join(root, "dist")
export const entry = join(outdir, "bookmarks.js")

/** The workspace's packages, from the root `workspaces` globs (`dir/*` or a plain directory). */
export const workspacePackages = () => {
  const globs = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).workspaces ?? []
  const dirs = globs.flatMap((glob) => {
    if (!glob.endsWith("/*")) return [join(root, glob)]
    const parent = join(root, glob.slice(0, -2))
    return existsSync(parent) ? readdirSync(parent).map((name) => join(parent, name)) : []
  })
  return dirs
    .filter((dir) => existsSync(join(dir, "package.json")))
    .map((dir) => ({ dir, name: JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name }))
}

const newestIn = (path) => {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return readdirSync(path).reduce((newest, name) => Math.max(newest, newestIn(join(path, name))), stat.mtimeMs)
}

/** True when dist/ is missing or older than a source, a package manifest, this script or the installed packages. */
export const isStale = () => {
  if (!existsSync(entry)) return true
  const built = statSync(entry).mtimeMs
  const inputs = [
    fileURLToPath(import.meta.url),
    join(root, "package.json"),
    join(root, "node_modules", ".package-lock.json"),
    ...workspacePackages().flatMap(({ dir }) => [join(dir, "package.json"), join(dir, "src")])
  ]
  return inputs.some((input) => newestIn(input) > built)
}

/** Compiled into the bundle: the workspace's packages and Effect's; every other package stays in node_modules. */
export const isInlined = (name, workspace) => workspace.has(name) || name === "effect" || name.startsWith("@effect/")

/** Bare imports of anything but the workspace and Effect stay imports of node_modules. */
const externals = (inlined) => ({
  name: "bookmarks-externals",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => {
      const name = path.startsWith("@") ? path.split("/").slice(0, 2).join("/") : path.split("/")[0]
      return inlined(name) ? undefined : { path, external: true }
    })
  }
})

/** Writes a file whole or not at all: a `bookmarks` process starting meanwhile never reads half of one. */
const writeAtomically = (path, contents) => {
  const temporary = join(dirname(path), `.${basename(path)}.${process.pid}.${Math.random().toString(36).slice(2)}`)
  writeFileSync(temporary, contents)
  renameSync(temporary, path)
}

/** Chunks no build refers to any more (content-hashed names), left a day for processes started from an older build. */
const removeOldChunks = (current) => {
  const dayAgo = Date.now() - 24 * 3600_000
  for (const name of readdirSync(outdir)) {
    const path = join(outdir, name)
    const chunk = /-[A-Z0-9]{8}\.js(\.map)?$/.test(name)
    if (chunk && !current.has(path) && statSync(path).mtimeMs < dayAgo) rmSync(path, { force: true })
  }
}

/** Builds dist/bookmarks.js (and its chunks); the entry is written last, so it only ever names chunks that exist. */
export const bundle = async () => {
  const { build } = await import("esbuild")
  const workspace = new Set(workspacePackages().map((p) => p.name))
  const inlined = (name) => isInlined(name, workspace)
  const result = await build({
    absWorkingDir: root,
    entryPoints: { bookmarks: "packages/cli/src/bin.ts" },
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    // The packages' `exports` send this condition to ./src (docs/packages.md).
    conditions: ["@bookmark-library/source"],
    plugins: [externals(inlined)],
    sourcemap: false,
    write: false,
    logLevel: "warning"
  })
  mkdirSync(outdir, { recursive: true })
  const last = result.outputFiles.filter((f) => f.path === entry)
  for (const file of result.outputFiles.filter((f) => f.path !== entry)) writeAtomically(file.path, file.contents)
  for (const file of last) writeAtomically(file.path, file.contents)
  removeOldChunks(new Set(result.outputFiles.map((f) => f.path)))
}

/** Rebuilds when something changed since the last build. */
export const ensureBundle = async () => {
  if (isStale()) await bundle()
  return entry
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) await bundle()
