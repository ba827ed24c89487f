/** External.needs: runs when the variable is set, skips with a reason when not (and fails under CI instead). */
import { describe, expect, it } from "@effect/vitest"
import * as External from "../src/External.js"

const withEnv = (name: string, value: string | undefined, f: () => void) => {
  const before = process.env[name]
  if (value === undefined) delete process.env[name]
  else process.env[name] = value
  try {
    f()
  } finally {
    if (before === undefined) delete process.env[name]
    else process.env[name] = before
  }
}

describe("External.needs", () => {
  it("runs when the variable is set", () => {
    withEnv("CHROMIUM_PATH", "/usr/bin/chromium", () => {
      expect(External.needs("CHROMIUM_PATH")).toEqual({ run: true, value: "/usr/bin/chromium" })
    })
  })

  it("skips when it is not set, except under CI where it fails", () => {
    withEnv("CHROMIUM_PATH", undefined, () => {
      if (External.isCI) expect(() => External.needs("CHROMIUM_PATH")).toThrow(/must be set under CI/)
      else expect(External.needs("CHROMIUM_PATH")).toEqual({ run: false, value: "" })
    })
  })
})
