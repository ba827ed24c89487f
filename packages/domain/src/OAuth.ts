/**
 * The rules of the OAuth 2.1 authorization server (docs/oauth.md, "The authorization server"): what codes and
 * tokens look like and how long they live, PKCE S256, exact redirect-URI matching with the loopback exception of
 * RFC 8252, and the masked identifier an app's requests show under in usage reports.
 */
import { Schema } from "effect"
import * as Base62 from "./Base62.js"
import type { Scope } from "./Scope.js"
import { constantTimeEqual, sha256, toHex } from "./Sha256.js"

/** Prefixes tell the kinds apart at a glance (and in leak scanners): access token, refresh token, code, client id. */
export const accessPrefix = "bka_"
export const refreshPrefix = "bkr_"
export const codePrefix = "bkc_"
export const clientPrefix = "bkapp_"
export const secretLength = 40

/** Lifetimes, ms: a code is exchanged within seconds; an access token is short-lived; a refresh token rotates. */
export const codeLifetime = 60_000
export const accessLifetime = 60 * 60_000
export const refreshLifetime = 30 * 24 * 60 * 60_000

const secretFormat = (prefix: string) => new RegExp(`^${prefix}[0-9A-Za-z]{${secretLength}}$`)
const accessFormat = secretFormat(accessPrefix)

export const isAccessToken = (token: string): boolean => accessFormat.test(token)

/** Hex SHA-256: codes and tokens are stored and looked up by it only. */
export const hash = (secret: string): string => toHex(sha256(secret))

/** A new secret of `prefix` from random bytes (IdGenerator.bytes). */
export const secretFrom = (prefix: string, bytes: Uint8Array): string => prefix + Base62.fromBytes(bytes, secretLength)

const base64url = (bytes: Uint8Array): string => {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
  let out = ""
  for (let i = 0; i < bytes.length; i += 3) {
    const n = ((bytes[i] ?? 0) << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0)
    const chars = i + 2 < bytes.length ? 4 : i + 1 < bytes.length ? 3 : 2
    for (let c = 0; c < chars; c++) out += alphabet[(n >> (18 - 6 * c)) & 63]
  }
  return out
}

/** RFC 7636: 43 to 128 unreserved characters. */
const verifierFormat = /^[A-Za-z0-9\-._~]{43,128}$/
/** A base64url SHA-256: 43 characters. */
const challengeFormat = /^[A-Za-z0-9\-_]{43}$/

export const isChallenge = (challenge: string): boolean => challengeFormat.test(challenge)

/** PKCE S256: whether `verifier` hashes to `challenge` (compared in constant time). */
export const verifies = (verifier: string, challenge: string): boolean =>
  verifierFormat.test(verifier) && constantTimeEqual(base64url(sha256(verifier)), challenge)

const loopbackHosts: ReadonlySet<string> = new Set(["127.0.0.1", "[::1]", "localhost"])

const parse = (url: string): URL | undefined => {
  try {
    return new URL(url)
  } catch {
    return undefined
  }
}

/**
 * Whether a registered redirect URI may be used: https (or a loopback http address for native apps), no fragment,
 * no credentials.
 */
export const isAcceptableRedirect = (uri: string): boolean => {
  const url = parse(uri)
  if (url === undefined || url.hash !== "" || url.username !== "" || url.password !== "") return false
  if (url.protocol === "https:") return true
  return url.protocol === "http:" && loopbackHosts.has(url.hostname)
}

/**
 * Exact matching of a requested redirect URI against the registered ones (OAuth 2.1 §2.3.1); for loopback
 * addresses the port may differ (RFC 8252 §7.3), nothing else may.
 */
export const redirectMatches = (registered: ReadonlyArray<string>, requested: string): boolean => {
  if (registered.includes(requested)) return true
  const asked = parse(requested)
  if (asked === undefined || asked.protocol !== "http:" || !loopbackHosts.has(asked.hostname)) return false
  return registered.some((uri) => {
    const known = parse(uri)
    return known !== undefined && known.protocol === "http:" && known.hostname === asked.hostname &&
      known.pathname === asked.pathname && known.search === asked.search
  })
}

/** The identifier an app's requests show under in `usage.byKey` and on the Usage page: it names the app. */
export const masked = (clientName: string, tokenSuffix: string): string =>
  `oauth:${clientName.replace(/\s+/g, " ").trim().slice(0, 60)}…${tokenSuffix.slice(-4)}`

/** A client the server knows: registered (DCR) or described by its metadata document (the id is its URL). */
export const Client = Schema.Struct({
  id: Schema.String,
  name: Schema.String,
  redirectUris: Schema.Array(Schema.String),
  kind: Schema.Literals(["registered", "metadata"]),
  createdAt: Schema.Finite
})
export type Client = typeof Client.Type

/** What a code stands for until it is exchanged (stored by its hash). */
export interface StoredCode {
  readonly hash: string
  readonly clientId: string
  readonly clientName: string
  readonly accountId: string
  readonly scopes: ReadonlyArray<Scope>
  readonly redirectUri: string
  readonly challenge: string
  readonly resource: string
  readonly expiresAt: number
}

/** An access or refresh token (stored by its hash); `keyId` is the grant it acts as. */
export interface StoredToken {
  readonly hash: string
  readonly kind: "access" | "refresh"
  readonly keyId: string
  readonly accountId: string
  readonly clientId: string
  readonly resource: string
  readonly createdAt: number
  readonly expiresAt: number
}

/** The errors of RFC 6749 §5.2 and RFC 8707, as a client reads them (the `error` member). */
export const ErrorCode = Schema.Literals([
  "invalid_request",
  "invalid_client",
  "invalid_grant",
  "unauthorized_client",
  "unsupported_grant_type",
  "unsupported_response_type",
  "invalid_scope",
  "invalid_target",
  "invalid_redirect_uri",
  "invalid_client_metadata",
  "access_denied",
  "temporarily_unavailable"
])
export type ErrorCode = typeof ErrorCode.Type

/** Where this server's authorization server and protected resource live, from PUBLIC_URL. */
export interface Server {
  /** The issuer: PUBLIC_URL's origin. */
  readonly issuer: string
  /** The canonical resource (RFC 8707, RFC 9728): the MCP endpoint. */
  readonly resource: string
  /** Every resource indicator a token may be bound to: the MCP endpoint, the JSON API and the server itself. */
  readonly resources: ReadonlyArray<string>
}

export const serverFor = (publicUrl: string): Server => {
  const issuer = new URL(publicUrl).origin
  return {
    issuer,
    resource: `${issuer}/mcp`,
    resources: [`${issuer}/mcp`, `${issuer}/v1/api`, issuer, `${issuer}/`]
  }
}
