/** API-key authentication and the allowance charge: one request per authenticated call, headers on every answer. */
import { Accounts, AllowanceCounter, authenticateWith, chargeRequestWith, Errors, Policy } from "@bookmark-library/domain"
import { Effect, Layer, Option } from "effect"
import { Authentication } from "../Authentication.js"
import * as BearerToken from "./BearerToken.js"
import * as RateLimitHeaders from "./RateLimitHeaders.js"

/** A 429 is not charged (the counter refuses without incrementing) but still carries the headers. */
const attachRefused = (e: Errors.RateLimited) => RateLimitHeaders.attach(RateLimitHeaders.refused(e))

// The services are resolved once here: providing them to every request would cost a context merge and a
// FiberRef round trip each time, on the hottest path of the service.
export const layer = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    const authenticate = authenticateWith(yield* Accounts)
    const charge = chargeRequestWith(yield* Policy.Policy, yield* AllowanceCounter)
    const authenticateRequest = Effect.flatMap(BearerToken.read, (token) =>
      Option.isNone(token)
        ? new Errors.Unauthenticated({ reason: "malformed" })
        : Effect.flatMap(authenticate(token.value), (principal) =>
          charge(principal).pipe(
            Effect.tapError(attachRefused),
            Effect.flatMap((state) => Option.isSome(state) ? RateLimitHeaders.attach(state.value) : Effect.void),
            Effect.as(principal)
          )))
    return Authentication.of({
      // The header is read directly so that only the Bearer scheme is accepted; the decoded token is the same.
      apiKey: (_token) => authenticateRequest
    })
  })
)
