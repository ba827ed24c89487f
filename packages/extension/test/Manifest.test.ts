/**
 * The built extension (the suite builds it, so CI does): a valid Manifest V3 with only the permissions the extension
 * needs, a host permission only asked at run time, and every page and script a local file with no remote code.
 */
import { execFileSync } from "node:child_process"
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../", import.meta.url))
// Built as `npm run build` builds dist/, into a folder of this test's own.
const dist = mkdtempSync(join(tmpdir(), "bookmarks-extension-build-"))
const read = (file: string) => readFileSync(join(dist, file), "utf8")
/** What the suite reads of the built manifest.json; members it must not have are checked with `toHaveProperty`. */
interface Manifest {
  readonly manifest_version?: number
  readonly version?: string
  readonly name?: string
  readonly background?: { readonly service_worker?: string; readonly scripts?: ReadonlyArray<string> }
  readonly action?: { readonly default_popup?: string; readonly default_icon?: Readonly<Record<string, string>> }
  readonly icons?: Readonly<Record<string, string>>
  readonly options_ui?: { readonly page?: string }
  readonly commands?: { readonly _execute_action?: { readonly suggested_key?: { readonly default?: string } } }
  readonly permissions?: ReadonlyArray<string>
  readonly optional_host_permissions?: ReadonlyArray<string>
  readonly content_security_policy?: { readonly extension_pages?: string }
}
let manifest: Manifest = {}

describe("the built extension", () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, "scripts", "bundle.mjs"), dist], { cwd: root, stdio: "ignore" })
    manifest = JSON.parse(read("manifest.json"))
  })
  afterAll(() => rmSync(dist, { recursive: true, force: true }))

  it("is Manifest V3 with the package's version and a service worker, popup and options page that exist", () => {
    expect(manifest["manifest_version"]).toBe(3)
    expect(manifest["version"]).toBe(JSON.parse(readFileSync(join(root, "package.json"), "utf8")).version)
    expect(typeof manifest["name"]).toBe("string")
    const files = [
      manifest["background"]?.service_worker,
      manifest["action"]?.default_popup,
      manifest["options_ui"]?.page
    ]
    expect(files).toEqual(["background.js", "popup.html", "options.html"])
    for (const file of files) expect([file, existsSync(join(dist, file ?? ""))]).toEqual([file, true])
    // Firefox runs MV3 backgrounds as event pages (`scripts`); Chromium uses the service worker and ignores them.
    expect(manifest["background"]?.scripts).toEqual(["background.js"])
    expect(manifest).not.toHaveProperty("browser_action")
    expect(manifest["commands"]?._execute_action?.suggested_key?.default).toBe("Alt+Shift+S")
  })

  it("asks only for activeTab, storage, contextMenus and scripting (the page copy, in the active tab only); hosts only optionally, at run time", () => {
    expect([...(manifest["permissions"] ?? [])].sort()).toEqual(["activeTab", "contextMenus", "scripting", "storage"])
    expect(manifest).not.toHaveProperty("host_permissions")
    expect(manifest["optional_host_permissions"]).toEqual(["http://*/*", "https://*/*"])
    expect(manifest).not.toHaveProperty("content_scripts")
    expect(manifest).not.toHaveProperty("externally_connectable")
    expect(manifest).not.toHaveProperty("web_accessible_resources")
  })

  it("runs only its own scripts: a strict CSP, local script tags, no remote URLs or eval in the bundles", () => {
    const csp = String(manifest["content_security_policy"]?.extension_pages)
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/unsafe-eval|unsafe-inline|https?:/)
    for (const page of ["popup.html", "options.html"]) {
      const scripts = [...read(page).matchAll(/<script[^>]*src="([^"]+)"/g)].map((m) => m[1] ?? "")
      expect(scripts.length).toBeGreaterThan(0)
      for (const src of scripts) expect([page, src, existsSync(join(dist, src))]).toEqual([page, src, true])
      expect(read(page)).not.toMatch(/<script(?![^>]*src=)[^>]*>/)
    }
    // Calls only: effect's fiber ops have methods named `eval(e){…}`, which are not the global eval.
    const remote =
      /\bimport\s*\(|importScripts\(|new Function\(|(?<![\w.$])eval\([^)]*\)(?!\s*\{)|<script|src=["']https?:/g
    for (const bundle of ["background.js", "popup.js", "options.js"]) {
      const code = read(bundle)
      expect([bundle, [...code.matchAll(remote)].map((m) => code.slice(Math.max(0, m.index - 30), m.index + 30))])
        .toEqual([bundle, []])
    }
  })

  it("has an icon at every size the browsers ask for: PNG files of those sizes, drawn by scripts/icons.mjs", () => {
    expect(Object.keys(manifest["icons"] ?? {}).sort((a, b) => Number(a) - Number(b))).toEqual([
      "16",
      "32",
      "48",
      "128"
    ])
    expect(manifest["action"]?.default_icon).toEqual({ "16": "icon-16.png", "32": "icon-32.png" })
    for (const [size, file] of Object.entries(manifest["icons"] ?? {})) {
      const bytes = readFileSync(join(dist, file))
      // The PNG signature, then the IHDR chunk: width and height, big-endian, at bytes 16 and 20.
      expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
      expect([file, bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([file, Number(size), Number(size)])
    }
    // The committed files are what the script draws (it exits 1 when one differs).
    execFileSync(process.execPath, [join(root, "scripts", "icons.mjs"), "--check"], { cwd: root, stdio: "pipe" })
  })

  it("keeps each script small: effect is imported by module path, so only what the extension uses is bundled", () => {
    // ~80 KB each with effect 4 imported by path; an import from the `effect` barrel brings them back to ~320 KB.
    for (const bundle of ["background.js", "popup.js", "options.js"]) {
      expect([bundle, read(bundle).length < 150_000]).toEqual([bundle, true])
    }
  })
})
