/**
 * Webhook registration and management end to end, with the production policies ON: https only (no
 * ALLOW_HTTP_WEBHOOKS) and the address policy enforced; one loopback origin is allowlisted so a valid
 * registration exists. Nothing here connects anywhere: refused hosts are refused by classification alone.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Answer } from "../support/Client.js"
import { freePort } from "../support/FreePort.js"
import * as Harness from "../support/Harness.js"
import { register, type WebhookView } from "../support/WebhookWatch.js"

let service: Harness.Started
let allowedUrl: string

beforeAll(async () => {
  const port = await freePort()
  allowedUrl = `https://127.0.0.1:${port}/hooks`
  service = await Harness.start({
    mode: "embedded",
    env: {
      SCREENSHOTS: "false",
      PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
    },
    overrides: { guard: { allowlist: [`127.0.0.1:${port}`] } }
  })
})

afterAll(async () => {
  await service?.stop()
  await service?.storage.cleanup()
})

const expectProblem = (answer: Answer, status: number, field: string) => {
  expect(answer.status, answer.text).toBe(status)
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
  expect(answer.body).toMatchObject({ status, field })
  expect(typeof answer.body.detail).toBe("string")
}

const account = () => service.client.account("ultra")

describe("webhook registration (https and address policy on)", () => {
  it("refuses plain http:// without ALLOW_HTTP_WEBHOOKS, even to an allowed origin", async () => {
    const { key } = await account()
    const answer = await service.client.api("POST", "/webhooks", key, { url: allowedUrl.replace("https:", "http:") })
    expectProblem(answer, 400, "url")
    expect(answer.body.detail).toMatch(/https/)
  })

  it("refuses hosts the address policy forbids", async () => {
    const { key } = await account()
    for (
      const url of ["https://127.0.0.1/", "https://[::1]/hook", "https://169.254.169.254/latest", "https://10.0.0.1/"]
    ) {
      const answer = await service.client.api("POST", "/webhooks", key, { url })
      expectProblem(answer, 400, "url")
      expect(answer.body.detail).toMatch(/not allowed/)
    }
    for (const url of ["ftp://example.com/", "not a url", ""]) {
      expectProblem(await service.client.api("POST", "/webhooks", key, { url }), 400, "url")
    }
    expect((await service.client.api("GET", "/webhooks", key)).body.webhooks).toEqual([])
  })

  it("refuses unknown events, as a list or inside a comma string", async () => {
    const { key } = await account()
    for (const events of [["bookmark.deleted"], "bookmark.saved,bookmark.deleted", ""]) {
      expectProblem(await service.client.api("POST", "/webhooks", key, { url: allowedUrl, events }), 400, "events")
    }
  })

  it("answers exactly id, url, events, active, secret; defaults events and description; GET lists secrets", async () => {
    const { client } = service
    const { key } = await account()
    const plain = await client.api("POST", "/webhooks", key, { url: allowedUrl })
    expect(plain.status, plain.text).toBe(201)
    expect(Object.keys(plain.body).sort()).toEqual(["active", "events", "id", "secret", "url"])
    expect(plain.body).toMatchObject({ url: allowedUrl, events: ["bookmark.saved"], active: true })
    expect(plain.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(plain.body.secret.slice("whsec_".length), "base64")).toHaveLength(32)

    const asList = await register(client, key, { url: allowedUrl, events: ["bookmark.saved"], description: "listed" })
    const asString = await register(client, key, { url: allowedUrl, events: " bookmark.saved , bookmark.saved " })
    expect(asList.events).toEqual(["bookmark.saved"])
    expect(asString.events).toEqual(["bookmark.saved"])
    expect(new Set([plain.body.secret, asList.secret, asString.secret]).size).toBe(3)

    const listed = await client.api<{ webhooks: Array<WebhookView>; events: Array<string> }>("GET", "/webhooks", key)
    expect(listed.status).toBe(200)
    expect(listed.body.events).toEqual(["bookmark.saved"])
    expect(listed.body.webhooks).toEqual([
      {
        id: plain.body.id,
        url: allowedUrl,
        events: ["bookmark.saved"],
        description: "",
        active: true,
        failureCount: 0,
        lastStatus: 0,
        lastDeliveredAt: null,
        secret: plain.body.secret
      },
      {
        id: asList.id,
        url: allowedUrl,
        events: ["bookmark.saved"],
        description: "listed",
        active: true,
        failureCount: 0,
        lastStatus: 0,
        lastDeliveredAt: null,
        secret: asList.secret
      },
      {
        id: asString.id,
        url: allowedUrl,
        events: ["bookmark.saved"],
        description: "",
        active: true,
        failureCount: 0,
        lastStatus: 0,
        lastDeliveredAt: null,
        secret: asString.secret
      }
    ])
  })

  it("refuses the 11th webhook of an account; deleting one frees a place", async () => {
    const { client } = service
    const { key } = await account()
    const made = []
    for (let i = 0; i < 10; i++) made.push(await register(client, key, { url: `${allowedUrl}/${i}` }))
    const eleventh = await client.api("POST", "/webhooks", key, { url: `${allowedUrl}/10` })
    expectProblem(eleventh, 400, "webhooks")
    expect(eleventh.body.detail).toMatch(/10/)
    // Another account is not affected by this one's count.
    const other = await account()
    await register(client, other.key, { url: allowedUrl })

    const deleted = await client.api("DELETE", `/webhooks/${made[0]!.id}`, key)
    expect(deleted.body).toEqual({ ok: true })
    await register(client, key, { url: `${allowedUrl}/again` })
    expect((await client.api("GET", "/webhooks", key)).body.webhooks).toHaveLength(10)
  })

  it("DELETE answers {ok:true}; another account's webhook is 403 on delete and test; unknown ids are 404", async () => {
    const { client } = service
    const owner = await account()
    const stranger = await account()
    const hook = await register(client, owner.key, { url: allowedUrl })

    for (const [method, path] of [["DELETE", `/webhooks/${hook.id}`], ["POST", `/webhooks/${hook.id}/test`]] as const) {
      const forbidden = await client.api(method, path, stranger.key)
      expect(forbidden.status, forbidden.text).toBe(403)
      expect(forbidden.headers.get("content-type")).toMatch(/^application\/problem\+json/)
    }
    for (
      const [method, path] of [["DELETE", "/webhooks/whk_doesnotexist"], [
        "POST",
        "/webhooks/whk_doesnotexist/test"
      ]] as const
    ) {
      const missing = await client.api(method, path, owner.key)
      expect(missing.status, missing.text).toBe(404)
      expect(missing.headers.get("content-type")).toMatch(/^application\/problem\+json/)
    }
    // The stranger's attempts changed nothing.
    expect((await client.api("GET", "/webhooks", owner.key)).body.webhooks.map((w: WebhookView) => w.id)).toEqual([
      hook.id
    ])

    const deleted = await client.api("DELETE", `/webhooks/${hook.id}`, owner.key)
    expect(deleted.status).toBe(200)
    expect(deleted.body).toEqual({ ok: true })
    expect((await client.api("GET", "/webhooks", owner.key)).body.webhooks).toEqual([])
    expect((await client.api("DELETE", `/webhooks/${hook.id}`, owner.key)).status).toBe(404)
    expect((await client.api("POST", `/webhooks/${hook.id}/test`, owner.key)).status).toBe(404)
  })
})
