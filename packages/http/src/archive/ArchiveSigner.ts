/**
 * Short-lived signed links to archived copies (docs/preservation.md, "Opening a copy safely"): the asset id and an
 * expiry, signed with HMAC-SHA-256 under the operator's key; checked in constant time.
 */
import { type AssetId, Ids } from "@bookmark-library/domain"
import { Schema } from "effect"
import { createHmac, timingSafeEqual } from "node:crypto"

/** How long a link opens its copy: long enough to read, short enough that a leaked link soon stops working. */
export const lifetimeMs = 60 * 60 * 1000

const isAssetId = Schema.is(Ids.AssetId)

const mac = (key: Uint8Array, payload: string) => createHmac("sha256", key).update(payload).digest()

/** The token of a link to `asset` that expires at `expiresAt` (epoch ms). */
export const sign = (key: Uint8Array, asset: AssetId, expiresAt: number): string => {
  const payload = `${asset}.${Math.ceil(expiresAt / 1000)}`
  return `${payload}.${mac(key, payload).toString("base64url")}`
}

export type Verdict =
  | { readonly _tag: "Valid"; readonly asset: AssetId }
  | { readonly _tag: "Expired" }
  | { readonly _tag: "Invalid" }

/** Whether `token` is a link this key signed and that has not expired at `now` (epoch ms). */
export const verify = (key: Uint8Array, token: string, now: number): Verdict => {
  const parts = token.split(".")
  if (parts.length !== 3) return { _tag: "Invalid" }
  const [asset = "", seconds = "", signature = ""] = parts
  if (!isAssetId(asset) || !/^\d{1,12}$/.test(seconds) || !/^[A-Za-z0-9_-]{43}$/.test(signature)) {
    return { _tag: "Invalid" }
  }
  const expected = mac(key, `${asset}.${seconds}`)
  const given = Buffer.from(signature, "base64url")
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { _tag: "Invalid" }
  return Number(seconds) * 1000 < now ? { _tag: "Expired" } : { _tag: "Valid", asset }
}
