/** The core webhook delivery scenario once more in scaled mode: Postgres outbox, Redis counters. */
import { External } from "@bookmark-library/testkit"
import { afterAll, beforeAll, describe, it } from "vitest"
import * as Harness from "../support/Harness.js"
import { coreDelivery } from "../support/WebhookCoreScenario.js"
import { Receiver } from "../support/WebhookReceiver.js"

const database = External.needs("TEST_DATABASE_URL")
const redis = External.needs("TEST_REDIS_URL")

describe.runIf(database.run && redis.run)("webhook deliveries (scaled: Postgres + Redis)", () => {
  let receiver: Receiver
  let service: Harness.Started

  beforeAll(async () => {
    receiver = await Receiver.start()
    service = await Harness.start({
      mode: "scaled",
      env: {
        SCREENSHOTS: "false",
        ALLOW_HTTP_WEBHOOKS: "true",
        WEBHOOK_RETRY_SCHEDULE: "300ms,300ms,300ms",
        WEBHOOK_TIMEOUT: "3s",
        PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
      },
      overrides: { guard: { allowlist: [receiver.allowlistEntry] } }
    })
  })

  afterAll(async () => {
    await service?.stop()
    await service?.storage.cleanup()
    await receiver?.close()
  })

  it("delivers saves from the API, the app and the extension once to each subscribed webhook, signed", async () => {
    await coreDelivery(service, receiver, "scaled")
  })
})
