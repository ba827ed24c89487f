#!/usr/bin/env node
// The `bookmarks` command: runs the bundle in dist/, rebuilt first when a source changed (about a second, once), so
// every call after that starts in a tenth of a second on plain node (docs/operations.md).
import module from "node:module"
import { pathToFileURL } from "node:url"
import { ensureBundle } from "./bundle.mjs"

// Node 22+ keeps the compiled bundle between calls (a no-op on Node 20).
module.enableCompileCache?.()

await import(pathToFileURL(await ensureBundle()).href)
