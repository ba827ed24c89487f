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
let manifest: Record<string, any> = {}

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
    const files = [manifest["background"]?.service_worker, manifest["action"]?.default_popup, manifest["options_ui"]?.page]
    expect(files).toEqual(["background.js", "popup.html", "options.html"])
    for (const file of files) expect([file, existsSync(join(dist, file))]).toEqual([file, true])
    // Firefox runs MV3 backgrounds as event pages (`scripts`); Chromium uses the service worker and ignores them.
    expect(manifest["background"]?.scripts).toEqual(["background.js"])
    expect(manifest).not.toHaveProperty("browser_action")
    expect(manifest["commands"]?._execute_action?.suggested_key?.default).toBe("Alt+Shift+S")
  })

  it("asks only for activeTab, storage and contextMenus; hosts only optionally, at run time", () => {
    expect([...manifest["permissions"]].sort()).toEqual(["activeTab", "contextMenus", "storage"])
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
    const remote = /\bimport\s*\(|importScripts\(|new Function\(|(?<![\w.$])eval\([^)]*\)(?!\s*\{)|<script|src=["']https?:/g
    for (const bundle of ["background.js", "popup.js", "options.js"]) {
      const code = read(bundle)
      expect([bundle, [...code.matchAll(remote)].map((m) => code.slice(Math.max(0, m.index - 30), m.index + 30))]).toEqual([bundle, []])
    }
  })
})
