/**
 * The outbox rows of a webhook, read from the service's storage. A test that must show that nothing more will be sent
 * waits until no row is pending (every delivery delivered, failed or cancelled) instead of sleeping and counting:
 * a delivery is only ever sent by claiming a pending row.
 */
import { Deliveries, type Delivery, WebhookId } from "@bookmark-library/domain"
import { Effect } from "effect"
import type { Started } from "./Harness.js"

export const rows = (service: Started, hookId: string): Promise<ReadonlyArray<Delivery.Record>> =>
  service.run(Effect.flatMap(Deliveries, (d) => d.listForWebhook(WebhookId.make(hookId))))

/** The webhook's rows once none is pending (polled, with a deadline); as `[state, attempts]` pairs in creation order. */
export const settled = async (service: Started, hookId: string, timeoutMs = 20_000): Promise<Array<[Delivery.State, number]>> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const current = await rows(service, hookId)
    if (current.every((r) => r.state !== "pending")) return current.map((r) => [r.state, r.attempts])
    if (Date.now() > deadline) throw new Error(`deliveries of ${hookId} still pending: ${JSON.stringify(current)}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}
