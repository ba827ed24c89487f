/**
 * Tests that need Postgres, Redis or Chromium read TEST_DATABASE_URL, TEST_REDIS_URL or CHROMIUM_PATH.
 * Without the variable they are skipped with a printed reason, except under CI, where the file fails.
 */
export const isCI = ["true", "1"].includes((process.env["CI"] ?? "").toLowerCase())

export type ExternalVariable = "TEST_DATABASE_URL" | "TEST_REDIS_URL" | "CHROMIUM_PATH"

export interface External {
  readonly run: boolean
  readonly value: string
}

export const needs = (variable: ExternalVariable): External => {
  const value = process.env[variable] ?? ""
  if (value !== "") return { run: true, value }
  if (isCI) throw new Error(`${variable} must be set under CI: these tests may not be skipped there`)
  // oxlint-disable-next-line eslint/no-console -- runs while vitest collects the file, outside any Effect runtime
  console.warn(`[skip] ${variable} is not set: tests that need it are skipped (set it to run them)`)
  return { run: false, value }
}
