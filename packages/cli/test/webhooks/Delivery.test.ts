/**
 * Webhook deliveries end to end (embedded mode): a real node:http receiver on loopback, the service started as
 * `bookmarks start` composes it, plain fetch against the API. Short retry timings come from the environment.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as DeliveryRows from "../support/DeliveryRows.js"
import { freePort } from "../support/FreePort.js"
import * as Harness from "../support/Harness.js"
import { coreDelivery } from "../support/WebhookCoreScenario.js"
import { articlePage, Receiver } from "../support/WebhookReceiver.js"
import { verifyDelivery } from "../support/WebhookSignatures.js"
import { register, until, view, Watcher } from "../support/WebhookWatch.js"

const env = {
  SCREENSHOTS: "false",
  ALLOW_HTTP_WEBHOOKS: "true",
  WEBHOOK_RETRY_SCHEDULE: "300ms,300ms,300ms",
  // Short, yet well above the receiver's deliberate holds: in embedded mode enrichment shares the event loop.
  WEBHOOK_TIMEOUT: "3s",
  // Deactivation after 3 failures spanning 400 ms: the third failed attempt of one delivery (≥ 510 ms after the first).
  WEBHOOK_DEACTIVATE_AFTER: "400ms",
  WEBHOOK_DEACTIVATE_FAILURES: "3",
  // Enough enrichment slots for ten bookmarks to finish together (the concurrency test).
  WORKER_CONCURRENCY: "10",
  PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
}

let receiver: Receiver
let service: Harness.Started
let downPort: number
let closedPort: number
let overrides: { guard: { allowlist: Array<string> } }

beforeAll(async () => {
  receiver = await Receiver.start()
  downPort = await freePort()
  closedPort = await freePort()
  overrides = { guard: { allowlist: [receiver.allowlistEntry, `127.0.0.1:${downPort}`, `127.0.0.1:${closedPort}`] } }
  service = await Harness.start({ mode: "embedded", env, overrides })
})

afterAll(async () => {
  await service?.stop()
  await service?.storage.cleanup()
  await receiver?.close()
})

/** A new ultra account with a webhook at `url`, and a function saving a bookmark of a page on the receiver. */
const setup = async (name: string, url: string) => {
  const { client } = service
  const account = await client.account("ultra")
  const hook = await register(client, account.key, { url })
  let pages = 0
  const save = async () => {
    const page = receiver.page(`/${name}/page/${++pages}`, () => articlePage(`${name} page ${pages}`))
    const saved = await client.api("POST", "/bookmarks", account.key, { url: page })
    expect(saved.status, saved.text).toBe(201)
    return saved.body.id as string
  }
  return { account, key: account.key, hook, save }
}

describe("webhook deliveries (embedded)", () => {
  it("delivers saves from the API, the app and the extension once to each subscribed webhook, signed", async () => {
    await coreDelivery(service, receiver, "core")
  })

  it("retries 500, 500, 200 with identical bytes and one delivery id; failureCount goes 1, 2, 0", async () => {
    const path = "/retry/hook"
    let watcher: Watcher | undefined
    receiver.respond(path, async (r) => {
      // Hold each retry until the previous attempt's counters have been observed through the API.
      if (r.nth > 1) await watcher?.sawWithin((s) => s.failureCount === r.nth - 1, 400)
      return { status: r.nth <= 2 ? 500 : 200 }
    })
    const { key, hook, save } = await setup("retry", receiver.url(path))
    watcher = new Watcher(service.client, key, hook.id)
    await watcher.sawState((s) => s.failureCount === 0)
    const bookmarkId = await save()
    const got = await receiver.waitFor(path, 3)
    await watcher.sawState((s) => s.lastStatus === 200)
    // Delivered: nothing is left to send, so the three requests are all there will be.
    expect(await DeliveryRows.settled(service, hook.id)).toEqual([["delivered", 3]])
    const seen = await watcher.stop()

    expect(receiver.received(path)).toHaveLength(3)
    const bodies = got.map((r) => verifyDelivery(hook.secret, r))
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1)
    expect(got[1]!.raw.equals(got[0]!.raw)).toBe(true)
    expect(got[2]!.raw.equals(got[0]!.raw)).toBe(true)
    expect(bodies[0]!.data.id).toBe(bookmarkId)
    expect(watcher.counters()).toEqual([[0, 0], [1, 500], [2, 500], [0, 200]])
    expect(seen[0]!.lastDeliveredAt).toBeNull()
    expect(seen.slice(1).every((s) => s.lastDeliveredAt !== null && s.active)).toBe(true)
    expect(await view(service.client, key, hook.id)).toMatchObject({ active: true, failureCount: 0, lastStatus: 200 })
  })

  it("counts a receiver slower than WEBHOOK_TIMEOUT as a failure and retries", async () => {
    const path = "/slow/hook"
    let watcher: Watcher | undefined
    receiver.respond(path, async (r) => {
      if (r.nth === 1) return { status: 200, delayMs: 4_000 }
      await watcher?.sawWithin((s) => s.failureCount === 1, 400)
      return { status: 200 }
    })
    const { key, hook, save } = await setup("slow", receiver.url(path))
    watcher = new Watcher(service.client, key, hook.id)
    await watcher.sawState((s) => s.failureCount === 0)
    await save()
    const got = await receiver.waitFor(path, 2)
    await watcher.sawState((s) => s.lastStatus === 200)
    await watcher.stop()

    // The timed-out attempt got no answer, so lastStatus stays 0 until the retry is answered.
    expect(watcher.counters()).toEqual([[0, 0], [1, 0], [0, 200]])
    expect(got[1]!.raw.equals(got[0]!.raw)).toBe(true)
  })

  it("treats a 3xx as a failure and does not follow it", async () => {
    const path = "/redirect/hook"
    const target = receiver.respond("/redirect/target", () => ({ status: 200 }))
    let watcher: Watcher | undefined
    receiver.respond(path, async (r) => {
      if (r.nth === 1) return { status: 307, headers: { location: target } }
      await watcher?.sawWithin((s) => s.failureCount === 1, 400)
      return { status: 200 }
    })
    const { key, hook, save } = await setup("redirect", receiver.url(path))
    watcher = new Watcher(service.client, key, hook.id)
    await watcher.sawState((s) => s.failureCount === 0)
    await save()
    await receiver.waitFor(path, 2)
    await watcher.sawState((s) => s.lastStatus === 200)
    await watcher.stop()

    expect(watcher.counters()).toEqual([[0, 0], [1, 307], [0, 200]])
    expect(receiver.received("/redirect/target")).toHaveLength(0)
  })

  it("an unreachable receiver: failures climb with lastStatus 0, then deactivation stops all attempts; enable re-activates", async () => {
    const { client } = service
    const { key, hook, save } = await setup("down", `http://127.0.0.1:${downPort}/down`)
    const watcher = new Watcher(client, key, hook.id)
    await watcher.sawState((s) => s.failureCount === 0)
    await save()
    const off = await until(client, key, hook.id, (w) => !w.active)
    const seen = await watcher.stop()

    expect(off).toMatchObject({ active: false, failureCount: 3, lastStatus: 0, lastDeliveredAt: null })
    const counts = seen.map((s) => s.failureCount)
    expect(counts[0]).toBe(0)
    expect(counts.every((n, i) => i === 0 || n > counts[i - 1]!)).toBe(true)
    expect(seen.every((s) => s.lastStatus === 0 && s.lastDeliveredAt === null)).toBe(true)
    expect(await DeliveryRows.settled(service, hook.id)).toEqual([["failed", 3]])

    // Something listens on that port now: an inactive webhook gets nothing, neither the given-up delivery nor new ones.
    const late = await Receiver.start(downPort)
    try {
      const ignored = await save()
      await client.ready(key, ignored)
      // The save completed without a delivery for the inactive webhook, and the given-up one stays given up.
      expect(await DeliveryRows.settled(service, hook.id)).toEqual([["failed", 3]])
      expect(late.receivedUnder("/")).toHaveLength(0)

      const enabled = await client.admin("POST", `/webhooks/${hook.id}/enable`)
      expect(enabled.status, enabled.text).toBe(200)
      expect(enabled.body).toMatchObject({ id: hook.id, active: true, failureCount: 0, lastStatus: 0 })
      const fresh = await save()
      const [delivered] = await late.waitFor("/down", 1)
      expect(verifyDelivery(hook.secret, delivered!).data.id).toBe(fresh)
      expect(await DeliveryRows.settled(service, hook.id)).toEqual([["failed", 3], ["delivered", 1]])
      expect(late.receivedUnder("/")).toHaveLength(1)
      const reached = await view(client, key, hook.id)
      expect(reached).toMatchObject({ active: true, failureCount: 0, lastStatus: 200 })

      // Down again after an answer: failures count up while lastStatus and lastDeliveredAt keep the last answer.
      await late.close()
      await save()
      const failing = await until(client, key, hook.id, (w) => w.failureCount >= 1)
      expect(failing).toMatchObject({ lastStatus: 200, lastDeliveredAt: reached.lastDeliveredAt })
    } finally {
      await late.close()
    }
  })

  it("a 410 answer deactivates the webhook at once", async () => {
    const path = "/gone/hook"
    receiver.respond(path, () => ({ status: 410 }))
    const { key, hook, save } = await setup("gone", receiver.url(path))
    await save()
    const off = await until(service.client, key, hook.id, (w) => !w.active)
    expect(off).toMatchObject({ active: false, failureCount: 1, lastStatus: 410 })
    expect(off.lastDeliveredAt).not.toBeNull()
    // Deactivation leaves nothing pending, so no attempt follows the one that was answered 410.
    expect((await DeliveryRows.settled(service, hook.id)).map(([, attempts]) => attempts)).toEqual([1])
    expect(receiver.received(path)).toHaveLength(1)
  })

  it("POST /webhooks/:id/test reports the answer and touches no counter", async () => {
    const { client } = service
    const live = await setup("test-live", receiver.respond("/test/live", () => ({ status: 200 })))
    const tested = await client.api("POST", `/webhooks/${live.hook.id}/test`, live.key)
    expect(tested.status, tested.text).toBe(200)
    expect(tested.body).toEqual({ ok: true, status: 200 })
    const [sample] = receiver.received("/test/live")
    expect(verifyDelivery(live.hook.secret, sample!).event).toBe("bookmark.saved")

    const failing = await setup("test-500", receiver.respond("/test/500", () => ({ status: 500 })))
    const answered = await client.api("POST", `/webhooks/${failing.hook.id}/test`, failing.key)
    expect(answered.body).toEqual({ ok: false, status: 500 })

    const closed = await setup("test-closed", `http://127.0.0.1:${closedPort}/nothing`)
    const refused = await client.api("POST", `/webhooks/${closed.hook.id}/test`, closed.key)
    expect(refused.status, refused.text).toBe(200)
    expect(refused.body).toMatchObject({ ok: false, status: 0 })
    expect(refused.body.error).toBe("connection refused")

    for (const s of [live, failing, closed]) {
      expect(await view(client, s.key, s.hook.id)).toMatchObject({
        active: true,
        failureCount: 0,
        lastStatus: 0,
        lastDeliveredAt: null
      })
    }
  })

  it("keeps at most 4 deliveries in flight per webhook", async () => {
    const { client } = service
    const path = "/conc/hook"
    receiver.respond(path, () => ({ status: 200, delayMs: 300 }))
    const account = await client.account("ultra")
    const hook = await register(client, account.key, { url: receiver.url(path) })
    const count = 10
    const ids: Array<string> = []
    for (let i = 0; i < count; i++) {
      // Each page fetch is held until all ten are waiting, so the bookmarks finish (and enqueue) together; a 404
      // keeps enrichment cheap, so the delivery attempts do not compete with page parsing for the event loop.
      const url = receiver.page(`/conc/page/${i}`, async () => {
        await receiver.waitUntil(() => receiver.fetched("/conc/page/").length >= count, "ten page fetches", 5_000)
          .catch(() => undefined)
        return { status: 404 }
      })
      const saved = await client.api("POST", "/bookmarks", account.key, { url })
      ids.push(saved.body.id)
    }
    // Only the receiver is watched here: polling the API meanwhile would compete with the attempts for the event loop.
    const got = await receiver.waitFor(path, count)
    expect(await DeliveryRows.settled(service, hook.id)).toEqual(ids.map(() => ["delivered", 1]))
    expect(receiver.received(path)).toHaveLength(count)
    expect(got.map((r) => verifyDelivery(hook.secret, r).data.id).sort()).toEqual([...ids].sort())
    expect(receiver.maxInFlight(path)).toBe(4)
    expect(await view(client, account.key, hook.id)).toMatchObject({ failureCount: 0, lastStatus: 200 })
  })

  it("DELETE /webhooks/:id cancels the deliveries waiting for a retry", async () => {
    const { client } = service
    const path = "/delete/hook"
    receiver.respond(path, () => ({ status: 503, headers: { "retry-after": "2" } }))
    const { key, hook, save } = await setup("delete", receiver.url(path))
    await save()
    await until(client, key, hook.id, (w) => w.failureCount === 1)
    const deleted = await client.api("DELETE", `/webhooks/${hook.id}`, key)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ ok: true })
    const listed = await client.api("GET", "/webhooks", key)
    expect(listed.body.webhooks).toEqual([])
    // The retry was waiting in the outbox; it went with the webhook, so nothing is left that could be sent.
    expect(await DeliveryRows.rows(service, hook.id)).toEqual([])
    expect(receiver.received(path)).toHaveLength(1)
  })

  // Last: it restarts the shared service.
  it("a delivery waiting for its retry across a restart is still made, exactly once", async () => {
    const path = "/restart/hook"
    receiver.respond(path, (r) => (r.nth === 1 ? { status: 503, headers: { "retry-after": "60" } } : { status: 200 }))
    const { key, hook, save } = await setup("restart", receiver.url(path))
    await save()
    await until(service.client, key, hook.id, (w) => w.failureCount === 1 && w.lastStatus === 503)
    await service.stop()
    service = await Harness.start({ storage: service.storage, env, overrides })
    // The retry is due in 60 s: move the restarted service's clock past it instead of waiting.
    service.clock.advance(61_000)
    const got = await receiver.waitFor(path, 2)
    expect(await DeliveryRows.settled(service, hook.id)).toEqual([["delivered", 2]])
    expect(receiver.received(path)).toHaveLength(2)
    expect(got[1]!.raw.equals(got[0]!.raw)).toBe(true)
    expect(verifyDelivery(hook.secret, got[1]!).id).toBe(verifyDelivery(hook.secret, got[0]!).id)
    expect(await view(service.client, key, hook.id)).toMatchObject({ active: true, failureCount: 0, lastStatus: 200 })
  })
})
