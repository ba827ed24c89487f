/** Delivery signatures: `X-Service-Signature` and the Standard Webhooks headers, and their verification. */
import { Result } from "effect"
import { Base64 } from "effect/encoding"
import { constantTimeEqual, hmacSha256, toBytes, toHex } from "./Sha256.js"
import { secretPrefix } from "./Webhook.js"

/** `sha256=<hex HMAC-SHA256 of the raw body keyed with the secret string's UTF-8 bytes>`. */
export const serviceSignature = (secret: string, body: string | Uint8Array): string =>
  `sha256=${toHex(hmacSha256(secret, body))}`

/** The Standard Webhooks key: the base64-decoded part of the secret after `whsec_`. */
export const standardKey = (secret: string): Uint8Array => {
  const encoded = secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret
  return Result.getOrElse(Base64.decode(encoded), () => toBytes(encoded))
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">` as Standard Webhooks defines it. */
export const standardSignature = (
  secret: string,
  id: string,
  timestampSeconds: number,
  body: string | Uint8Array
): string => {
  const bodyBytes = toBytes(body)
  const prefix = toBytes(`${id}.${timestampSeconds}.`)
  const message = new Uint8Array(prefix.length + bodyBytes.length)
  message.set(prefix)
  message.set(bodyBytes, prefix.length)
  return `v1,${Base64.encode(hmacSha256(standardKey(secret), message))}`
}

/** Every header a delivery carries besides content type and user agent. */
export const deliveryHeaders = (input: {
  readonly secret: string
  readonly deliveryId: string
  readonly event: string
  readonly body: string
  readonly timestampSeconds: number
}): Record<string, string> => ({
  "x-service-event": input.event,
  "x-service-delivery": input.deliveryId,
  "x-service-signature": serviceSignature(input.secret, input.body),
  "webhook-id": input.deliveryId,
  "webhook-timestamp": String(input.timestampSeconds),
  "webhook-signature": standardSignature(input.secret, input.deliveryId, input.timestampSeconds, input.body)
})

/**
 * For receivers: true when `signatureHeader` (`X-Service-Signature`) is the HMAC of the exact `rawBody`
 * bytes under `secret`. Compare in constant time; pass the body as received, never re-serialised JSON.
 */
export const verifyDelivery = (
  secret: string,
  rawBody: string | Uint8Array,
  signatureHeader: string | undefined
): boolean =>
  signatureHeader !== undefined && constantTimeEqual(serviceSignature(secret, rawBody), signatureHeader.trim())

/**
 * For receivers of the Standard Webhooks headers: checks `webhook-signature` (any of its space-separated
 * `v1,` values) and that `webhook-timestamp` is within `toleranceSeconds` of `nowSeconds`.
 */
export const verifyStandard = (input: {
  readonly secret: string
  readonly rawBody: string | Uint8Array
  readonly id: string
  readonly timestamp: string
  readonly signature: string
  readonly nowSeconds: number
  readonly toleranceSeconds?: number
}): boolean => {
  const ts = /^\d{1,12}$/.test(input.timestamp) ? Number(input.timestamp) : Number.NaN
  if (!Number.isFinite(ts) || Math.abs(input.nowSeconds - ts) > (input.toleranceSeconds ?? 300)) return false
  const expected = standardSignature(input.secret, input.id, ts, input.rawBody)
  return input.signature.split(" ").some((candidate) => constantTimeEqual(expected, candidate))
}
