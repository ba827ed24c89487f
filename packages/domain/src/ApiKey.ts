/** API keys: `bk_` + 40 base62 characters; only their SHA-256 is stored (docs/decisions.md, "Keys and errors"). */
import { Schema } from "effect"
import { AccountId, ApiKeyId } from "./Ids.js"
import { sha256, toHex } from "./Sha256.js"

export const prefix = "bk_"
export const bodyLength = 40
const format = /^bk_[0-9A-Za-z]{40}$/

export const isWellFormed = (key: string): boolean => format.test(key)

/** Hex SHA-256 of the whole key: what storage keeps and looks up. */
export const hash = (key: string): string => toHex(sha256(key))

/** The form shown in usage reports and key lists: `bk_…` + last 4 characters. */
export const mask = (key: string): string => `${prefix}…${key.slice(-4)}`

/** A stored key, without the key itself. */
export const Info = Schema.Struct({
  id: ApiKeyId,
  accountId: AccountId,
  label: Schema.String,
  masked: Schema.String,
  createdAt: Schema.Number,
  revokedAt: Schema.NullOr(Schema.Number)
})
export type Info = typeof Info.Type
