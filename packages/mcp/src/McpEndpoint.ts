/**
 * `/mcp`: the MCP face over Streamable HTTP, inside the service's HTTP server. In order: the Origin check (403),
 * the API key (401), the body (at most 256 KiB), the allowance — one charged request per `tools/call` or
 * `resources/read`, nothing for housekeeping (429 past it, the call not run) — then the MCP SDK, which serves
 * the 2026-07-28 revision and, statelessly, the 2025 revisions. Every answer to a known key carries the
 * X-RateLimit headers. See docs/mcp.md.
 */
import * as HttpIncomingMessage from "@effect/platform/HttpIncomingMessage"
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import {
  Accounts,
  Allowance,
  AllowanceCounter,
  authenticateWith,
  chargeRequestWith,
  Errors,
  peekAllowanceWith,
  Policy,
  type Principal
} from "@bookmark-library/domain"
import { Effect, Option, type Runtime } from "effect"
import * as Bearer from "./Bearer.js"
import * as EdgeAnswers from "./EdgeAnswers.js"
import * as Metering from "./Metering.js"
import * as OriginPolicy from "./OriginPolicy.js"
import type { Services } from "./Tool.js"

export interface Options {
  /** PUBLIC_URL: its origin is the one browser origin besides loopback allowed to call (OriginPolicy). */
  readonly publicUrl: string
}

/** Far above any MCP message we serve (a save is a few KiB), far below what would strain memory. */
export const maxBodyBytes = 256 * 1024

const readBody = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function*() {
    if (request.method !== "POST") return Option.none<string>()
    const length = Number(request.headers["content-length"] ?? Number.NaN)
    if (length > maxBodyBytes) return yield* Effect.fail("too large" as const)
    const text = yield* request.text.pipe(
      HttpIncomingMessage.withMaxBodySize(Option.some(maxBodyBytes)),
      Effect.mapError(() => "too large" as const)
    )
    return Option.some(text)
  })

const parseJson = (text: string): unknown => {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The request as the SDK's web-standard handler takes it, with the body already read. */
const toWebRequest = (request: HttpServerRequest.HttpServerRequest, base: string, body: Option.Option<string>, signal: AbortSignal) =>
  new Request(new URL(request.url, base), {
    method: request.method,
    headers: Object.entries(request.headers),
    signal,
    ...Option.match(body, { onNone: () => ({}), onSome: (text) => ({ body: text }) })
  })

export const make = (options: Options) =>
  Effect.gen(function*() {
    const runtime: Runtime.Runtime<Services> = yield* Effect.runtime<Services>()
    const authenticate = authenticateWith(yield* Accounts)
    const policy = yield* Policy.Policy
    const counter = yield* AllowanceCounter
    const charge = chargeRequestWith(policy, counter)
    const peek = peekAllowanceWith(policy, counter)
    const allowedOrigin = OriginPolicy.make(options.publicUrl)
    // The SDK loads with the first request that gets this far (McpDispatch).
    const sdk = yield* Effect.cached(Effect.promise(() => import("./McpDispatch.js")))

    /** The SDK for one request: a fresh server per request, made for this caller. */
    const dispatch = (request: HttpServerRequest.HttpServerRequest, principal: Principal, body: Option.Option<string>, parsed: unknown) =>
      Effect.gen(function*() {
        const errors: Array<Error> = []
        const { dispatch } = yield* sdk
        const response = yield* Effect.tryPromise({
          try: (signal) =>
            dispatch(runtime, principal, {
              request: toWebRequest(request, options.publicUrl, body, signal),
              parsed,
              maxBodyBytes,
              onerror: (error) => void errors.push(error)
            }),
          catch: (cause) => cause
        }).pipe(Effect.orDie)
        // Refused client messages (a wrong header, an unknown method) are worth a debug line; a 5xx is our bug.
        const log = response.status >= 500 ? Effect.logError : Effect.logDebug
        yield* Effect.forEach(errors, (error) => log("MCP request refused or failed in the SDK", error.message))
        return HttpServerResponse.fromWeb(response)
      })

    const serve = (request: HttpServerRequest.HttpServerRequest, principal: Principal) =>
      Effect.gen(function*() {
        const body = yield* Effect.either(readBody(request))
        if (body._tag === "Left") return EdgeAnswers.tooLarge(maxBodyBytes)
        const parsed = Option.match(body.right, { onNone: () => undefined, onSome: parseJson })
        const cost = Metering.of(parsed)
        if (cost._tag === "Charged") {
          const charged = yield* Effect.either(charge(principal))
          if (charged._tag === "Left") return EdgeAnswers.rateLimited(cost.id, charged.left)
          return withAllowance(yield* dispatch(request, principal, body.right, parsed), charged.right)
        }
        const state = yield* peek(principal)
        if (cost._tag === "Batch") return withAllowance(EdgeAnswers.batch(), state)
        return withAllowance(yield* dispatch(request, principal, body.right, parsed), state)
      })

    const app: HttpApp.Default = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const origin = request.headers["origin"]
      if (!allowedOrigin(origin, request.headers["host"])) return EdgeAnswers.foreignOrigin(origin ?? "")
      const token = Bearer.read(request.headers["authorization"])
      const principal = yield* Effect.either(
        Option.isNone(token) ? Effect.fail(new Errors.Unauthenticated({ reason: "malformed" })) : authenticate(token.value)
      )
      if (principal._tag === "Left") {
        const error = principal.left
        return error._tag === "Unauthenticated" ? EdgeAnswers.unauthenticated(error) : EdgeAnswers.unavailable(error)
      }
      return yield* serve(request, principal.right)
    })
    return app
  })

/** The allowance headers, when the counter could be read (fail open: none otherwise). */
const withAllowance = (response: HttpServerResponse.HttpServerResponse, state: Option.Option<Allowance.State>) =>
  Option.match(state, {
    onNone: () => response,
    onSome: (s) => HttpServerResponse.setHeaders(response, Allowance.headers(s))
  })
