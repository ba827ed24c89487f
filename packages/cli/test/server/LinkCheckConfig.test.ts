/** LINK_CHECKS, LINK_CHECK_INTERVAL and LINK_CHECK_CAP: defaults, values, and each mistake one line naming it. */
import { describe, expect, it } from "@effect/vitest"
import { ConfigProvider, Effect } from "effect"
import * as AppConfig from "../../src/server/AppConfig.js"

const parse = (env: Record<string, string>) => AppConfig.config.parse(ConfigProvider.fromEnv({ env }))
const mistake = (env: Record<string, string>) =>
  Effect.map(Effect.flip(parse(env)), (error) => AppConfig.describeError(error))

describe("link check settings", () => {
  it.effect("on by default, weekly, 100 links a run; each can be set", () =>
    Effect.gen(function*() {
      expect((yield* parse({})).linkChecks).toEqual({ enabled: true, interval: 7 * 24 * 60 * 60 * 1000, cap: 100 })
      expect((yield* parse({ LINK_CHECKS: "off", LINK_CHECK_INTERVAL: "2d", LINK_CHECK_CAP: "25" })).linkChecks)
        .toEqual({ enabled: false, interval: 2 * 24 * 60 * 60 * 1000, cap: 25 })
    }))

  it.effect("each mistake is one line naming its variable", () =>
    Effect.gen(function*() {
      expect(yield* mistake({ LINK_CHECKS: "maybe" })).toMatch(/^Invalid configuration: LINK_CHECKS: /)
      expect(yield* mistake({ LINK_CHECK_INTERVAL: "weekly" })).toBe(
        "Invalid configuration: LINK_CHECK_INTERVAL: 'weekly' is not a duration such as 500ms, 5s, 30m, 2h or 1d"
      )
      expect(yield* mistake({ LINK_CHECK_INTERVAL: "5m" })).toBe(
        "Invalid configuration: LINK_CHECK_INTERVAL: must be between 1h and 365d"
      )
      for (const bad of ["0", "-1", "ten", "1.5", "10001"]) {
        expect(yield* mistake({ LINK_CHECK_CAP: bad })).toBe(
          "Invalid configuration: LINK_CHECK_CAP: must be an integer between 1 and 10000"
        )
      }
      for (const error of [yield* mistake({ LINK_CHECKS: "maybe" }), yield* mistake({ LINK_CHECK_CAP: "x" })]) {
        expect(error.split("\n")).toHaveLength(1)
      }
    }))
})
