/** Message passing between the popup and the service worker: only our messages are answered, exactly once. */
import { describe, expect, it } from "vitest"
import * as Messages from "../src/Messages.js"

describe("Messages", () => {
  it("decodes lookups and saves, and nothing else", () => {
    expect(Messages.decode({ _tag: "lookup", url: "https://e.example/", tabId: 3 })).toEqual({
      _tag: "lookup",
      url: "https://e.example/",
      tabId: 3
    })
    expect(Messages.decode({ _tag: "save", url: "https://e.example/", tags: ["a"], note: "" })).toMatchObject({
      _tag: "save",
      tags: ["a"]
    })
    for (
      const foreign of [undefined, "save", { _tag: "delete", url: "x" }, { _tag: "save", url: "x" }, {
        _tag: "lookup",
        url: 1
      }]
    ) {
      expect(Messages.decode(foreign)).toBeUndefined()
    }
  })

  it("answers our message asynchronously (keeping the channel open) with what the handler gives", async () => {
    const answers: Array<unknown> = []
    const answered = new Promise<void>((resolve) => {
      const kept = Messages.route(
        { _tag: "lookup", url: "https://e.example/" },
        async (m) => `handled ${m._tag}`,
        (answer) => {
          answers.push(answer)
          resolve()
        }
      )
      expect(kept).toBe(true)
    })
    await answered
    expect(answers).toEqual(["handled lookup"])
  })

  it("answers a foreign message at once with nothing, and a failed handler with nothing", async () => {
    const answers: Array<unknown> = []
    expect(Messages.route({ hello: 1 }, async () => "never", (answer) => answers.push(answer))).toBe(false)
    expect(answers).toEqual([undefined])
    await new Promise<void>((resolve) => {
      Messages.route({ _tag: "lookup", url: "x" }, () => Promise.reject(new Error("boom")), (answer) => {
        answers.push(answer)
        resolve()
      })
    })
    expect(answers).toEqual([undefined, undefined])
  })
})
