/** What a page handler is given: the request, its URL and path parameters, the signed-in person and the form. */
import type { SignedIn } from "@bookmark-library/domain"
import type { Option } from "effect"
import type * as HttpServerRequest from "effect/http/HttpServerRequest"
import type { Assets } from "./Assets.js"
import type { UploadedFile } from "./Upload.js"

/** How people sign in (docs/people.md, "Sign in with your provider (OIDC)"). */
export interface SignInOptions {
  /** Email and password (PASSWORD_SIGNIN); off: the form is hidden and a submitted one refused. */
  readonly password: boolean
  /** The team's OpenID Connect provider (its `IdentityProvider` service is then provided). */
  readonly provider: Option.Option<{
    readonly name: string
    /** The sign-in page sends people straight to the provider. */
    readonly autoRedirect: boolean
    /** A first sign-in of someone unknown creates an account. */
    readonly createAccounts: boolean
  }>
}

export interface Settings {
  /** The server's public base URL (PUBLIC_URL), for the CSRF origin check and secure cookies. */
  readonly publicUrl: string
  readonly assets: Assets
  readonly signIn: SignInOptions
}

export interface WebRequest {
  readonly request: HttpServerRequest.HttpServerRequest
  readonly url: URL
  readonly params: Readonly<Record<string, string>>
  readonly settings: Settings
  /** The session's person, if signed in. */
  readonly signedIn: Option.Option<SignedIn>
  /** The session token from the cookie (for sign out and the CSRF token), if any. */
  readonly token: Option.Option<string>
  /** The CSRF token forms carry (empty when signed out). */
  readonly csrf: string
  /** The client's address as the server saw it, and whether a proxy forwarded the request. */
  readonly address: string
  readonly forwarded: boolean
  /** The decoded form of a POST (empty for other methods). */
  readonly form: Readonly<Record<string, string>>
  /** The file of a multipart POST to an upload route, if one was chosen. */
  readonly file: Option.Option<UploadedFile>
  /** A request by htmx (a fragment may be answered instead of a page). */
  readonly htmx: boolean
  /** The person's IANA time zone from the `tz` cookie, else "UTC" (`TimeZone.ts`). */
  readonly zone: string
}

/** The signed-in person of a page that requires one (the router checks before calling the handler). */
export interface Authed extends WebRequest {
  readonly me: SignedIn
  readonly sessionToken: string
}
