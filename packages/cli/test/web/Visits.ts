/**
 * What every page visit of the browser tests records: a screenshot at desktop width and at 360 px (written under
 * test-output/web/<mode>/), the axe check, the server time the page reported and the CSS and JavaScript it loaded.
 */
import { expect } from "vitest"
import { mkdirSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import type { Page, Response } from "playwright-core"
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

export class Visits {
  readonly visits: Array<Visit> = []
  readonly dir: string

  constructor(mode: string) {
    this.dir = join(root, mode)
    mkdirSync(this.dir, { recursive: true })
  }

  /** Screenshots (1280 and 360 wide, full page) and an axe check of the page as it is now. */
  async check(page: Page, name: string) {
    await page.waitForLoadState("load")
    const violations = await seriousViolations(page)
    expect({ page: name, violations }).toEqual({ page: name, violations: [] })
    const size = page.viewportSize() ?? { width: 1280, height: 800 }
    await page.screenshot({ path: join(this.dir, `${name}-desktop.png`), fullPage: true })
    await page.setViewportSize({ width: 360, height: 740 })
    const narrow = await seriousViolations(page)
    expect({ page: `${name} at 360 px`, violations: narrow }).toEqual({ page: `${name} at 360 px`, violations: [] })
    const overflow = await page.evaluate(`(() => {
      const width = document.documentElement.clientWidth
      if (document.documentElement.scrollWidth <= width) return []
      // Something is wider than the screen: name it (scrolling tables are allowed to be wide inside their frame).
      const wide = [...document.querySelectorAll("body *")]
        .filter((e) => e.getBoundingClientRect().right > width + 1 && e.closest(".table-wrap") === null)
      return wide.slice(0, 4).map((e) => e.tagName + "." + e.className + ":" + Math.round(e.getBoundingClientRect().right))
    })()`)
    expect({ page: name, wider: overflow }).toEqual({ page: name, wider: [] })
    await page.screenshot({ path: join(this.dir, `${name}-360.png`), fullPage: true })
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
