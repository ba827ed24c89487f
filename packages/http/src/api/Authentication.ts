/** Contract of API-key authentication: bearer security, the principal it provides, and how it can fail. */
import type { Principal } from "@bookmark-library/domain"
import { Context } from "effect"
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"

/** The key and account of the authenticated request. */
export class CurrentPrincipal extends Context.Service<CurrentPrincipal, Principal>()("CurrentPrincipal") {}

/** Authenticates the key, then charges one request to the account's allowance (429 when used up). */
export class Authentication extends HttpApiMiddleware.Service<Authentication, { provides: CurrentPrincipal }>()(
  "Authentication",
  {
    security: {
      // `bearer` as the documents have always spelled it; the scheme is case-insensitive on the wire.
      apiKey: HttpApiSecurity.http({ scheme: "bearer" }).pipe(
        HttpApiSecurity.annotate(OpenApi.Description, "An API key of the account: `Authorization: Bearer bk_…`")
      )
    },
    error: [
      ErrorResponses.Unauthenticated,
      ErrorResponses.InsufficientScope,
      ErrorResponses.RateLimited,
      ErrorResponses.StorageUnavailable
    ]
  }
) {}
