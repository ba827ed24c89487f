/** The registration limit's window: per address, fixed, and the wait it answers is what is left of the window. */
import { describe, expect, it } from "vitest"
import * as RateWindow from "../src/oauth/RateWindow.js"

describe("RateWindow", () => {
  it("admits `limit` requests per address per window, then answers the time left until the window ends", () => {
    let now = 1_000_000
    const admit = RateWindow.make(3, 60_000, () => now)
    expect([admit("a"), admit("a"), admit("a")]).toEqual([0, 0, 0])
    now += 15_000
    expect(admit("a")).toBe(45_000)
    // Another address has its own count.
    expect(admit("b")).toBe(0)
    now += 44_999
    expect(admit("a")).toBe(1)
    now += 1
    expect([admit("a"), admit("a"), admit("a"), admit("a")]).toEqual([0, 0, 0, 60_000])
  })
})
