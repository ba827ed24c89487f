/** API keys: `bk_` + 40 base62 characters; only their SHA-256 is stored (docs/decisions.md, "Keys and errors"). */
import { Schema } from "effect"
import { AccountId, ApiKeyId } from "./Ids.js"
import { Scope } from "./Scope.js"
import { sha256, toHex } from "./Sha256.js"

export const prefix = "bk_"
export const bodyLength = 40
const format = /^bk_[0-9A-Za-z]{40}$/

export const isWellFormed = (key: string): boolean => format.test(key)

/** Hex SHA-256 of the whole key: what storage keeps and looks up. */
export const hash = (key: string): string => toHex(sha256(key))

/** The form shown in usage reports and key lists: `bk_…` + last 4 characters. */
export const mask = (key: string): string => `${prefix}…${key.slice(-4)}`

/**
 * What saves made with a key are recorded as: `api` for keys made by people and operators, `extension` for the key
 * the browser extension's connect flow mints (docs/extension.md, "Connect"), `oauth` for an app a person connected
 * through OAuth (the key is the grant; its access tokens act as it, docs/oauth.md).
 */
export const KeySource = Schema.Literals(["api", "extension", "oauth"])
export type KeySource = typeof KeySource.Type

/** The source a save through the JSON API is recorded with: an OAuth app's saves are the API's. */
export const savesAs = (source: KeySource): "api" | "extension" => (source === "extension" ? "extension" : "api")

/** A stored key, without the key itself. */
export const Info = Schema.Struct({
  id: ApiKeyId,
  accountId: AccountId,
  label: Schema.String,
  masked: Schema.String,
  source: KeySource,
  /** What the key may do (docs/oauth.md, "Scopes"); keys made before scopes have all of them. */
  scopes: Schema.Array(Scope),
  createdAt: Schema.Finite,
  revokedAt: Schema.NullOr(Schema.Finite)
})
export type Info = typeof Info.Type
