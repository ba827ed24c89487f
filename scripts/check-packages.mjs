#!/usr/bin/env node
/**
 * The library as a stranger installs it (docs/packages.md, "The consumer check (CI)"). Packs every workspace package,
 * checks each tarball's files against its manifest, installs the tarballs into a scratch project outside the
 * repository (copies, no symlinks), and runs there: plain node on the domain and the webhook receiver; a strict
 * `moduleResolution: nodenext` type check of every public entry and of the examples (and of the browser-safe client
 * without Node's types); the embed example; the testkit example's tests. Wrong exports, types or files fail a step.
 *
 *   node scripts/check-packages.mjs [--keep] [--list]    --keep leaves the scratch project; --list prints every file
 */
import { spawn } from "node:child_process"
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import { buildOrder, discover, pack, sourceCondition, verify } from "./packages.mjs"

const root = fileURLToPath(new URL("../", import.meta.url))
const keep = process.argv.includes("--keep")
const list = process.argv.includes("--list")
const started = Date.now()
const timings = []

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`

/** Runs one step of the check; a failure stops the script with the step's name. */
const step = async (name, run) => {
  const at = Date.now()
  console.error(`\n-- ${name}`)
  try {
    await run()
  } catch (error) {
    console.error(`\nFAILED: ${name}: ${error instanceof Error ? error.message : error}`)
    process.exit(1)
  }
  timings.push([name, Date.now() - at])
}

const exec = (command, args, options) =>
  new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"], ...options })
    const timer = setTimeout(() => child.kill("SIGTERM"), options.timeoutMs ?? 300_000)
    child.on("error", reject)
    child.on("exit", (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else reject(new Error(`${command} ${args.join(" ")} exited with ${signal ?? code}`))
    })
  })

/** What a tarball must and must not hold, from its manifest: every export target, declarations beside the code. */
export const tarballProblems = (manifest, files) => {
  const problems = []
  const has = new Set(files.map((f) => f.path))
  const say = (problem) => problems.push(`${manifest.name}: ${problem}`)
  for (const required of ["package.json", "README.md"]) if (!has.has(required)) say(`ships no ${required}`)
  for (const [subpath, target] of Object.entries(manifest.exports ?? {})) {
    const targets = typeof target === "string" ? { default: target } : target
    for (const [condition, file] of Object.entries(targets)) {
      if (condition === sourceCondition || file.includes("*")) continue
      if (!has.has(file.replace(/^\.\//, ""))) {
        say(`exports["${subpath}"].${condition} points at ${file}, which the tarball lacks`)
      }
    }
  }
  for (const file of has) {
    if (/^test\/|(^|\/)tsconfig[^/]*\.json$|\.test\.[cm]?[jt]s$|\.tsbuildinfo$/.test(file)) {
      say(`ships ${file}, which no consumer needs`)
    }
    if (file.startsWith("dist/") && file.endsWith(".js") && !has.has(file.replace(/\.js$/, ".d.ts"))) {
      say(`${file} has no declarations`)
    }
  }
  for (const file of Object.values(manifest.bin ?? {})) {
    if (!has.has(file.replace(/^\.\//, ""))) say(`bin ${file} is not shipped`)
  }
  return problems
}

const scratch = mkdtempSync(path.join(tmpdir(), "bookmark-library-consumer-"))
if (!path.relative(root, scratch).startsWith("..")) {
  throw new Error(`the scratch project ${scratch} is inside the repository`)
}
const tarballDir = path.join(scratch, "tarballs")
mkdirSync(tarballDir)
const packages = buildOrder(discover())
const rootManifest = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8"))
const tool = (name) => rootManifest.devDependencies?.[name] ?? rootManifest.dependencies?.[name]

await step("manifests: lockstep versions and the manifest rules", async () => {
  const problems = verify(packages)
  if (problems.length > 0) throw new Error(`\n  ${problems.join("\n  ")}`)
})

let tarballs = []
await step("build and pack every package", async () => {
  tarballs = await pack(tarballDir)
  if (tarballs.length !== packages.length) {
    throw new Error(`expected ${packages.length} tarballs, got ${tarballs.length}`)
  }
})

await step("the tarballs hold what their manifests promise, and nothing of the workspace", async () => {
  const problems = []
  const kib = (n) => `${(n / 1024).toFixed(1)} KiB`
  console.log("package".padEnd(36), "files".padStart(6), "packed".padStart(10), "unpacked".padStart(10))
  for (const p of packages) {
    const tarball = tarballs.find((t) => t.name === p.manifest.name)
    if (tarball === undefined) {
      problems.push(`${p.manifest.name}: no tarball`)
      continue
    }
    console.log(
      p.manifest.name.padEnd(36),
      String(tarball.entryCount).padStart(6),
      kib(tarball.size).padStart(10),
      kib(tarball.unpackedSize).padStart(10)
    )
    if (list) { for (const f of tarball.files) console.log(`    ${String(f.size).padStart(8)}  ${f.path}`) }
    problems.push(...tarballProblems(p.manifest, tarball.files))
  }
  if (problems.length > 0) throw new Error(`\n  ${problems.join("\n  ")}`)
})

await step(`install the tarballs into ${scratch}`, async () => {
  const dependencies = Object.fromEntries(tarballs.map((t) => [t.name, `file:./tarballs/${path.basename(t.file)}`]))
  const devDependencies = Object.fromEntries(
    ["typescript", "@types/node", "vitest", "@effect/vitest"].map((name) => [name, tool(name)])
  )
  writeFileSync(
    path.join(scratch, "package.json"),
    `${
      JSON.stringify(
        {
          name: "bookmark-library-consumer",
          private: true,
          type: "module",
          dependencies,
          devDependencies,
          // The same pin as the repository's (docs/decisions.md, "Locked rollup version").
          overrides: rootManifest.overrides ?? {}
        },
        null,
        2
      )
    }\n`
  )
  for (const example of ["consumer", "embed", "testkit"]) {
    cpSync(path.join(root, "examples", example), path.join(scratch, example), {
      recursive: true,
      filter: (source) => !/(^|\/)(node_modules|build)$/.test(source)
    })
  }
  await exec("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], {
    cwd: scratch,
    timeoutMs: 300_000
  })
  for (const p of packages) {
    const installed = path.join(scratch, "node_modules", p.manifest.name)
    if (lstatSync(installed).isSymbolicLink()) throw new Error(`${p.manifest.name} is a symlink, not an installed copy`)
  }
})

await step(
  "plain node: the domain and verifyDelivery from the installed packages",
  () => exec(process.execPath, ["consumer/check.mjs"], { cwd: scratch, timeoutMs: 60_000 })
)

await step("tsc, moduleResolution nodenext: every public entry, the examples and each README's example", async () => {
  // The first TypeScript block of each package's README, as a reader would paste it.
  mkdirSync(path.join(scratch, "consumer", "readme"), { recursive: true })
  for (const p of packages) {
    const readme = readFileSync(path.join(p.dir, "README.md"), "utf8")
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1]
    if (block !== undefined) writeFileSync(path.join(scratch, "consumer", "readme", `${p.name}.ts`), block)
  }
  writeFileSync(
    path.join(scratch, "tsconfig.json"),
    `${
      JSON.stringify(
        {
          compilerOptions: {
            target: "ES2022",
            lib: ["ES2022"],
            module: "NodeNext",
            moduleResolution: "NodeNext",
            strict: true,
            exactOptionalPropertyTypes: true,
            skipLibCheck: true,
            types: ["node"],
            rootDir: ".",
            outDir: "build"
          },
          include: ["consumer/entries.ts", "consumer/readme", "embed/src", "testkit/src", "testkit/test"]
        },
        null,
        2
      )
    }\n`
  )
  await exec(
    process.execPath,
    [path.join(scratch, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"],
    { cwd: scratch, timeoutMs: 180_000 }
  )
})

await step("tsc, browser: the client entry type-checks with the DOM library and without Node's types", async () => {
  writeFileSync(
    path.join(scratch, "tsconfig.browser.json"),
    `${
      JSON.stringify(
        {
          compilerOptions: {
            target: "ES2022",
            lib: ["ES2022", "DOM"],
            module: "NodeNext",
            moduleResolution: "NodeNext",
            strict: true,
            skipLibCheck: true,
            types: [],
            noEmit: true
          },
          include: ["consumer/browser.ts"]
        },
        null,
        2
      )
    }\n`
  )
  await exec(process.execPath, [
    path.join(scratch, "node_modules", "typescript", "bin", "tsc"),
    "-p",
    "tsconfig.browser.json"
  ], { cwd: scratch, timeoutMs: 180_000 })
})

await step(
  "the embed example (compiled by the type check above) on plain node",
  () => exec(process.execPath, ["build/embed/src/main.js"], { cwd: scratch, timeoutMs: 60_000 })
)

await step(
  "the installed bookmarks command runs from its compiled dist",
  () =>
    exec(path.join(scratch, "node_modules", ".bin", "bookmarks"), ["--version"], { cwd: scratch, timeoutMs: 60_000 })
)

await step(
  "the testkit example's tests",
  () =>
    exec(process.execPath, [path.join(scratch, "node_modules", "vitest", "vitest.mjs"), "run", "--root", "testkit"], {
      cwd: scratch,
      timeoutMs: 300_000
    })
)

if (!keep) rmSync(scratch, { recursive: true, force: true })
console.error("\nconsumer check passed")
for (const [name, ms] of timings) console.error(`  ${seconds(ms).padStart(8)}  ${name}`)
console.error(
  `  ${seconds(Date.now() - started).padStart(8)}  in all${keep ? ` (scratch project kept: ${scratch})` : ""}`
)
