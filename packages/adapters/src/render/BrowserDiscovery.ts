/**
 * Finds the Chromium binary to render with: the configured path, else the system one, else Playwright's own download.
 */
import * as fs from "node:fs"
import { createRequire } from "node:module"
import type * as Playwright from "playwright-core"

/** Debian's wrapper script first (it sets the distribution's flags), then the binary it wraps. */
export const systemPaths: ReadonlyArray<string> = ["/usr/bin/chromium", "/usr/lib/chromium/chromium"]

export type Discovery =
  | { readonly found: true; readonly path: string; readonly source: "configured" | "system" | "playwright" }
  | { readonly found: false; readonly reason: string }

const isExecutable = (path: string): boolean => {
  try {
    fs.accessSync(path, fs.constants.X_OK)
    return fs.statSync(path).isFile()
  } catch {
    return false
  }
}

/**
 * Playwright's registry path for its own Chromium; it may name a browser that was never downloaded. Playwright is
 * required here, only when there is no system Chromium, so that it is not loaded at start (idle memory:
 * docs/decisions.md, "Performance targets").
 */
const playwrightPath = (): string | undefined => {
  try {
    const { chromium }: typeof Playwright = createRequire(import.meta.url)("playwright-core")
    return chromium.executablePath()
  } catch {
    return undefined
  }
}

/**
 * A configured path is taken at its word: when it does not exist there is no fallback, so a typo in
 * `CHROMIUM_PATH` turns screenshots off visibly instead of silently rendering with another browser.
 */
export const detectBrowser = (
  configured?: string | undefined,
  exists: (path: string) => boolean = isExecutable
): Discovery => {
  if (configured !== undefined && configured !== "") {
    return exists(configured)
      ? { found: true, path: configured, source: "configured" }
      : { found: false, reason: `CHROMIUM_PATH=${configured} is not an executable file` }
  }
  const system = systemPaths.find(exists)
  if (system !== undefined) return { found: true, path: system, source: "system" }
  const own = playwrightPath()
  if (own !== undefined && exists(own)) return { found: true, path: own, source: "playwright" }
  return {
    found: false,
    reason: `no Chromium found (looked in ${[...systemPaths, own ?? "Playwright's registry"].join(", ")})`
  }
}
