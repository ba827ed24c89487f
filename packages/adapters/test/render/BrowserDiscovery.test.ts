import { describe, expect, it } from "@effect/vitest"
import { detectBrowser, systemPaths } from "../../src/render/BrowserDiscovery.js"

const only = (...present: ReadonlyArray<string>) => (path: string) => present.includes(path)

describe("BrowserDiscovery", () => {
  it("takes a configured path that exists", () => {
    expect(detectBrowser("/opt/chrome/chrome", only("/opt/chrome/chrome", "/usr/bin/chromium"))).toEqual({
      found: true,
      path: "/opt/chrome/chrome",
      source: "configured"
    })
  })

  it("does not fall back when the configured path is missing, and names it", () => {
    const result = detectBrowser("/typo/chromium", only("/usr/bin/chromium"))
    expect(result.found).toBe(false)
    expect(result.found ? "" : result.reason).toContain("/typo/chromium")
  })

  it("finds the system Chromium when nothing is configured, the wrapper first", () => {
    expect(detectBrowser(undefined, only(...systemPaths))).toMatchObject({
      path: "/usr/bin/chromium",
      source: "system"
    })
    expect(detectBrowser("", only("/usr/lib/chromium/chromium"))).toMatchObject({
      path: "/usr/lib/chromium/chromium",
      source: "system"
    })
  })

  it("reports no browser when none of the places has one", () => {
    expect(detectBrowser(undefined, only()).found).toBe(false)
  })

  it("checks the real file system by default", () => {
    expect(detectBrowser("/nonexistent/chromium").found).toBe(false)
    expect(detectBrowser(process.execPath)).toMatchObject({ found: true, path: process.execPath })
  })
})
