#!/usr/bin/env node
/**
 * Builds the unpacked extension into dist/: the service worker, popup and options page bundled by esbuild (no
 * remote code, no eval), beside the static pages and the manifest (its version taken from package.json).
 * scripts/packages.mjs runs this after tsc, so `npm run build -w packages/extension` gives a folder Chromium loads.
 * `node scripts/bundle.mjs DIR` builds into DIR instead (the tests do, so that two test files never write one folder).
 */
import { build } from "esbuild"
import { copyFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const here = path.dirname(fileURLToPath(import.meta.url))
const root = path.join(here, "..")
const out = path.resolve(process.argv[2] ?? path.join(root, "dist"))

mkdirSync(out, { recursive: true })
// The sources import effect by module path (`effect/Schema`, `effect/Result`), never from the `effect` barrel: through
// the barrel esbuild keeps the whole `Schema` namespace object and all it reaches (~320 KB a script instead of ~80 KB).
await build({
  entryPoints: ["background", "popup", "options"].map((name) => path.join(root, "src", `${name}.ts`)),
  outdir: out,
  bundle: true,
  format: "iife",
  platform: "browser",
  target: ["chrome120", "firefox128"],
  conditions: ["@bookmark-library/source"],
  minify: true,
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning"
})
for (const file of readdirSync(path.join(root, "static"))) {
  if (file !== "manifest.json") copyFileSync(path.join(root, "static", file), path.join(out, file))
}
const manifest = JSON.parse(readFileSync(path.join(root, "static", "manifest.json"), "utf8"))
manifest.version = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")).version
writeFileSync(path.join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`)
console.error(`bundled the extension into ${path.relative(process.cwd(), out) || "."}`)
