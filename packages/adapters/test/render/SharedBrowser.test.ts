import { External } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import * as GuardedSocksProxy from "../../src/render/GuardedSocksProxy.js"
import * as SharedBrowser from "../../src/render/SharedBrowser.js"

const chromium = External.needs("CHROMIUM_PATH")

describe.runIf(chromium.run)("SharedBrowser", () => {
  it.scoped("launches once, relaunches after the browser went away, and closes it with the scope", () =>
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
    }), { timeout: 60_000 })
})
