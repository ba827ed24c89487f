/** API-key authentication and the allowance charge: one request per authenticated call, headers on every answer. */
import {
  Accounts,
  type Allowance,
  AllowanceCounter,
  authenticateBearerWith,
  chargeRequestWith,
  Errors,
  OAuthStore,
  type Principal,
  Scope,
  Settings
} from "@bookmark-library/domain"
import { Effect, identity, Layer, Option } from "effect"
import type * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import { Authentication, CurrentPrincipal } from "../api/Authentication.js"
import { UsageApi } from "../api/UsageApi.js"
import * as Admitted from "./Admitted.js"
import * as BearerChallenge from "./BearerChallenge.js"
import * as BearerToken from "./BearerToken.js"
import * as RateLimitHeaders from "./RateLimitHeaders.js"
import * as RequiredScope from "./RequiredScope.js"

/** A request outside the key's or token's scopes is refused before it is charged (docs/oauth.md, "Scopes"). */
const checkScope = (principal: Principal) =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const needed = RequiredScope.of(request.method, request.url.split("?")[0] ?? "")
    return needed === undefined || Scope.allows(principal.key.scopes, needed)
      ? Effect.void
      : Effect.fail(new Errors.InsufficientScope({ required: needed }))
  })

/** A 429 is not charged (the counter refuses without incrementing) but still carries the headers. */
const attachRefused = (e: Errors.RateLimited) => RateLimitHeaders.attach(RateLimitHeaders.refused(e))

/** A refused key: the 401 carries the RFC 6750 challenge, whichever way the problem is encoded. */
const challenge = (e: Errors.Unauthenticated) => BearerChallenge.attach(BearerChallenge.forApiKey(e))
const challenged = (e: Errors.Unauthenticated) => Effect.andThen(challenge(e), Effect.fail(e))

/**
 * `GET /usage` is how a client tells a spent month from a burst (docs/decisions.md, "`GET /usage` past the monthly
 * allowance"): once the month is spent it is still answered, uncharged (the refused charge counted nothing), with the
 * month's headers. A burst refuses it like any request.
 */
const answersPastMonth = (group: HttpApiGroup.Top) => group.identifier === UsageApi.identifier

const servedPastMonth = (e: Errors.RateLimited) =>
  e.window === "month"
    ? Effect.as(RateLimitHeaders.attach(RateLimitHeaders.uncharged(e)), Option.none())
    : Effect.fail(e)

// The services are resolved once here: providing them to every request would cost a context merge each time, on
// the hottest path of the service.
export const layer = Layer.effect(
  Authentication,
  Effect.gen(function*() {
    // API keys and OAuth access tokens alike (docs/oauth.md, "Tokens").
    const authenticate = authenticateBearerWith(yield* Accounts, yield* OAuthStore)
    const charge = chargeRequestWith(yield* Settings.Settings, yield* AllowanceCounter)
    // The charge's outcome on the answer: the headers on every answer, the refusal as the request's error.
    const settle = (
      principal: Principal,
      charged: Effect.Effect<Option.Option<Allowance.State>, Errors.RateLimited>,
      pastMonth: boolean
    ) =>
      charged.pipe(
        pastMonth ? Effect.catchTag("RateLimited", servedPastMonth) : identity,
        Effect.tapError(attachRefused),
        Effect.flatMap((state) => Option.isSome(state) ? RateLimitHeaders.attach(state.value) : Effect.void),
        Effect.as(principal)
      )
    const authenticateRequest = (pastMonth: boolean) =>
      Effect.flatMap(BearerToken.read, (token) =>
        Option.isNone(token)
          ? challenged(new Errors.Unauthenticated({ reason: "malformed" }))
          : Effect.flatMap(
            Effect.tapErrorTag(authenticate(token.value), "Unauthenticated", challenge),
            (principal) => Effect.andThen(checkScope(principal), settle(principal, charge(principal), pastMonth))
          ))
    // A request the fast path already charged (Admitted.ts) is settled with that charge, never charged again.
    const admittedOr = (pastMonth: boolean) => {
      const general = authenticateRequest(pastMonth)
      return Effect.withFiber((fiber) => {
        const admitted = fiber.getRef(Admitted.Admitted)
        return admitted === undefined
          ? general
          : settle(admitted.principal, admitted.charge, pastMonth)
      })
    }
    const charged = admittedOr(false)
    const usage = admittedOr(true)
    return Authentication.of({
      // The header is read directly rather than through the decoded credential: a missing header (a missing key)
      // and another scheme (a malformed one) are answered differently, and both decode to an empty credential.
      apiKey: (httpEffect, { group }) =>
        Effect.flatMap(
          answersPastMonth(group) ? usage : charged,
          (principal) => Effect.provideService(httpEffect, CurrentPrincipal, principal)
        )
    })
  })
)
