/** Contract of API-key authentication: bearer security, the principal it provides, and how it can fail. */
import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import * as OpenApi from "@effect/platform/OpenApi"
import type { Principal } from "@bookmark-library/domain"
import { Context, Schema } from "effect"
import * as Problems from "./Problems.js"

/** The key and account of the authenticated request. */
export class CurrentPrincipal extends Context.Tag("CurrentPrincipal")<CurrentPrincipal, Principal>() {}

/** Authenticates the key, then charges one request to the account's allowance (429 when used up). */
export class Authentication extends HttpApiMiddleware.Tag<Authentication>()("Authentication", {
  security: {
    apiKey: HttpApiSecurity.bearer.pipe(
      HttpApiSecurity.annotate(OpenApi.Description, "An API key of the account: `Authorization: Bearer bk_…`")
    )
  },
  provides: CurrentPrincipal,
  failure: Schema.Union(Problems.Unauthenticated, Problems.RateLimited, Problems.StorageUnavailable)
}) {}
