/**
 * Port: the team's OpenID Connect provider (docs/people.md, "Sign in with your provider (OIDC)"). `begin` makes the
 * authorization request with fresh `state`, `nonce` and PKCE verifier, which the caller keeps for the callback;
 * `finish` exchanges the code and validates the ID token (signature with the provider's published keys, issuer,
 * audience, expiry, nonce) and answers the person's claims, or a refusal that says why.
 */
import { Context, type Effect, type Option } from "effect"
import type { ProviderSignInRefused } from "../Errors.js"

/** What one sign-in must remember between the redirect to the provider and its callback. */
export interface PendingSignIn {
  readonly state: string
  readonly nonce: string
  readonly verifier: string
}

/** The verified identity of the person: the link key (issuer + subject) and the email the provider vouches for. */
export interface ProviderClaims {
  readonly issuer: string
  readonly subject: string
  readonly email: Option.Option<string>
  readonly emailVerified: boolean
}

export class IdentityProvider extends Context.Service<IdentityProvider, {
  /** The provider's name on the sign-in button ("Sign in with …"). */
  readonly name: string
  readonly begin: (
    redirectUri: string
  ) => Effect.Effect<{ readonly url: string; readonly pending: PendingSignIn }, ProviderSignInRefused>
  readonly finish: (
    callbackUrl: URL,
    redirectUri: string,
    pending: PendingSignIn
  ) => Effect.Effect<ProviderClaims, ProviderSignInRefused>
}>()("IdentityProvider") {}
