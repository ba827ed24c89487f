/**
 * Screenshots of a page at 1280 and 390 px wide, in the light and the dark scheme, each checked with axe and for
 * sideways overflow; written under test-output/web/<dir>/ as `<name>-<width>-<scheme>.png`.
 */
import { mkdirSync } from "node:fs"
import { join } from "node:path"
import type { Page } from "playwright-core"
import { expect } from "vitest"
import { seriousViolations } from "./Axe.js"
import { root } from "./Visits.js"

export const widths = [1280, 390] as const
export const schemes = ["light", "dark"] as const

export const shots = (dir: string) => {
  const out = join(root, dir)
  mkdirSync(out, { recursive: true })
  return async (page: Page, name: string) => {
    await page.waitForLoadState("load")
    const size = page.viewportSize() ?? { width: 1280, height: 800 }
    for (const scheme of schemes) {
      await page.emulateMedia({ colorScheme: scheme })
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 })
        const where = `${name} at ${width} px, ${scheme}`
        expect({ page: where, violations: await seriousViolations(page) }).toEqual({ page: where, violations: [] })
        const wider = await page.evaluate(`(() => {
          const width = document.documentElement.clientWidth
          if (document.documentElement.scrollWidth <= width) return []
          return [...document.querySelectorAll("body *")]
            .filter((e) => e.getBoundingClientRect().right > width + 1 && e.closest(".table-wrap, .lists-sidebar ul") === null)
            .slice(0, 4).map((e) => e.tagName + "." + e.className)
        })()`)
        expect({ page: where, wider }).toEqual({ page: where, wider: [] })
        await page.screenshot({ path: join(out, `${name}-${width}-${scheme}.png`), fullPage: true })
      }
    }
    await page.emulateMedia({ colorScheme: "light" })
    await page.setViewportSize(size)
  }
}
