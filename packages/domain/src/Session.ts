/**
 * Web sessions: an opaque random token in a cookie, stored only as its SHA-256, with a 30-day sliding expiry.
 * The CSRF token of a session is derived from its token, so it needs no storage of its own (docs/people.md).
 */
import { Schema } from "effect"
import { UserId } from "./Ids.js"
import { constantTimeEqual, hmacSha256, sha256, toHex } from "./Sha256.js"

export const lifetime = 30 * 24 * 3600_000
/** A session used again after this long gets its expiry moved; more often would write on every page. */
export const slideEvery = 3600_000

export const Record = Schema.Struct({
  /** Hex SHA-256 of the token: the token itself is never stored. */
  hash: Schema.String,
  userId: UserId,
  createdAt: Schema.Finite,
  expiresAt: Schema.Finite
})
export type Record = typeof Record.Type

/** 32 random bytes as 64 hex characters. */
export const tokenFromBytes = (random32: Uint8Array): string => toHex(random32)

export const isWellFormed = (token: string): boolean => /^[0-9a-f]{64}$/.test(token)

export const hash = (token: string): string => toHex(sha256(token))

/** Whether the expiry is due to move forward (at most once per `slideEvery`). */
export const shouldSlide = (session: Record, now: number): boolean => session.expiresAt - now < lifetime - slideEvery

export const isLive = (session: Record, now: number): boolean => session.expiresAt > now

/** The per-session CSRF token every state-changing form carries. */
export const csrfToken = (token: string): string => toHex(hmacSha256(token, "csrf"))

export const checkCsrf = (token: string, submitted: string): boolean => constantTimeEqual(csrfToken(token), submitted)
