/**
 * Use cases of the consent step: check an authorization request (before anything is shown, and again when the
 * person approves), then issue a one-time code for what the person granted (docs/oauth.md, "The flow").
 * Until the client and its redirect URI are verified nothing redirects: an error is shown on the page instead, so
 * the endpoint cannot be used as an open redirect.
 */
import { Clock, Effect } from "effect"
import { OAuthRefused } from "../../Errors.js"
import * as OAuth from "../../OAuth.js"
import { OAuthStore } from "../../ports/OAuthStore.js"
import * as Scope from "../../Scope.js"
import type { ClientResolver } from "./ResolveClient.js"
import { newSecret } from "./Secrets.js"

export type AuthorizationParams = Readonly<Record<string, string | undefined>>

/** A checked request: the client, where to send the person back, and what is asked. */
export interface OAuthAuthorizationRequest {
  readonly client: OAuth.Client
  readonly redirectUri: string
  readonly state: string | undefined
  readonly challenge: string
  readonly scopes: ReadonlyArray<Scope.Scope>
  readonly resource: string
}

/** Refused after: sent back to the client's redirect URI with `error` and `state`. */
export interface Redirectable {
  readonly _tag: "Redirectable"
  readonly redirectUri: string
  readonly state: string | undefined
  readonly error: OAuth.ErrorCode
  readonly description: string
}

export const checkRequest = (server: OAuth.Server, resolve: ClientResolver) =>
  Effect.fn("OAuth.checkAuthorization")(function*(params: AuthorizationParams) {
    const shown = (description: string) => new OAuthRefused({ error: "invalid_request", description })
    const clientId = params["client_id"] ?? ""
    if (clientId === "") return yield* shown("The request names no client (client_id is missing)")
    const client = yield* resolve(clientId)
    const requested = params["redirect_uri"]
    const redirectUri = requested ?? (client.redirectUris.length === 1 ? client.redirectUris[0] : undefined)
    if (redirectUri === undefined || !OAuth.redirectMatches(client.redirectUris, redirectUri)) {
      return yield* shown(`The redirect URI is not one registered by ${client.name}`)
    }
    const state = params["state"]
    const back = (error: OAuth.ErrorCode, description: string): Redirectable => ({
      _tag: "Redirectable",
      redirectUri,
      state,
      error,
      description
    })
    if (params["response_type"] !== "code") {
      return yield* Effect.fail(back("unsupported_response_type", "Only response_type=code is supported"))
    }
    const challenge = params["code_challenge"] ?? ""
    if (params["code_challenge_method"] !== "S256" || !OAuth.isChallenge(challenge)) {
      return yield* Effect.fail(
        back("invalid_request", "PKCE is required: code_challenge with code_challenge_method=S256")
      )
    }
    const scopes = params["scope"] === undefined || params["scope"].trim() === ""
      ? Scope.all
      : Scope.parse(params["scope"])
    if (scopes === undefined || scopes.length === 0) {
      return yield* Effect.fail(back("invalid_scope", `Unknown scope; this server has ${Scope.all.join(", ")}`))
    }
    const resource = params["resource"] ?? server.resource
    if (!server.resources.includes(resource)) {
      return yield* Effect.fail(back("invalid_target", `Tokens of this server are for ${server.resource} only`))
    }
    const request: OAuthAuthorizationRequest = { client, redirectUri, state, challenge, scopes, resource }
    return request
  })

/** The redirect that carries a code or an error back to the client, with `state` and `iss` (RFC 9207). */
export const redirectWith = (
  server: OAuth.Server,
  redirectUri: string,
  state: string | undefined,
  values: Readonly<Record<string, string>>
): string => {
  const url = new URL(redirectUri)
  for (const [name, value] of Object.entries(values)) url.searchParams.set(name, value)
  if (state !== undefined) url.searchParams.set("state", state)
  url.searchParams.set("iss", server.issuer)
  return url.href
}

/** A one-time code for what the person granted (at most what was asked). */
export const issueCode = Effect.fn("OAuth.issueCode")(
  function*(request: OAuthAuthorizationRequest, accountId: string, granted: ReadonlyArray<Scope.Scope>) {
    const scopes = Scope.normalize(granted.filter((scope) => request.scopes.includes(scope)))
    if (scopes.length === 0) return yield* new OAuthRefused({ error: "access_denied", description: "No scope granted" })
    const code = yield* newSecret(OAuth.codePrefix)
    yield* (yield* OAuthStore).addCode({
      hash: OAuth.hash(code),
      clientId: request.client.id,
      clientName: request.client.name,
      accountId,
      scopes,
      redirectUri: request.redirectUri,
      challenge: request.challenge,
      resource: request.resource,
      expiresAt: (yield* Clock.currentTimeMillis) + OAuth.codeLifetime
    })
    return code
  }
)
