/**
 * The outbox rows of a webhook, read from the service's storage. A test that must show that nothing more will be sent
 * waits until no row is pending (every delivery delivered, failed or cancelled) instead of sleeping and counting:
 * a delivery is only ever sent by claiming a pending row.
 */
import { Deliveries, type Delivery, WebhookId } from "@bookmark-library/domain"
import { Waiting } from "@bookmark-library/testkit"
import { Effect } from "effect"
import type { Started } from "./Harness.js"

export const rows = (service: Started, hookId: string): Promise<ReadonlyArray<Delivery.Record>> =>
  service.run(Effect.flatMap(Deliveries, (d) => d.listForWebhook(WebhookId.make(hookId))))

/**
 * The webhook's rows once none is pending (polled, with a deadline); as `[state, attempts]` pairs in creation order.
 */
export const settled = (
  service: Started,
  hookId: string,
  timeoutMs = 20_000
): Promise<Array<[Delivery.State, number]>> => {
  let current: ReadonlyArray<Delivery.Record> = []
  return Waiting.pollUntil(() => `no pending delivery of ${hookId}: ${JSON.stringify(current)}`, async () => {
    current = await rows(service, hookId)
    return current.every((r) => r.state !== "pending") &&
      current.map((r): [Delivery.State, number] => [r.state, r.attempts])
  }, { timeoutMs, intervalMs: 25 })
}
