/**
 * The `IdentityProvider` port over `openid-client`, a certified OpenID Connect relying party
 * (docs/people.md, "Sign in with your provider (OIDC)"): issuer discovery, the authorization code flow with PKCE S256, `state` and `nonce`, and
 * the ID token validated against the provider's published keys (signature, `iss`, `aud`, `exp`, `nonce`).
 *
 * The issuer is the operator's configuration, like DATABASE_URL, so its traffic does not go through the address
 * policy that guards the addresses people give (a team's provider is often on the private network); plain http is
 * allowed only for a loopback issuer (checked with the configuration).
 */
import { Errors, IdentityProvider, type PendingSignIn } from "@bookmark-library/domain"
import { Effect, Layer, Option, Redacted } from "effect"
import type * as Client from "openid-client"

/**
 * The library is loaded on the first sign-in, not at start (docs/architecture.md, "Hot paths: where the code leaves the general path on purpose"): most servers have no
 * provider configured, and it costs an idle process about 9 MB.
 */
let library: Promise<typeof Client> | undefined
let loaded: typeof Client | undefined
const openid = () =>
  library ??= import("openid-client").then((client) => {
    loaded = client
    return client
  })

export interface Options {
  readonly issuer: string
  readonly clientId: string
  readonly clientSecret: Redacted.Redacted<string>
  /** Space-separated; `openid` is always asked. */
  readonly scopes: string
  /** The name on the sign-in button. */
  readonly name: string
  /** Seconds a request to the provider may take. */
  readonly timeout?: number
}

const refused = (reason: Errors.ProviderSignInRefused["reason"], description: string) =>
  new Errors.ProviderSignInRefused({ reason, description })

const isLoopback = (issuer: string) => ["127.0.0.1", "[::1]", "localhost"].includes(new URL(issuer).hostname)

/** The library's error as the sentence the sign-in page shows; a network failure is told apart (`unreachable`). */
export const describe = (error: unknown): Errors.ProviderSignInRefused => {
  // Every error of the library comes after it was loaded; without it, nothing was asked of the provider.
  const client = loaded
  if (client === undefined) {
    return refused("unreachable", "The sign-in provider could not be reached. Try again in a moment.")
  }
  if (error instanceof client.AuthorizationResponseError) {
    return refused("provider", `The provider did not sign you in (${error.error}). Start again.`)
  }
  if (error instanceof client.ResponseBodyError) {
    return refused(
      "provider",
      error.error === "invalid_grant"
        ? "This sign-in was already used or has expired. Start again."
        : `The provider refused the sign-in (${error.error}). Start again.`
    )
  }
  if (error instanceof client.ClientError) {
    const detail = error.cause instanceof Error ? error.cause.message : error.message
    return refused("provider", `The provider's answer could not be verified (${detail}). Start again.`)
  }
  return refused("unreachable", "The sign-in provider could not be reached. Try again in a moment.")
}

export const make = (options: Options) => {
  const scope = ["openid", ...options.scopes.split(/\s+/).filter((s) => s !== "" && s !== "openid")].join(" ")
  // Discovered once, on first use: a provider that is down at start does not stop the server.
  let discovered: Promise<Client.Configuration> | undefined
  const configuration = () => {
    discovered ??= openid().then((client) =>
      client.discovery(
        new URL(options.issuer),
        options.clientId,
        { client_secret: Redacted.value(options.clientSecret) },
        undefined,
        {
          timeout: options.timeout ?? 10,
          // The ID token's signature is checked against the provider's published keys (`jwks_uri`) too: the library
          // skips it by default for a token received from the token endpoint over TLS, and a loopback issuer has no TLS.
          execute: [
            client.enableNonRepudiationChecks,
            ...(isLoopback(options.issuer) ? [client.allowInsecureRequests] : [])
          ]
        }
      )
    ).catch((error: unknown) => {
      discovered = undefined
      throw error
    })
    return discovered
  }
  const attempt = <A>(run: () => Promise<A>) => Effect.tryPromise({ try: run, catch: describe })

  return IdentityProvider.of({
    name: options.name,
    begin: (redirectUri) =>
      attempt(async () => {
        const config = await configuration()
        const client = await openid()
        const pending: PendingSignIn = {
          state: client.randomState(),
          nonce: client.randomNonce(),
          verifier: client.randomPKCECodeVerifier()
        }
        const url = client.buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope,
          code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
          code_challenge_method: "S256",
          state: pending.state,
          nonce: pending.nonce
        })
        return { url: url.href, pending }
      }).pipe(Effect.withSpan("OpenIdProvider.begin")),
    finish: (callbackUrl, redirectUri, pending) =>
      attempt(async () => {
        const config = await configuration()
        const client = await openid()
        const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
          pkceCodeVerifier: pending.verifier,
          expectedState: pending.state,
          expectedNonce: pending.nonce,
          idTokenExpected: true
        }, { redirect_uri: redirectUri })
        const claims = tokens.claims()
        if (claims === undefined) throw new client.ClientError("no ID token")
        // Providers that keep the email out of the ID token give it at the userinfo endpoint (same subject checked).
        const info = typeof claims["email"] === "string"
          ? claims
          : await client.fetchUserInfo(config, tokens.access_token, claims.sub)
        return {
          issuer: claims.iss,
          subject: claims.sub,
          email: typeof info["email"] === "string" ? Option.some(info["email"]) : Option.none(),
          emailVerified: info["email_verified"] === true
        }
      }).pipe(Effect.withSpan("OpenIdProvider.finish"))
  })
}

export const layer = (options: Options) => Layer.sync(IdentityProvider, () => make(options))
