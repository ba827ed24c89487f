/**
 * `/mcp`: the MCP face over Streamable HTTP, inside the service's HTTP server. In order: the Origin check (403),
 * the API key (401), the body (at most 256 KiB), the allowance — one charged request per `tools/call` or
 * `resources/read`, nothing for housekeeping (429 past it, the call not run) — then the MCP SDK, which serves
 * the 2026-07-28 revision and, statelessly, the 2025 revisions. Every answer to a known key carries the
 * X-RateLimit headers. See docs/mcp.md.
 */
import {
  Accounts,
  Allowance,
  AllowanceCounter,
  authenticateBearerWith,
  chargeRequestWith,
  Errors,
  OAuth,
  OAuthStore,
  peekAllowanceWith,
  type Principal,
  Settings
} from "@bookmark-library/domain"
import { ByteSize, type Context, Effect, Option } from "effect"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Bearer from "./Bearer.js"
import * as EdgeAnswers from "./EdgeAnswers.js"
import * as Metering from "./Metering.js"
import * as OriginPolicy from "./OriginPolicy.js"
import * as ScopeCheck from "./ScopeCheck.js"
import type { Services } from "./Tool.js"

/** The endpoint as an HTTP app: every service it needs already provided, every failure answered. */
export type App = Effect.Effect<HttpServerResponse.HttpServerResponse, never, HttpServerRequest.HttpServerRequest>

export interface Options {
  /** PUBLIC_URL: its origin is the one browser origin besides loopback allowed to call (OriginPolicy). */
  readonly publicUrl: string
}

/** The authenticated caller of one request. */
interface Caller {
  readonly principal: Principal
  readonly token: string
}

/** Far above any MCP message we serve (a save is a few KiB), far below what would strain memory. */
export const maxBodyBytes = 256 * 1024

const readBody = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function*() {
    if (request.method !== "POST") return Option.none<string>()
    const length = Number(request.headers["content-length"] ?? Number.NaN)
    if (length > maxBodyBytes) return yield* Effect.fail("too large" as const)
    const text = yield* request.text.pipe(
      Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(maxBodyBytes)),
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
const toWebRequest = (
  request: HttpServerRequest.HttpServerRequest,
  base: string,
  body: Option.Option<string>,
  signal: AbortSignal
) =>
  new Request(new URL(request.url, base), {
    method: request.method,
    headers: Object.entries(request.headers),
    signal,
    ...Option.match(body, { onNone: () => ({}), onSome: (text) => ({ body: text }) })
  })

export const make = (options: Options) =>
  Effect.gen(function*() {
    const services: Context.Context<Services> = yield* Effect.context<Services>()
    // API keys and OAuth access tokens alike (docs/oauth.md, "Tokens").
    const authenticate = authenticateBearerWith(yield* Accounts, yield* OAuthStore)
    const settings = yield* Settings.Settings
    const counter = yield* AllowanceCounter
    const charge = chargeRequestWith(settings, counter)
    const peek = peekAllowanceWith(settings, counter)
    const allowedOrigin = OriginPolicy.make(options.publicUrl)
    const resourceMetadata = `${OAuth.serverFor(options.publicUrl).issuer}/.well-known/oauth-protected-resource/mcp`
    // Refused client messages (a wrong header, an unknown method) are worth a debug line. The handler is shared
    // by every request, so its reports cannot be told apart per request; a 5xx is logged as an error below.
    const onerror = (error: Error) =>
      void Effect.runForkWith(services)(Effect.logDebug("MCP request refused or failed in the SDK", error.message))
    // The SDK loads with the first request that gets this far; its handler is made then, once (McpDispatch).
    const sdk = yield* Effect.cached(
      Effect.promise(() => import("./McpDispatch.js")).pipe(
        Effect.map((module) => module.make(services, { maxBodyBytes, onerror }))
      )
    )

    /** One request through the SDK's handler, for this caller. */
    const dispatch = (
      request: HttpServerRequest.HttpServerRequest,
      caller: Caller,
      body: Option.Option<string>,
      parsed: unknown
    ) =>
      Effect.gen(function*() {
        const { dispatch } = yield* sdk
        const response = yield* Effect.tryPromise({
          try: (signal) =>
            dispatch({
              request: toWebRequest(request, options.publicUrl, body, signal),
              principal: caller.principal,
              token: caller.token,
              parsed
            }),
          catch: (cause) => cause
        }).pipe(Effect.orDie)
        // A 5xx is our bug: the SDK's report of it is the debug line just before.
        if (response.status >= 500) {
          yield* Effect.logError("MCP request failed in the SDK", { status: response.status })
        }
        return HttpServerResponse.fromWeb(response)
      })

    const serve = (request: HttpServerRequest.HttpServerRequest, caller: Caller) =>
      Effect.gen(function*() {
        const { principal } = caller
        const body = yield* Effect.result(readBody(request))
        if (body._tag === "Failure") return EdgeAnswers.tooLarge(maxBodyBytes)
        const parsed = Option.match(body.success, { onNone: () => undefined, onSome: parseJson })
        const lacking = ScopeCheck.missing(principal, parsed)
        if (lacking !== undefined) {
          return EdgeAnswers.insufficientScope(
            Metering.idOf(parsed),
            new Errors.InsufficientScope({ required: lacking })
          )
        }
        const cost = Metering.of(parsed)
        if (cost._tag === "Charged") {
          const charged = yield* Effect.result(charge(principal))
          if (charged._tag === "Failure") {
            const spent = charged.failure
            if (!cost.pastMonth || spent.window !== "month") return EdgeAnswers.rateLimited(cost.id, spent)
            // The refused charge counted nothing: `get_usage` answers uncharged, with the month's headers.
            const state: Allowance.State = { ...EdgeAnswers.refusedState(spent), admitted: true }
            return withAllowance(yield* dispatch(request, caller, body.success, parsed), Option.some(state))
          }
          return withAllowance(yield* dispatch(request, caller, body.success, parsed), charged.success)
        }
        const state = yield* peek(principal)
        if (cost._tag === "Batch") return withAllowance(EdgeAnswers.batch(), state)
        return withAllowance(yield* dispatch(request, caller, body.success, parsed), state)
      })

    const app: App = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const origin = request.headers["origin"]
      if (!allowedOrigin(origin, request.headers["host"])) return EdgeAnswers.foreignOrigin(origin ?? "")
      const token = Bearer.read(request.headers["authorization"])
      if (Option.isNone(token)) {
        return EdgeAnswers.unauthenticated(new Errors.Unauthenticated({ reason: "malformed" }), resourceMetadata)
      }
      const principal = yield* Effect.result(authenticate(token.value))
      if (principal._tag === "Failure") {
        const error = principal.failure
        return error._tag === "Unauthenticated"
          ? EdgeAnswers.unauthenticated(error, resourceMetadata)
          : EdgeAnswers.unavailable(error)
      }
      return yield* serve(request, { principal: principal.success, token: token.value })
    })
    return app
  })

/** The allowance headers, when the counter could be read (fail open: none otherwise). */
const withAllowance = (response: HttpServerResponse.HttpServerResponse, state: Option.Option<Allowance.State>) =>
  Option.match(state, {
    onNone: () => response,
    onSome: (s) => HttpServerResponse.setHeaders(response, Allowance.headers(s))
  })
