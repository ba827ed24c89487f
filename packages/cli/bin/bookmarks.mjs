#!/usr/bin/env node
// The `bookmarks` command. Installed from a package it runs the compiled dist/bin.js. In the repository (the sources
// are there; packages ship no cli sources) it runs the TypeScript through tsx, every workspace package read from its
// sources through the source export condition (docs/packages.md), so no build step comes first.
import { existsSync } from "node:fs"
import { register as registerHooks } from "node:module"

if (existsSync(new URL("../src/bin.ts", import.meta.url))) {
  const { register } = await import("tsx/esm/api")
  register()
  registerHooks("./SourceCondition.mjs", import.meta.url)
  await import("../src/bin.ts")
} else {
  await import("../dist/bin.js")
}
