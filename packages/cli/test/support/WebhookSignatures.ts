/**
 * Receiver-side verification written independently of the service: `X-Service-Signature` with node:crypto over the
 * raw bytes, the Standard Webhooks headers with the `standardwebhooks` package.
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import { Webhook } from "standardwebhooks"
import type { Received } from "./WebhookReceiver.js"

const single = (received: Received, name: string): string => {
  const value = received.headers[name]
  if (typeof value !== "string") throw new Error(`delivery has no single ${name} header`)
  return value
}

/** True when `X-Service-Signature` is `sha256=` + hex HMAC-SHA256 of the raw body keyed with the secret string. */
export const serviceSignatureValid = (secret: string, received: Received): boolean => {
  const expected = Buffer.from("sha256=" + createHmac("sha256", secret).update(received.raw).digest("hex"))
  const given = Buffer.from(single(received, "x-service-signature"))
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** Throws unless `webhook-id`/`webhook-timestamp`/`webhook-signature` verify with the secret (and are recent). */
export const verifyStandard = (secret: string, received: Received): unknown =>
  new Webhook(secret).verify(received.raw, {
    "webhook-id": single(received, "webhook-id"),
    "webhook-timestamp": single(received, "webhook-timestamp"),
    "webhook-signature": single(received, "webhook-signature")
  })

export interface VerifiedDelivery {
  readonly id: string
  readonly event: string
  readonly createdAt: string
  readonly data: Record<string, unknown> & { readonly id: string }
}

/**
 * Checks a received delivery as a careful receiver would and returns its parsed body: both signatures,
 * `X-Service-Event`, `X-Service-Delivery` = body id = `webhook-id`, JSON content type.
 */
export const verifyDelivery = (secret: string, received: Received): VerifiedDelivery => {
  if (!serviceSignatureValid(secret, received)) throw new Error("X-Service-Signature does not verify")
  verifyStandard(secret, received)
  const body = JSON.parse(received.raw.toString("utf8")) as VerifiedDelivery
  const deliveryHeader = single(received, "x-service-delivery")
  if (body.id !== deliveryHeader) {
    throw new Error(`X-Service-Delivery ${deliveryHeader} differs from body id ${body.id}`)
  }
  if (single(received, "webhook-id") !== body.id) throw new Error("webhook-id differs from the body id")
  if (single(received, "x-service-event") !== body.event) throw new Error("X-Service-Event differs from the body event")
  if (!single(received, "content-type").startsWith("application/json")) throw new Error("content type is not JSON")
  return body
}
