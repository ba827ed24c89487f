/**
 * What every page visit of the browser tests records: screenshots at 1280 and 390 px, light and dark (written under
 * test-output/web/<mode>/), the axe check (light and dark, 1280 and 360 px), nothing wider than a 360 or 390 px
 * screen, the server time the page reported and the CSS and JavaScript it loaded.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Page, Response } from "playwright-core"
import { expect } from "vitest"
import { seriousViolations } from "./Axe.js"

export const root = fileURLToPath(new URL("../../../../test-output/web/", import.meta.url))

export interface Visit {
  readonly name: string
  readonly serverMs: number | null
  readonly cssBytes: number
  readonly jsBytes: number
}

export const serverTime = (response: Response | null): number | null => {
  const header = response?.headers()["server-timing"] ?? ""
  const match = /dur=([\d.]+)/.exec(header)
  return match?.[1] === undefined ? null : Number(match[1])
}

/** What sticks out of the screen, named (scrolling tables may be wide inside their frame). */
export const overflow = (page: Page) =>
  page.evaluate(`(() => {
    const width = document.documentElement.clientWidth
    if (document.documentElement.scrollWidth <= width) return []
    const wide = [...document.querySelectorAll("body *")]
      .filter((e) => e.getBoundingClientRect().right > width + 1 && e.closest(".table-wrap") === null)
    return wide.slice(0, 4).map((e) => e.tagName + "." + e.className + ":" + Math.round(e.getBoundingClientRect().right))
  })()`)

export class Visits {
  readonly visits: Array<Visit> = []
  readonly dir: string

  constructor(mode: string) {
    this.dir = join(root, mode)
    mkdirSync(this.dir, { recursive: true })
  }

  /** Screenshots (1280 and 390 wide, light and dark, full page) and axe checks of the page as it is now. */
  async check(page: Page, name: string) {
    await page.waitForLoadState("load")
    const size = page.viewportSize() ?? { width: 1280, height: 800 }
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      const violations = await seriousViolations(page)
      expect({ page: name, scheme, violations }).toEqual({ page: name, scheme, violations: [] })
      await page.screenshot({ path: join(this.dir, `${name}-1280-${scheme}.png`), fullPage: true })
    }
    await page.emulateMedia({ colorScheme: "light" })
    for (const width of [360, 390]) {
      await page.setViewportSize({ width, height: 780 })
      const narrow = await seriousViolations(page)
      expect({ page: `${name} at ${width} px`, violations: narrow }).toEqual({
        page: `${name} at ${width} px`,
        violations: []
      })
      expect({ page: name, width, wider: await overflow(page) }).toEqual({ page: name, width, wider: [] })
    }
    for (const scheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: join(this.dir, `${name}-390-${scheme}.png`), fullPage: true })
    }
    await page.emulateMedia({ colorScheme: null })
    await page.setViewportSize(size)
  }

  /** Navigates to `path` and records the page's server time and the bytes of CSS and JavaScript it loaded. */
  async open(page: Page, url: string, name: string) {
    let cssBytes = 0
    let jsBytes = 0
    const onResponse = async (response: Response) => {
      const type = response.headers()["content-type"] ?? ""
      const sizes = await response.request().sizes().catch(() => ({ responseBodySize: 0 }))
      if (type.startsWith("text/css")) cssBytes += sizes.responseBodySize
      if (type.startsWith("text/javascript")) jsBytes += sizes.responseBodySize
    }
    page.on("response", onResponse)
    const response = await page.goto(url)
    await page.waitForLoadState("load")
    page.off("response", onResponse)
    this.visits.push({ name, serverMs: serverTime(response), cssBytes, jsBytes })
    return response
  }

  write(file: string, data: unknown) {
    writeFileSync(join(this.dir, file), JSON.stringify(data, null, 2))
  }
}
