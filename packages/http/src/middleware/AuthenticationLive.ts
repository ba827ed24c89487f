/** API-key authentication and the allowance charge: one request per authenticated call, headers on every answer. */
import { type Accounts, type AllowanceCounter, authenticate, chargeRequest, Errors, type Policy } from "@bookmarks/domain"
import { Effect, Layer, Option } from "effect"
import { Authentication } from "../Authentication.js"
import * as BearerToken from "./BearerToken.js"
import * as RateLimitHeaders from "./RateLimitHeaders.js"

const authenticateRequest = Effect.gen(function*() {
  const token = yield* BearerToken.read
  if (Option.isNone(token)) return yield* new Errors.Unauthenticated({ reason: "malformed" })
  const principal = yield* authenticate(token.value)
  // A 429 is not charged (the counter refuses without incrementing) but still carries the headers.
  const state = yield* chargeRequest(principal).pipe(
    Effect.tapError((e) => RateLimitHeaders.attach(RateLimitHeaders.refused(e)))
  )
  if (Option.isSome(state)) yield* RateLimitHeaders.attach(state.value)
  return principal
})

export const layer = Layer.effect(
  Authentication,
  Effect.map(Effect.context<Accounts | AllowanceCounter | Policy.Policy>(), (context) =>
    Authentication.of({
      // The header is read directly so that only the Bearer scheme is accepted; the decoded token is the same.
      apiKey: (_token) => Effect.provide(authenticateRequest, context)
    }))
)
