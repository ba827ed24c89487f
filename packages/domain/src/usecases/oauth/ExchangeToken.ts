/**
 * Use case: the token endpoint (docs/oauth.md, "Tokens"). `authorization_code`: a one-time code, with the PKCE
 * verifier, from the client and for the redirect URI it was issued to, becomes a grant (an API key of source
 * `oauth`, named after the app) and its first tokens. `refresh_token`: a refresh token is used once and replaced; a
 * second use of one is a replay, and revokes the whole grant (every token of the family). Nothing is issued on any
 * refusal.
 */
import { Clock, Effect, Option } from "effect"
import type * as ApiKey from "../../ApiKey.js"
import { OAuthRefused } from "../../Errors.js"
import { AccountId, ApiKeyId } from "../../Ids.js"
import * as OAuth from "../../OAuth.js"
import { Accounts } from "../../ports/Accounts.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { OAuthStore } from "../../ports/OAuthStore.js"
import * as Scope from "../../Scope.js"
import { newSecret } from "./Secrets.js"

export type TokenParams = Readonly<Record<string, string | undefined>>

export interface TokenAnswer {
  readonly access_token: string
  readonly token_type: "Bearer"
  readonly expires_in: number
  readonly refresh_token: string
  readonly scope: string
}

const grantError = (description: string) => new OAuthRefused({ error: "invalid_grant", description })

/** An access and a refresh token for the grant. */
const issueTokens = Effect.fnUntraced(function*(grant: ApiKey.Info, clientId: string, resource: string) {
  const store = yield* OAuthStore
  const now = yield* Clock.currentTimeMillis
  const access = yield* newSecret(OAuth.accessPrefix)
  const refresh = yield* newSecret(OAuth.refreshPrefix)
  const base = { keyId: grant.id, accountId: grant.accountId, clientId, resource, createdAt: now }
  yield* store.addToken({ ...base, hash: OAuth.hash(access), kind: "access", expiresAt: now + OAuth.accessLifetime })
  yield* store.addToken({ ...base, hash: OAuth.hash(refresh), kind: "refresh", expiresAt: now + OAuth.refreshLifetime })
  const answer: TokenAnswer = {
    access_token: access,
    token_type: "Bearer",
    expires_in: OAuth.accessLifetime / 1000,
    refresh_token: refresh,
    scope: Scope.format(grant.scopes)
  }
  return answer
})

/** A replayed code or refresh token: the grant and every token of it stop working at once, everywhere. */
const revokeGrant = Effect.fnUntraced(function*(keyId: string) {
  const accounts = yield* Accounts
  yield* accounts.revokeKey(ApiKeyId.make(keyId, { disableChecks: true }), yield* Clock.currentTimeMillis)
  yield* Effect.logWarning("OAuth replay detected; the grant was revoked").pipe(Effect.annotateLogs("key", keyId))
})

const checkResource = (server: OAuth.Server, params: TokenParams, bound: string) => {
  const asked = params["resource"]
  return asked === undefined || asked === bound
    ? Effect.void
    : Effect.fail(
      new OAuthRefused({
        error: "invalid_target",
        description: server.resources.includes(asked)
          ? "The resource differs from the one the grant was made for"
          : `Tokens of this server are for ${server.resource} only`
      })
    )
}

const fromCode = (server: OAuth.Server, params: TokenParams) =>
  Effect.gen(function*() {
    const store = yield* OAuthStore
    const code = params["code"] ?? ""
    const clientId = params["client_id"] ?? ""
    if (code === "" || clientId === "") {
      return yield* new OAuthRefused({ error: "invalid_request", description: "code and client_id are required" })
    }
    const now = yield* Clock.currentTimeMillis
    const taken = yield* store.takeCode(OAuth.hash(code), now)
    if (Option.isNone(taken)) return yield* grantError("Unknown authorization code")
    const { firstUse, keyId, record } = taken.value
    if (!firstUse) {
      if (keyId !== null) yield* revokeGrant(keyId)
      return yield* grantError("The authorization code was already used; the tokens issued for it are revoked")
    }
    if (record.expiresAt <= now) return yield* grantError("The authorization code has expired")
    if (record.clientId !== clientId) return yield* grantError("The authorization code was issued to another client")
    if ((params["redirect_uri"] ?? record.redirectUri) !== record.redirectUri) {
      return yield* grantError("redirect_uri differs from the one of the authorization request")
    }
    const verifier = params["code_verifier"] ?? ""
    if (verifier === "") return yield* grantError("code_verifier is required (PKCE)")
    if (!OAuth.verifies(verifier, record.challenge)) return yield* grantError("The PKCE code_verifier does not match")
    yield* checkResource(server, params, record.resource)
    const accounts = yield* Accounts
    const secret = yield* newSecret(OAuth.accessPrefix)
    const grant: ApiKey.Info = {
      id: yield* (yield* IdGenerator).make("apiKey"),
      accountId: AccountId.make(record.accountId, { disableChecks: true }),
      label: record.clientName,
      masked: OAuth.masked(record.clientName, secret),
      source: "oauth",
      scopes: record.scopes,
      createdAt: now,
      revokedAt: null
    }
    // The grant's own key is never shown to anyone: only its tokens act as it.
    yield* accounts.addKey(grant, OAuth.hash(`grant:${secret}`))
    yield* store.codeExchanged(OAuth.hash(code), grant.id)
    return yield* issueTokens(grant, clientId, record.resource)
  })

const fromRefresh = (server: OAuth.Server, params: TokenParams) =>
  Effect.gen(function*() {
    const store = yield* OAuthStore
    const token = params["refresh_token"] ?? ""
    const clientId = params["client_id"] ?? ""
    if (token === "" || clientId === "") {
      return yield* new OAuthRefused({
        error: "invalid_request",
        description: "refresh_token and client_id are required"
      })
    }
    const now = yield* Clock.currentTimeMillis
    const taken = yield* store.takeRefreshToken(OAuth.hash(token), now)
    if (Option.isNone(taken)) return yield* grantError("Unknown refresh token")
    const { firstUse, record } = taken.value
    if (record.clientId !== clientId) return yield* grantError("The refresh token was issued to another client")
    if (!firstUse) {
      yield* revokeGrant(record.keyId)
      return yield* grantError("The refresh token was already used; the app's access is revoked (authorize again)")
    }
    if (record.expiresAt <= now) return yield* grantError("The refresh token has expired")
    yield* checkResource(server, params, record.resource)
    const accounts = yield* Accounts
    const grant = (yield* accounts.listKeys(AccountId.make(record.accountId, { disableChecks: true }))).find((key) =>
      key.id === record.keyId
    )
    if (grant === undefined || grant.revokedAt !== null) return yield* grantError("The app's access was revoked")
    return yield* issueTokens(grant, clientId, record.resource)
  })

export const exchangeToken = (server: OAuth.Server) =>
  Effect.fn("OAuth.exchangeToken")(function*(params: TokenParams) {
    switch (params["grant_type"]) {
      case "authorization_code":
        return yield* fromCode(server, params)
      case "refresh_token":
        return yield* fromRefresh(server, params)
      case undefined:
        return yield* new OAuthRefused({ error: "invalid_request", description: "grant_type is required" })
      default:
        return yield* new OAuthRefused({
          error: "unsupported_grant_type",
          description: "Only the authorization_code and refresh_token grants are supported"
        })
    }
  })
