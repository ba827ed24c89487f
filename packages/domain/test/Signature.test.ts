/**
 * Delivery signatures agree with node's HMAC and the `standardwebhooks` package, and verification rejects any change.
 */
import { Signature, Webhook } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { createHmac, randomBytes } from "node:crypto"
import { Webhook as StandardWebhook } from "standardwebhooks"
import * as Gen from "./support/Gen.js"

const secret = Webhook.makeSecret(new Uint8Array(32).map((_, i) => i * 7 + 3))
const body = JSON.stringify({
  id: "dlv_1",
  event: "bookmark.saved",
  createdAt: "2026-01-31T12:00:00.000Z",
  data: { title: "Café ☕" }
})

/** `text` with the character at `index` replaced by a different one. */
const changeAt = (text: string, index: number) =>
  text.slice(0, index) + (text[index] === "a" ? "b" : "a") + text.slice(index + 1)

describe("X-Service-Signature", () => {
  it("is sha256= and node's hex HMAC of the body keyed with the secret string", () => {
    expect(Signature.serviceSignature(secret, body)).toBe(
      `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`
    )
    expect(Signature.serviceSignature("It's a Secret to Everybody", "Hello, World!")).toBe(
      "sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17"
    )
  })

  it.prop(
    "equals node's HMAC for random bodies and secrets",
    [Gen.string({ minLength: 1 }), Gen.uint8Array()],
    ([key, bytes]) => {
      expect(Signature.serviceSignature(key, bytes)).toBe(
        `sha256=${createHmac("sha256", key).update(bytes).digest("hex")}`
      )
    }
  )

  it("verifyDelivery accepts the right triple, as string or bytes, with surrounding spaces", () => {
    const header = Signature.serviceSignature(secret, body)
    expect(Signature.verifyDelivery(secret, body, header)).toBe(true)
    expect(Signature.verifyDelivery(secret, new TextEncoder().encode(body), ` ${header} `)).toBe(true)
  })

  it.prop(
    "verifyDelivery rejects a one-byte change of body, of secret and of header",
    [Gen.nat(), Gen.nat(), Gen.nat()],
    ([b, s, h]) => {
      const header = Signature.serviceSignature(secret, body)
      expect(Signature.verifyDelivery(secret, changeAt(body, b % body.length), header)).toBe(false)
      expect(Signature.verifyDelivery(changeAt(secret, s % secret.length), body, header)).toBe(false)
      expect(Signature.verifyDelivery(secret, body, changeAt(header, h % header.length))).toBe(false)
    }
  )

  it("verifyDelivery rejects a missing header, a truncated one and a raw-bytes change", () => {
    const header = Signature.serviceSignature(secret, body)
    expect(Signature.verifyDelivery(secret, body, undefined)).toBe(false)
    expect(Signature.verifyDelivery(secret, body, header.slice(0, -1))).toBe(false)
    expect(Signature.verifyDelivery(secret, body, header.slice("sha256=".length))).toBe(false)
    const bytes = new TextEncoder().encode(body)
    bytes[bytes.length - 3] = (bytes[bytes.length - 3] ?? 0) ^ 1
    expect(Signature.verifyDelivery(secret, bytes, header)).toBe(false)
  })
})

describe("Standard Webhooks headers", () => {
  it("are accepted by the standardwebhooks package's Webhook.verify", () => {
    const randomSecret = Webhook.makeSecret(randomBytes(32))
    const nowSeconds = Math.floor(Date.now() / 1000)
    const headers = Signature.deliveryHeaders({
      secret: randomSecret,
      deliveryId: "dlv_abc",
      event: "bookmark.saved",
      body,
      timestampSeconds: nowSeconds
    })
    expect(new StandardWebhook(randomSecret).verify(body, headers)).toEqual(JSON.parse(body))
    expect(headers["webhook-id"]).toBe(headers["x-service-delivery"])
    expect(headers["x-service-event"]).toBe("bookmark.saved")
    expect(headers["x-service-signature"]).toBe(Signature.serviceSignature(randomSecret, body))
    // The package refuses our headers once the body changes: it checks the same bytes we signed.
    expect(() => new StandardWebhook(randomSecret).verify(changeAt(body, 10), headers)).toThrow()
  })

  it.prop("match the package's own sign() for random ids, times and bodies", [
    Gen.uint8Array({ minLength: 1, maxLength: 64 }),
    Gen.stringMatching(/^[A-Za-z0-9_]{1,30}$/),
    Gen.integer({ min: 1_000_000_000, max: 4_000_000_000 }),
    Gen.string()
  ], ([key, id, ts, payload]) => {
    const whsec = Webhook.makeSecret(key)
    expect(Signature.standardSignature(whsec, id, ts, payload)).toBe(
      new StandardWebhook(whsec).sign(id, new Date(ts * 1000), payload)
    )
  })

  it("verifyStandard accepts a fresh signature among several and rejects stale, future, malformed and wrong ones", () => {
    const now = 1_800_000_000
    const signature = Signature.standardSignature(secret, "dlv_1", now, body)
    const input = { secret, rawBody: body, id: "dlv_1", timestamp: String(now), signature, nowSeconds: now }
    expect(Signature.verifyStandard(input)).toBe(true)
    expect(Signature.verifyStandard({ ...input, signature: `v1,AAAA ${signature}` })).toBe(true)
    expect(Signature.verifyStandard({ ...input, nowSeconds: now + 300 })).toBe(true)
    expect(Signature.verifyStandard({ ...input, nowSeconds: now + 301 })).toBe(false)
    expect(Signature.verifyStandard({ ...input, nowSeconds: now - 301 })).toBe(false)
    expect(Signature.verifyStandard({ ...input, nowSeconds: now + 60, toleranceSeconds: 30 })).toBe(false)
    expect(Signature.verifyStandard({ ...input, timestamp: "soon" })).toBe(false)
    expect(Signature.verifyStandard({ ...input, id: "dlv_2" })).toBe(false)
    expect(Signature.verifyStandard({ ...input, rawBody: changeAt(body, 5) })).toBe(false)
    expect(Signature.verifyStandard({ ...input, secret: Webhook.makeSecret(new Uint8Array(32)) })).toBe(false)
  })

  it("keys with the base64-decoded secret, or the raw text when it is not base64", () => {
    expect([...Signature.standardKey("whsec_AQID")]).toEqual([1, 2, 3])
    expect([...Signature.standardKey("AQID")]).toEqual([1, 2, 3])
    expect([...Signature.standardKey("not base64!")]).toEqual([...new TextEncoder().encode("not base64!")])
  })
})
