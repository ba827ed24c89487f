/**
 * The core delivery scenario, shared by the embedded and scaled suites: saves through the API, the app and the
 * extension each reach every subscribed webhook exactly once, signed, with `data` equal to GET /bookmarks/:id.
 */
import { expect } from "vitest"
import * as DeliveryRows from "./DeliveryRows.js"
import type { Started } from "./Harness.js"
import { articlePage, type Receiver } from "./WebhookReceiver.js"
import { serviceSignatureValid, verifyDelivery } from "./WebhookSignatures.js"
import { register, view } from "./WebhookWatch.js"

export const coreDelivery = async (service: Started, receiver: Receiver, tag: string) => {
  const { client } = service
  const owner = await client.account("ultra")
  const other = await client.account("ultra")
  const paths = { a: `/${tag}/hook/a`, b: `/${tag}/hook/b`, other: `/${tag}/hook/other` }
  const hookA = await register(client, owner.key, {
    url: receiver.url(paths.a),
    events: ["bookmark.saved"],
    description: "a"
  })
  const hookB = await register(client, owner.key, { url: receiver.url(paths.b), events: "bookmark.saved" })
  const hookOther = await register(client, other.key, { url: receiver.url(paths.other) })

  const saves = [
    { via: "api", title: "Saved through the API" },
    { via: "app", title: "Saved in the app" },
    { via: "extension", title: "Saved by the extension" }
  ] as const
  const ids: Array<string> = []
  for (const save of saves) {
    const url = receiver.page(`/${tag}/page/${save.via}`, () => articlePage(save.title))
    const answer = save.via === "api"
      ? await client.api("POST", "/bookmarks", owner.key, { url, tags: ["mine"], note: "from the API" })
      : await client.admin("POST", `/accounts/${owner.id}/bookmarks`, { url, tags: [save.via], source: save.via })
    expect(answer.status, answer.text).toBe(201)
    expect(answer.body.status).toBe("processing")
    ids.push(answer.body.id)
  }
  for (const id of ids) await client.ready(owner.key, id)

  const atA = await receiver.waitFor(paths.a, 3)
  const atB = await receiver.waitFor(paths.b, 3)
  // Every delivery delivered at its first attempt: nothing is left to send, so no duplicate or retry can follow.
  for (const hook of [hookA, hookB]) {
    expect(await DeliveryRows.settled(service, hook.id)).toEqual(ids.map(() => ["delivered", 1]))
  }
  expect(await DeliveryRows.rows(service, hookOther.id)).toEqual([])
  expect(receiver.received(paths.a)).toHaveLength(3)
  expect(receiver.received(paths.b)).toHaveLength(3)
  expect(receiver.received(paths.other)).toHaveLength(0)

  const deliveryIds = new Set<string>()
  for (const [hook, got] of [[hookA, atA], [hookB, atB]] as const) {
    const dataIds: Array<string> = []
    for (const received of got) {
      const body = verifyDelivery(hook.secret, received)
      expect(received.headers["x-service-event"]).toBe("bookmark.saved")
      expect(received.headers["x-service-delivery"]).toBe(body.id)
      expect(received.headers["x-service-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/)
      expect(body.event).toBe("bookmark.saved")
      expect(Number.isNaN(Date.parse(body.createdAt))).toBe(false)
      const current = await client.api("GET", `/bookmarks/${body.data.id}`, owner.key)
      expect(current.status).toBe(200)
      // The delivery carries the bookmark as GET /bookmarks/:id shows it, but for the highlight count: an additive
      // field of that read alone (webhooks keep the specification's payload).
      const { highlights, ...shown } = current.body as Record<string, unknown>
      expect(highlights).toBe(0)
      expect(body.data).toEqual(shown)
      deliveryIds.add(body.id)
      dataIds.push(body.data.id)
    }
    expect(dataIds.sort()).toEqual([...ids].sort())
    // A receiver holding the wrong secret must reject the delivery: the check can fail.
    expect(serviceSignatureValid(hook === hookA ? hookB.secret : hookA.secret, got[0]!)).toBe(false)
  }
  expect(deliveryIds.size).toBe(6)

  // The page was fetched, so the delivered bookmark is the enriched one.
  const api = atA.map((r) => verifyDelivery(hookA.secret, r).data).find((d) => d.id === ids[0])
  expect(api).toMatchObject({ title: "Saved through the API", status: "ready", note: "from the API" })
  expect(api?.["tags"]).toContain("mine")
  expect(api?.["description"]).not.toBe("")
  expect(api?.["summary"]).not.toBe("")

  for (const hook of [hookA, hookB]) {
    const after = await view(client, owner.key, hook.id)
    expect(after).toMatchObject({ active: true, failureCount: 0, lastStatus: 200 })
    expect(after.lastDeliveredAt).not.toBeNull()
  }
  expect(await view(client, other.key, hookOther.id)).toMatchObject({
    failureCount: 0,
    lastStatus: 0,
    lastDeliveredAt: null
  })
}
