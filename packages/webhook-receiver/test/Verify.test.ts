/**
 * The receiver helper accepts exactly what the service signs (the domain's `deliveryHeaders`, the headers every
 * delivery carries) and what the `standardwebhooks` package signs, and refuses any change, stale timestamps and odd
 * headers.
 */
import { Signature, Webhook } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { randomBytes } from "node:crypto"
import { Webhook as StandardWebhook } from "standardwebhooks"
import { verifyDelivery, verifyStandard } from "../src/index.js"

const secret = Webhook.makeSecret(randomBytes(32))
const body = JSON.stringify({
  id: "dlv_1",
  event: "bookmark.saved",
  createdAt: "2026-01-31T12:00:00.000Z",
  data: { title: "Café ☕" }
})
const now = 1_800_000_000
/** The headers the service puts on a delivery of `payload`. */
const signed = (payload: string, at = now) => {
  const all = Signature.deliveryHeaders({
    secret,
    deliveryId: "dlv_1",
    event: "bookmark.saved",
    body: payload,
    timestampSeconds: at
  })
  const pick = (name: string) => {
    const value = all[name]
    if (value === undefined) throw new Error(`the service sent no ${name}`)
    return value
  }
  return {
    "x-service-signature": pick("x-service-signature"),
    "webhook-id": pick("webhook-id"),
    "webhook-timestamp": pick("webhook-timestamp"),
    "webhook-signature": pick("webhook-signature")
  }
}

/** Property inputs: a natural number, 1 to 64 key bytes, a Standard Webhooks message id, a time in seconds. */
const Nat = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
const KeyBytes = Schema.Uint8Array.check(Schema.isBetweenLength(1, 64))
const MessageId = Schema.String.check(Schema.isPattern(/^[A-Za-z0-9_]{1,30}$/))
const Seconds = Schema.Int.check(Schema.isBetween({ minimum: 1_000_000_000, maximum: 4_000_000_000 }))

/** `text` with the character at `index` replaced by a different one. */
const changeAt = (text: string, index: number) =>
  text.slice(0, index) + (text[index] === "a" ? "b" : "a") + text.slice(index + 1)

describe("verifyDelivery", () => {
  it("accepts the service's X-Service-Signature over the body as string, Buffer or bytes, as Node or fetch hand it over", () => {
    const header = signed(body)["x-service-signature"]
    expect(verifyDelivery(secret, body, header)).toBe(true)
    expect(verifyDelivery(secret, Buffer.from(body), [header])).toBe(true)
    expect(verifyDelivery(secret, new TextEncoder().encode(body), ` ${header} `)).toBe(true)
  })

  it.prop("refuses a one-character change of body, secret or header", [Nat, Nat, Nat], ([b, s, h]) => {
    const header = signed(body)["x-service-signature"]
    expect(verifyDelivery(secret, changeAt(body, b % body.length), header)).toBe(false)
    expect(verifyDelivery(changeAt(secret, s % secret.length), body, header)).toBe(false)
    expect(verifyDelivery(secret, body, changeAt(header, h % header.length))).toBe(false)
  })

  it("refuses a missing, empty, repeated or truncated header", () => {
    const header = signed(body)["x-service-signature"]
    expect(verifyDelivery(secret, body, undefined)).toBe(false)
    expect(verifyDelivery(secret, body, null)).toBe(false)
    expect(verifyDelivery(secret, body, "")).toBe(false)
    expect(verifyDelivery(secret, body, [header, header])).toBe(false)
    expect(verifyDelivery(secret, body, header.slice(0, -1))).toBe(false)
    expect(verifyDelivery(secret, body, header.slice("sha256=".length))).toBe(false)
  })
})

describe("verifyStandard", () => {
  it("accepts the service's Standard Webhooks headers, from a record or fetch Headers, within five minutes", () => {
    const headers = signed(body)
    expect(verifyStandard(secret, body, headers, { nowSeconds: now })).toBe(true)
    expect(verifyStandard(secret, Buffer.from(body), new Headers(headers), { nowSeconds: now + 300 })).toBe(true)
    expect(verifyStandard(secret, body, headers, { nowSeconds: now - 300 })).toBe(true)
  })

  it("refuses stale and future timestamps, a changed body and malformed headers", () => {
    const headers = signed(body)
    expect(verifyStandard(secret, body, headers, { nowSeconds: now + 301 })).toBe(false)
    expect(verifyStandard(secret, body, headers, { nowSeconds: now - 301 })).toBe(false)
    expect(verifyStandard(secret, changeAt(body, 5), headers, { nowSeconds: now })).toBe(false)
    expect(verifyStandard(secret, body, { ...headers, "webhook-timestamp": "1.8e9" }, { nowSeconds: now })).toBe(false)
    expect(verifyStandard(secret, body, { ...headers, "webhook-id": "dlv_2" }, { nowSeconds: now })).toBe(false)
    expect(verifyStandard(secret, body, { "webhook-id": "dlv_1" }, { nowSeconds: now })).toBe(false)
  })

  it("accepts one right signature among several, as key rotation sends them", () => {
    const headers = signed(body)
    const rotated = { ...headers, "webhook-signature": `v1,AAAA ${headers["webhook-signature"]}` }
    expect(verifyStandard(secret, body, rotated, { nowSeconds: now })).toBe(true)
  })

  it.prop(
    "agrees with the standardwebhooks package's sign() for random keys, ids, times and bodies",
    [KeyBytes, MessageId, Seconds, Schema.String],
    ([key, id, ts, payload]) => {
      const whsec = Webhook.makeSecret(key)
      const signature = new StandardWebhook(whsec).sign(id, new Date(ts * 1000), payload)
      const headers = { "webhook-id": id, "webhook-timestamp": String(ts), "webhook-signature": signature }
      expect(verifyStandard(whsec, payload, headers, { nowSeconds: ts })).toBe(true)
    }
  )
})
