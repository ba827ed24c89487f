#!/usr/bin/env node
// Bundles the `bookmarks` command into dist/ for `npm start`, so production runs plain node without tsx's loader
// thread (DESIGN §7: idle memory). The workspace's TypeScript is compiled in; npm packages stay in node_modules,
// where PGlite and Playwright find the files they ship. Lazy `import()`s become chunks loaded on first use.
import { build } from "esbuild"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../../", import.meta.url))
const workspace = ["domain", "adapters", "http", "worker", "mcp"]

await build({
  absWorkingDir: root,
  entryPoints: { bookmarks: "packages/cli/src/bin.ts" },
  outdir: "dist",
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  packages: "external",
  alias: Object.fromEntries(workspace.map((name) => [`@bookmark-library/${name}`, `./packages/${name}/src/index.ts`])),
  sourcemap: true,
  logLevel: "warning"
})
