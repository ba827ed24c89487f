/**
 * `@bookmark-library/http/client` is browser-safe: esbuild bundles it for the browser (a `node:` module or a Node-only
 * package anywhere in its imports fails the bundle), and the typed client it exports works over fetch. The server
 * entry does not bundle for the browser, which shows the check can fail.
 */
import { describe, expect, it } from "@effect/vitest"
import { build } from "esbuild"
import { fileURLToPath } from "node:url"

const entry = (file: string) => fileURLToPath(new URL(`../src/${file}`, import.meta.url))

const bundleForBrowser = (file: string) =>
  build({
    entryPoints: [entry(file)],
    bundle: true,
    write: false,
    platform: "browser",
    format: "esm",
    // Workspace packages from their sources, as everywhere in development (docs/packages.md).
    conditions: ["@bookmark-library/source"],
    metafile: true,
    logLevel: "silent"
  })

describe("the client entry", () => {
  it("bundles for the browser with no node: module and no Node-only package", async () => {
    const result = await bundleForBrowser("client.ts")
    expect(result.errors).toEqual([])
    const inputs = Object.keys(result.metafile.inputs)
    expect(inputs.filter((input) => input.startsWith("node:") || input.includes("platform-node"))).toEqual([])
    expect(inputs.some((input) => input.endsWith("packages/http/src/api/Api.ts"))).toBe(true)
    expect(inputs.some((input) => input.endsWith("packages/http/src/server/Server.ts"))).toBe(false)
  })

  it("is what the server entry is not: bundling that for the browser fails on its node: imports", async () => {
    const failure = await bundleForBrowser("index.ts").then(() => undefined, (error: unknown) => error)
    expect(String(failure)).toMatch(/Could not resolve "node:/)
  })
})
