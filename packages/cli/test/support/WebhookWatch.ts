/** Webhook helpers over the public API: register, read one webhook's counters, and watch them change. */
import { Waiting } from "@bookmark-library/testkit"
import type { Client } from "./Client.js"

export interface WebhookView {
  readonly id: string
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly description: string
  readonly active: boolean
  readonly failureCount: number
  readonly lastStatus: number
  readonly lastDeliveredAt: string | null
  readonly secret: string
}

export interface Registered {
  readonly id: string
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly active: boolean
  readonly secret: string
}

export const register = async (client: Client, key: string, body: Record<string, unknown>): Promise<Registered> => {
  const answer = await client.api<Registered>("POST", "/webhooks", key, body)
  if (answer.status !== 201) throw new Error(`register ${JSON.stringify(body)}: ${answer.status} ${answer.text}`)
  return answer.body
}

export const view = async (client: Client, key: string, id: string): Promise<WebhookView> => {
  const answer = await client.api<{ webhooks: Array<WebhookView> }>("GET", "/webhooks", key)
  const found = answer.body?.webhooks?.find((w) => w.id === id)
  if (found === undefined) throw new Error(`webhook ${id} not listed: ${answer.status} ${answer.text}`)
  return found
}

/** Polls until `predicate` holds for the webhook, returning the last view. */
export const until = async (
  client: Client,
  key: string,
  id: string,
  predicate: (w: WebhookView) => boolean,
  timeoutMs = 20_000
): Promise<WebhookView> => {
  let last: WebhookView | undefined
  return Waiting.pollUntil(
    () => `webhook ${id} to reach the expected state; last ${JSON.stringify(last)}`,
    async () => {
      last = await view(client, key, id)
      return predicate(last) && last
    },
    { timeoutMs, intervalMs: 25 }
  )
}

export type Snapshot = Pick<WebhookView, "active" | "failureCount" | "lastStatus" | "lastDeliveredAt">

/**
 * Polls GET /webhooks continuously and keeps every distinct (active, failureCount, lastStatus, lastDeliveredAt)
 * it sees, so a test can assert the sequence of states a user would observe.
 */
export class Watcher {
  readonly seen: Array<Snapshot> = []
  private running = true
  private readonly loop: Promise<void>

  constructor(private readonly client: Client, private readonly key: string, private readonly id: string) {
    this.loop = this.poll()
  }

  private async poll() {
    // A test that fails before `stop` must not leave this loop polling a stopped service forever.
    const deadline = Date.now() + 60_000
    while (this.running && Date.now() < deadline) {
      const w = await view(this.client, this.key, this.id).catch(() => undefined)
      if (w === undefined) {
        await Waiting.sleep(15)
        continue
      }
      const snapshot: Snapshot = {
        active: w.active,
        failureCount: w.failureCount,
        lastStatus: w.lastStatus,
        lastDeliveredAt: w.lastDeliveredAt
      }
      const last = this.seen[this.seen.length - 1]
      if (last === undefined || JSON.stringify(last) !== JSON.stringify(snapshot)) this.seen.push(snapshot)
      await Waiting.sleep(15)
    }
  }

  /** Resolves once a state matching `predicate` has been seen (or rejects after the timeout). */
  sawState(predicate: (s: Snapshot) => boolean, timeoutMs = 20_000): Promise<Snapshot> {
    return Waiting.pollUntil(() => `a state; saw ${JSON.stringify(this.seen)}`, () => this.seen.find(predicate), {
      timeoutMs,
      intervalMs: 5
    })
  }

  /** Like `sawState`, but gives up quietly after `ms` (used to hold a receiver's answer briefly). */
  async sawWithin(predicate: (s: Snapshot) => boolean, ms: number): Promise<boolean> {
    return this.sawState(predicate, ms).then(() => true, () => false)
  }

  async stop() {
    this.running = false
    await this.loop
    return this.seen
  }

  /** The (failureCount, lastStatus) pairs seen, in order and without repeats. */
  counters(): Array<[number, number]> {
    const out: Array<[number, number]> = []
    for (const s of this.seen) {
      const last = out[out.length - 1]
      if (last === undefined || last[0] !== s.failureCount || last[1] !== s.lastStatus) {
        out.push([s.failureCount, s.lastStatus])
      }
    }
    return out
  }
}
