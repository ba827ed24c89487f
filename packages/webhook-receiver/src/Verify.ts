/** The two signature checks a receiver makes: `X-Service-Signature`, and the Standard Webhooks headers. */
import { createHmac, timingSafeEqual } from "node:crypto"

/** A header as Node (`string | string[] | undefined`) or fetch (`string | null`) hands it over. */
type HeaderValue = string | ReadonlyArray<string> | null | undefined

const secretPrefix = "whsec_"
const strictBase64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/

/** One header value; a repeated header is never valid (a sender puts one signature header on a delivery). */
const single = (value: HeaderValue): string | undefined =>
  typeof value === "string" ? value : value !== null && value !== undefined && value.length === 1 ? value[0] : undefined

/** Equal strings, compared in time that depends only on their lengths (which are public). */
const equal = (a: string, b: string): boolean => {
  const x = Buffer.from(a, "utf8")
  const y = Buffer.from(b, "utf8")
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * True when `signatureHeader` (`X-Service-Signature`) is `sha256=` + the hex HMAC-SHA256 of the exact `rawBody` bytes
 * keyed with `secret`. Pass the body as received (a `Buffer`, `Uint8Array` or the string it decoded to), never JSON
 * parsed and serialised again: one changed byte changes the signature.
 */
export const verifyDelivery = (secret: string, rawBody: string | Uint8Array, signatureHeader: HeaderValue): boolean => {
  const given = single(signatureHeader)
  if (given === undefined) return false
  const expected = `sha256=${createHmac("sha256", secret).update(rawBody).digest("hex")}`
  return equal(expected, given.trim())
}

/** The Standard Webhooks headers of a delivery: Node's `request.headers`, or fetch's `Headers`. */
export type StandardHeaders =
  | {
    readonly "webhook-id"?: HeaderValue
    readonly "webhook-timestamp"?: HeaderValue
    readonly "webhook-signature"?: HeaderValue
  }
  | { readonly get: (name: string) => string | null }

const isFetchHeaders = (headers: StandardHeaders): headers is { readonly get: (name: string) => string | null } =>
  "get" in headers && typeof headers.get === "function"

const header = (headers: StandardHeaders, name: "webhook-id" | "webhook-timestamp" | "webhook-signature") =>
  single(isFetchHeaders(headers) ? headers.get(name) : headers[name])

/** The signing key: the base64-decoded part of `whsec_…`, or the secret's UTF-8 bytes when that is not base64. */
const standardKey = (secret: string): Buffer => {
  const encoded = secret.startsWith(secretPrefix) ? secret.slice(secretPrefix.length) : secret
  return strictBase64.test(encoded) ? Buffer.from(encoded, "base64") : Buffer.from(encoded, "utf8")
}

/**
 * True when one of the space-separated `v1,<base64>` values of `webhook-signature` is the HMAC-SHA256 of
 * `id.timestamp.body` and `webhook-timestamp` is within `toleranceSeconds` (default 300) of now: replays of old
 * deliveries are refused. The same check as the `standardwebhooks` package.
 */
export const verifyStandard = (
  secret: string,
  rawBody: string | Uint8Array,
  headers: StandardHeaders,
  options: { readonly nowSeconds?: number; readonly toleranceSeconds?: number } = {}
): boolean => {
  const id = header(headers, "webhook-id")
  const timestamp = header(headers, "webhook-timestamp")
  const signatures = header(headers, "webhook-signature")
  if (id === undefined || timestamp === undefined || signatures === undefined) return false
  if (!/^\d{1,12}$/.test(timestamp)) return false
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300)) return false
  const expected = `v1,${
    createHmac("sha256", standardKey(secret)).update(`${id}.${timestamp}.`).update(rawBody).digest("base64")
  }`
  return signatures.split(" ").some((candidate) => equal(expected, candidate))
}
