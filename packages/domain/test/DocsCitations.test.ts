/**
 * Where code cites a docs section (`docs/decisions.md, "Webhooks"`), the section exists under that name: a heading of
 * that page, or the first cell of one of its tables (decisions.md keeps many small decisions as table rows).
 */
import { describe, expect, it } from "@effect/vitest"
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("../../../", import.meta.url))

const skipped = new Set(["node_modules", "dist", "coverage", "test-output", "fixtures", "heldout"])
const walk = (dir: string): Array<string> =>
  readdirSync(dir).flatMap((entry) => {
    if (skipped.has(entry)) return []
    const full = path.join(dir, entry)
    return statSync(full).isDirectory() ? walk(full) : /\.(ts|mts|mjs)$/.test(entry) ? [full] : []
  })

/** `docs/example.md, "Section"` or without the comma, as the code writes its citations. */
const citation = /docs\/([a-z0-9-]+\.md),? "([^"]+)"/g

/** The names a page offers: its headings, and the first cell of its table rows (emphasis and code marks dropped). */
const namesOf = (page: string): ReadonlySet<string> => {
  const plain = (text: string) => text.replace(/[*`]/g, "").trim()
  const names = new Set<string>()
  for (const line of page.split("\n")) {
    const heading = /^#+\s+(.+?)\s*$/.exec(line)
    if (heading?.[1] !== undefined) names.add(plain(heading[1]))
    const row = /^\|([^|]+)\|/.exec(line)
    if (row?.[1] !== undefined) names.add(plain(row[1]))
  }
  return names
}

describe("docs citations", () => {
  it("every section cited from code exists under that name", () => {
    const sources = ["packages", "bench", "scripts", "examples"].flatMap((dir) => walk(path.join(root, dir)))
    const pages = new Map<string, ReadonlySet<string>>()
    const missing: Array<string> = []
    let cited = 0
    for (const file of sources) {
      // A citation may wrap onto the next comment line.
      const text = readFileSync(file, "utf8").replace(/\n\s*(\*|\/\/)\s*/g, " ")
      for (const [, page, cited_] of text.matchAll(citation)) {
        const section = cited_?.replace(/`/g, "")
        if (page === undefined || section === undefined || page === "example.md") continue
        cited++
        const docPath = path.join(root, "docs", page)
        if (!pages.has(page)) pages.set(page, existsSync(docPath) ? namesOf(readFileSync(docPath, "utf8")) : new Set())
        if (!pages.get(page)?.has(section)) missing.push(`${path.relative(root, file)}: docs/${page}, "${section}"`)
      }
    }
    expect(cited).toBeGreaterThan(50)
    expect(missing).toEqual([])
  })

  it("reads headings and first table cells as section names", () => {
    const names = namesOf("# Decisions\n\n## Webhooks\n\n| Decision | Choice |\n|---|---|\n| **Asset links** | x |\n")
    expect([...names]).toEqual(expect.arrayContaining(["Decisions", "Webhooks", "Asset links"]))
    expect(names.has("x")).toBe(false)
  })
})
