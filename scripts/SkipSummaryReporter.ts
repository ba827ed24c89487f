/**
 * Ends `npm test` with what was skipped and why: tests that need Postgres, Redis or Chromium skip without
 * TEST_DATABASE_URL, TEST_REDIS_URL or CHROMIUM_PATH (packages/testkit/src/External.ts announces each one with a
 * `[skip] VARIABLE …` line while its file loads). Then one plain closing line of counts.
 */
import type { Reporter, TestModule } from "vitest/node"

const examples: Record<string, string> = {
  TEST_DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test",
  TEST_REDIS_URL: "redis://127.0.0.1:6379",
  CHROMIUM_PATH: "/usr/bin/chromium"
}

const announced = /\[skip\] (\w+) is not set/
const otherReason =
  "no variable (skipped by the test itself, e.g. a variant for machines without a browser, or a -t filter)"

export default class SkipSummaryReporter implements Reporter {
  /** Test file (module id) → the variables its tests wanted and did not get. */
  private readonly missing = new Map<string, Set<string>>()

  onUserConsoleLog(log: { readonly content: string; readonly taskId?: string }) {
    const variable = announced.exec(log.content)?.[1]
    if (variable === undefined || log.taskId === undefined) return
    const variables = this.missing.get(log.taskId) ?? new Set<string>()
    variables.add(variable)
    this.missing.set(log.taskId, variables)
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>) {
    const counts = { passed: 0, failed: 0, skipped: 0 }
    const byNeed = new Map<string, number>()
    const wanted = new Set<string>()
    for (const module of modules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state
        if (state === "passed") counts.passed++
        else if (state === "failed") counts.failed++
        else {
          counts.skipped++
          const variables = [...(this.missing.get(module.id) ?? [])].sort()
          for (const v of variables) wanted.add(v)
          const need = variables.join(" and ") || otherReason
          byNeed.set(need, (byNeed.get(need) ?? 0) + 1)
        }
      }
    }
    const lines: Array<string> = [""]
    if (counts.skipped > 0) {
      lines.push(`Skipped ${counts.skipped} tests. To run them, set (see README, "Tests"):`)
      for (const [need, count] of [...byNeed].sort((a, b) => b[1] - a[1])) {
        lines.push(`  ${String(count).padStart(4)}  need ${need}`)
      }
      const variables = [...wanted].sort()
      if (variables.length > 0) {
        lines.push(`  e.g. ${variables.map((v) => `${v}=${examples[v] ?? "…"}`).join(" ")} npm test`)
      }
    }
    lines.push(`tests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`)
    // The default reporter, listed first in vitest.config.ts, has printed its own summary by now: this comes after.
    process.stdout.write(`${lines.join("\n")}\n`)
  }
}
