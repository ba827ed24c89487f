/**
 * The service the public-API suites share, per mode: a loopback fixture site, every other host resolving to a
 * refused address (so enrichment never leaves the machine), a tiny monthly allowance on `plus`, and in scaled
 * mode Redis counters on the service's movable clock.
 */
import { afterAll, beforeAll } from "vitest"
import * as ApiFixtureServer from "./ApiFixtureServer.js"
import * as Harness from "./Harness.js"

export interface ApiContext {
  readonly mode: Harness.Mode
  readonly service: Harness.Started
  readonly fixture: ApiFixtureServer.ApiFixtureServer
}

/**
 * `plus` is the plan the monthly-exhaustion tests use; the others keep the default table (docs/decisions.md, "Plans").
 */
export const plusPerMonth = 5
export const planLimits = { plus: { perMinute: 300, perMonth: plusPerMonth } }

export const start = async (mode: Harness.Mode): Promise<ApiContext> => {
  const fixture = await ApiFixtureServer.start()
  try {
    const service = await Harness.start({
      mode,
      roles: "all",
      env: {
        SCREENSHOTS: "false",
        PLAN_LIMITS: JSON.stringify(planLimits),
        ALLOW_HTTP_WEBHOOKS: "true",
        WEBHOOK_TIMEOUT: "2s"
      },
      overrides: {
        // Loopback is refused by the address policy unless allowlisted: only the fixture is reachable.
        guard: { allowlist: [fixture.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] },
        ...(mode === "scaled" ? { counterClock: "effect" as const } : {})
      }
    })
    return { mode, service, fixture }
  } catch (e) {
    await fixture.close()
    throw e
  }
}

export const stop = async (context: ApiContext) => {
  await context.service.stop()
  await context.service.storage.cleanup()
  await context.fixture.close()
}

/** Starts one service for the enclosing describe block; the accessor is valid inside its tests. */
export const useService = (mode: Harness.Mode): () => ApiContext => {
  let context: ApiContext | undefined
  beforeAll(async () => {
    context = await start(mode)
  })
  afterAll(async () => {
    if (context !== undefined) await stop(context)
  })
  return () => {
    if (context === undefined) throw new Error("the service did not start")
    return context
  }
}
