import { External } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { type Duration, Effect } from "effect"
import { TestClock } from "effect/testing"
import { readdirSync, readFileSync } from "node:fs"
import * as GuardedSocksProxy from "../../src/render/GuardedSocksProxy.js"
import * as SharedBrowser from "../../src/render/SharedBrowser.js"

const chromium = External.needs("CHROMIUM_PATH")

/** Processes below this one whose name says Chromium (Linux /proc; the browser and its helpers). */
const chromiumProcesses = () => {
  const parents = new Map<number, number>()
  const names = new Map<number, string>()
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8")
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"))
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]))
      names.set(Number(entry), name)
    } catch {
      // gone meanwhile
    }
  }
  const below = (pid: number): boolean => {
    const parent = parents.get(pid)
    return parent === process.pid || (parent !== undefined && parent > 1 && below(parent))
  }
  return [...names].filter(([pid, name]) => /chrom/i.test(name) && below(pid)).map(([pid]) => pid)
}

/** Real time, for Chromium's own processes to start or end (the test clock moves only the idle timer). */
const until = (what: string, check: Effect.Effect<boolean>) =>
  Effect.gen(function*() {
    for (let i = 0; i < 200; i++) {
      if (yield* check) return
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 50)))
    }
    throw new Error(`timed out waiting for ${what}`)
  })

const make = (idleClose: Duration.Input) =>
  Effect.flatMap(
    GuardedSocksProxy.make({ allowPrivateNetwork: false }),
    (proxy) => SharedBrowser.make({ executablePath: chromium.value, proxyServer: proxy.server, idleClose })
  )

describe.runIf(chromium.run)("SharedBrowser", () => {
  it.effect(
    "launches once, relaunches after the browser went away, and closes it with the scope",
    () =>
      Effect.gen(function*() {
        const proxy = yield* GuardedSocksProxy.make({ allowPrivateNetwork: false })
        const held = yield* Effect.scoped(Effect.gen(function*() {
          const shared = yield* SharedBrowser.make({ executablePath: chromium.value, proxyServer: proxy.server })
          const first = yield* shared.get
          expect(yield* shared.get).toBe(first)
          expect(yield* shared.launches).toBe(1)
          // Stands in for a crash: the connection is gone and the next page needs a new browser.
          yield* Effect.promise(() => first.close())
          const second = yield* shared.get
          expect(second).not.toBe(first)
          expect(second.isConnected()).toBe(true)
          expect(yield* shared.launches).toBe(2)
          return second
        }))
        expect(held.isConnected()).toBe(false)
      }),
    { timeout: 60_000 }
  )

  it.effect(
    "is not launched before the first page, closes (with its helper processes) after the idle time, and launches again",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const shared = yield* make("90 seconds")
        expect([yield* shared.running, yield* shared.launches, chromiumProcesses().length]).toEqual([false, 0, 0])
        yield* shared.use(() => Effect.void)
        expect(chromiumProcesses().length).toBeGreaterThan(0)
        yield* TestClock.adjust("60 seconds")
        expect([yield* shared.running, yield* shared.idleCloses]).toEqual([true, 0])
        yield* TestClock.adjust("45 seconds")
        yield* until("the idle close", Effect.map(shared.idleCloses, (n) => n === 1))
        expect(yield* shared.running).toBe(false)
        yield* until("Chromium's processes to end", Effect.sync(() => chromiumProcesses().length === 0))
        const again = yield* shared.get
        expect([again.isConnected(), yield* shared.launches]).toEqual([true, 2])
      })),
    { timeout: 60_000 }
  )

  it.effect(
    "a page in flight, or a context open, keeps it open past the idle time; no page is handed a closed browser",
    () =>
      Effect.scoped(Effect.gen(function*() {
        const shared = yield* make("90 seconds")
        const renderedIn = yield* shared.use((browser) =>
          Effect.gen(function*() {
            yield* TestClock.adjust("5 minutes")
            expect(browser.isConnected()).toBe(true)
            const page = yield* Effect.promise(() => browser.newPage())
            yield* Effect.promise(() => page.setContent("<p>still here</p>"))
            const text = yield* Effect.promise(() => page.textContent("p"))
            yield* Effect.promise(() => page.close())
            return text
          })
        )
        expect([renderedIn, yield* shared.idleCloses]).toEqual(["still here", 0])

        // A caller of `get` that keeps a context open (another capture engine) is not closed under either.
        const browser = yield* shared.get
        const context = yield* Effect.promise(() => browser.newContext())
        yield* TestClock.adjust("5 minutes")
        expect([browser.isConnected(), yield* shared.idleCloses]).toEqual([true, 0])
        yield* Effect.promise(() => context.close())
        yield* TestClock.adjust("2 minutes")
        yield* until("the idle close", Effect.map(shared.idleCloses, (n) => n === 1))
        // Pages asked for while it closes, or after, get a browser that runs.
        const pages = yield* Effect.all(
          Array.from({ length: 3 }, () => shared.use((b) => Effect.sync(() => b.isConnected()))),
          { concurrency: "unbounded" }
        )
        expect(pages).toEqual([true, true, true])
        expect(yield* shared.launches).toBe(2)
      })),
    { timeout: 60_000 }
  )
})
