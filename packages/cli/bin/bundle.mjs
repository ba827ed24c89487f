#!/usr/bin/env node
// Bundles the `bookmarks` command into dist/ for `npm start`, so production runs plain node without tsx's loader
// thread (idle memory: docs/decisions.md, "Performance targets"). The workspace's TypeScript is compiled in; npm
// packages stay in node_modules, where PGlite and Playwright find the files they ship. Lazy `import()`s become chunks
// loaded on first use.
import { build } from "esbuild"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const scope = "@bookmark-library/"

/** npm packages stay external; every workspace package (any entry) is compiled in from its sources. */
const externalNpmPackages = {
  name: "external-npm-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, ({ path }) => (path.startsWith(scope) ? undefined : { path, external: true }))
  }
}

await build({
  absWorkingDir: root,
  entryPoints: { bookmarks: "packages/cli/src/bin.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  // The packages' `exports` send this condition to ./src (docs/packages.md).
  conditions: ["@bookmark-library/source"],
  plugins: [externalNpmPackages],
  sourcemap: true,
  logLevel: "warning"
})
