/**
 * What every benchmark script shares: a random admin token, plan limits no run can reach, and temporary data
 * directories removed at the end (`removeTemps`).
 */
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"

export const adminToken = `adm_bench_${randomBytes(12).toString("hex")}`
export const planLimits = JSON.stringify({ ultra: { perMinute: 1_000_000_000, perMonth: 1_000_000_000_000 } })

const temps: Array<string> = []

export const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "bookmarks-bench-"))
  temps.push(dir)
  return dir
}

export const removeTemps = () => {
  for (const dir of temps.splice(0)) rmSync(dir, { recursive: true, force: true })
}
