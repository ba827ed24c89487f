/**
 * Accessibility: axe-core evaluated in the page (its Playwright wrapper needs a newer Node); serious and critical only.
 */
import { readFileSync } from "node:fs"
import { createRequire } from "node:module"
import type { Page } from "playwright-core"

// Evaluated through the DevTools protocol, which the page's strict CSP does not govern (a script tag would be refused).
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8")

export interface Violation {
  readonly id: string
  readonly impact: string
  readonly help: string
  readonly targets: ReadonlyArray<string>
}

export const seriousViolations = async (page: Page): Promise<ReadonlyArray<Violation>> => {
  await page.evaluate(axeSource)
  const found = await page.evaluate(`(async () => {
    const result = await axe.run(document, { resultTypes: ["violations"] })
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => ({ id: v.id, impact: v.impact || "", help: v.help, targets: v.nodes.map((n) => n.target.join(" ")) }))
  })()`)
  return found as ReadonlyArray<Violation>
}
