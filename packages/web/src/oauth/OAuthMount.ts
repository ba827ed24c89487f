/**
 * The OAuth 2.1 authorization server's machine endpoints (docs/oauth.md): the discovery documents, the token
 * endpoint and Dynamic Client Registration (behind OAUTH_REGISTRATION, rate-limited). The consent page is a page
 * of the web app (ConsentPage.ts). Every answer is JSON, never cached; errors are RFC 6749 `{error,
 * error_description}` bodies, and nothing is issued on any of them.
 */
import {
  type Accounts,
  Errors,
  exchangeToken,
  type IdGenerator,
  type OAuth,
  type OAuthStore,
  registerClient,
  Text
} from "@bookmark-library/domain"
import { ByteSize, Cause, Effect, Option, Predicate } from "effect"
import * as HttpIncomingMessage from "effect/http/HttpIncomingMessage"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import * as Metadata from "./Metadata.js"
import * as RateWindow from "./RateWindow.js"

export interface Options {
  readonly server: OAuth.Server
  /** Dynamic Client Registration (OAUTH_REGISTRATION, on by default). */
  readonly registration: boolean
  /** Registrations per client address per hour. */
  readonly registrationsPerHour?: number
}

export type Services = Accounts | IdGenerator | OAuthStore

export const maxBodyBytes = 16 * 1024

const paths = {
  authorizationServer: "/.well-known/oauth-authorization-server",
  protectedResource: "/.well-known/oauth-protected-resource",
  token: "/oauth/token",
  register: "/oauth/register"
} as const

const noStore = { "cache-control": "no-store", pragma: "no-cache" }

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  HttpServerResponse.jsonUnsafe(body, { status, headers: { ...noStore, ...headers } })

/** Discovery documents are public and read by browser-based clients too. */
const discovery = (body: unknown) => json(body, 200, { "access-control-allow-origin": "*" })

const oauthError = (error: string, description: string, status = 400) =>
  json({ error, error_description: description }, status)

const readText = (request: HttpServerRequest.HttpServerRequest) =>
  Effect.gen(function*() {
    const length = Number(request.headers["content-length"] ?? "0")
    if (length > maxBodyBytes) return Option.none<string>()
    return yield* request.text.pipe(
      Effect.provideService(HttpIncomingMessage.MaxBodySize, ByteSize.bytes(maxBodyBytes)),
      Effect.map(Option.some),
      Effect.orElseSucceed(() => Option.none<string>())
    )
  })

export const claims = (pathname: string) =>
  pathname === paths.authorizationServer || pathname === paths.token || pathname === paths.register ||
  pathname === paths.protectedResource || pathname.startsWith(`${paths.protectedResource}/`)

export const make = (options: Options) =>
  Effect.gen(function*() {
    const context = yield* Effect.context<Services>()
    const { server } = options
    const exchange = exchangeToken(server)
    const admitRegistration = RateWindow.make(options.registrationsPerHour ?? 20, 60 * 60_000)

    const token = (request: HttpServerRequest.HttpServerRequest) =>
      Effect.gen(function*() {
        if (request.method !== "POST") return oauthError("invalid_request", "The token endpoint takes POST", 405)
        const type = (request.headers["content-type"] ?? "").split(";")[0]?.trim().toLowerCase()
        if (type !== "application/x-www-form-urlencoded") {
          return oauthError("invalid_request", "Send the token request as application/x-www-form-urlencoded")
        }
        const text = yield* readText(request)
        if (Option.isNone(text)) {
          return oauthError("invalid_request", `The body is larger than ${maxBodyBytes} bytes`, 413)
        }
        const params: Record<string, string> = {}
        for (const [name, value] of new URLSearchParams(text.value)) {
          if (name in params) {
            return oauthError("invalid_request", `The parameter ${name} is repeated`)
          }
          if (Text.problem(value) !== undefined) {
            return oauthError("invalid_request", `The parameter ${name} is not text`)
          }
          params[name] = value
        }
        if (params["client_secret"] !== undefined || request.headers["authorization"] !== undefined) {
          return oauthError("invalid_client", "Clients of this server are public: send no client secret", 401)
        }
        const answered = yield* Effect.result(exchange(params))
        if (answered._tag === "Success") return json(answered.success)
        const failure = answered.failure
        return failure._tag === "OAuthRefused"
          ? oauthError(failure.error, failure.description, failure.error === "invalid_client" ? 401 : 400)
          : oauthError("temporarily_unavailable", failure.message, 503)
      })

    const register = (request: HttpServerRequest.HttpServerRequest) =>
      Effect.gen(function*() {
        if (!options.registration) {
          return oauthError("invalid_request", "Dynamic client registration is off on this server", 404)
        }
        if (request.method !== "POST") return oauthError("invalid_request", "Registration takes POST", 405)
        const address = Option.getOrElse(request.remoteAddress, () => "unknown")
        const wait = admitRegistration(address)
        if (wait > 0) {
          const seconds = Math.max(1, Math.ceil(wait / 1000))
          return json(
            {
              error: "slow_down",
              error_description: `Too many registrations from this address; try again in ${Math.ceil(seconds / 60)} min`
            },
            429,
            { "retry-after": String(seconds) }
          )
        }
        const text = yield* readText(request)
        if (Option.isNone(text)) {
          return oauthError("invalid_client_metadata", `The body is larger than ${maxBodyBytes} bytes`, 413)
        }
        let body: unknown
        try {
          body = JSON.parse(text.value)
        } catch {
          return oauthError("invalid_client_metadata", "The registration is not JSON")
        }
        const registered = yield* Effect.result(registerClient(body))
        if (registered._tag === "Failure") {
          const failure = registered.failure
          return failure._tag === "OAuthRefused"
            ? oauthError(failure.error, failure.description)
            : oauthError("temporarily_unavailable", failure.message, 503)
        }
        const client = registered.success
        return json({
          client_id: client.id,
          client_id_issued_at: Math.floor(client.createdAt / 1000),
          client_name: client.name,
          redirect_uris: client.redirectUris,
          token_endpoint_auth_method: "none",
          grant_types: ["authorization_code", "refresh_token"],
          response_types: ["code"]
        }, 201)
      })

    const app = Effect.gen(function*() {
      const request = yield* HttpServerRequest.HttpServerRequest
      const pathname = new URL(request.url, server.issuer).pathname
      if (pathname === paths.authorizationServer) {
        return discovery(Metadata.authorizationServer(server, options.registration))
      }
      if (pathname === paths.protectedResource || pathname.startsWith(`${paths.protectedResource}/`)) {
        const suffix = pathname.slice(paths.protectedResource.length)
        const resource = `${server.issuer}${suffix}`
        return server.resources.includes(resource) || suffix === ""
          ? discovery(Metadata.protectedResource(server, suffix === "" ? server.resource : resource))
          : oauthError("invalid_target", "No protected resource at that path", 404)
      }
      if (pathname === paths.token) return yield* token(request)
      return yield* register(request)
    }).pipe(
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause) ? Effect.interrupt : Effect.andThen(
          Effect.logError("OAuth endpoint failed", cause),
          Effect.succeed(
            Option.match(Cause.findErrorOption(cause), {
              onNone: () => oauthError("server_error", "The server could not answer; the problem was logged", 500),
              onSome: (e) =>
                Predicate.isTagged(e, "StorageUnavailable")
                  ? oauthError("temporarily_unavailable", new Errors.StorageUnavailable({ reason: "" }).message, 503)
                  : oauthError("server_error", "The server could not answer; the problem was logged", 500)
            })
          )
        )
      ),
      Effect.provide(context)
    )

    return { name: "oauth", claims, app }
  })
