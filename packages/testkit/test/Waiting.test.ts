/** Waiting.pollUntil: the first answer that is there, a timeout that names what was awaited, a check's own error. */
import { describe, expect, it } from "@effect/vitest"
import * as Waiting from "../src/Waiting.js"

describe("Waiting.pollUntil", () => {
  it("resolves with the first answer that is not undefined, null or false, checking again after each pause", async () => {
    let calls = 0
    const answers = [undefined, null, false, { found: 3 }]
    const found = await Waiting.pollUntil("the fourth answer", () => answers[calls++], { intervalMs: 1 })
    expect(found).toEqual({ found: 3 })
    expect(calls).toBe(4)
    expect(await Waiting.pollUntil("a true check", async () => true)).toBe(true)
  })

  it("rejects once the time is up, naming what it waited for (described lazily, from the last state seen)", async () => {
    const started = Date.now()
    await expect(Waiting.pollUntil("the moon", () => false, { timeoutMs: 60, intervalMs: 10 }))
      .rejects.toThrow("timed out waiting for the moon")
    expect(Date.now() - started).toBeGreaterThanOrEqual(60)
    let checks = 0
    let described = 0
    const description = () => `a count no check reaches, last ${checks}`
    const failed = await Waiting.pollUntil(() => (described++, description()), () => ++checks < 0, {
      timeoutMs: 30,
      intervalMs: 5
    })
      .catch((error: unknown) => error)
    expect(failed).toEqual(new Error(`timed out waiting for ${description()}`))
    expect(checks).toBeGreaterThan(1)
    expect(described).toBe(1)
  })

  it("ends the wait with the check's own error", async () => {
    await expect(Waiting.pollUntil("a process that exited", () => {
      throw new Error("exited with 1")
    })).rejects.toThrow("exited with 1")
  })
})

describe("Waiting.sleep", () => {
  it("pauses for about the time asked", async () => {
    const started = Date.now()
    await Waiting.sleep(30)
    expect(Date.now() - started).toBeGreaterThanOrEqual(29)
  })
})
