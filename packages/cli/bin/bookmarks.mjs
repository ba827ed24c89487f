#!/usr/bin/env node
// The `bookmarks` command. In a checkout (the sources are there) it runs the bundle in the repository's dist/, rebuilt
// first when a source changed (about a second, once), so every call after that starts in a tenth of a second on plain
// node (docs/operations.md). Installed from npm (the package ships no cli sources and no bundler) it runs the
// compiled dist/bin.js (docs/packages.md).
import { existsSync } from "node:fs"
import module from "node:module"
import { pathToFileURL } from "node:url"

// Node keeps the compiled code between calls.
module.enableCompileCache?.()

if (existsSync(new URL("../src/bin.ts", import.meta.url))) {
  const { ensureBundle } = await import("./bundle.mjs")
  await import(pathToFileURL(await ensureBundle()).href)
} else {
  await import("../dist/bin.js")
}
