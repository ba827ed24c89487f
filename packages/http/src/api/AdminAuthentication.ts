/** Contract of the operator's authentication: the admin token as a bearer credential (not rate limited). */
import * as HttpApiMiddleware from "effect/http-api/HttpApiMiddleware"
import * as HttpApiSecurity from "effect/http-api/HttpApiSecurity"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"

export class AdminAuthentication extends HttpApiMiddleware.Service<AdminAuthentication>()("AdminAuthentication", {
  security: {
    // `bearer` as the documents have always spelled it; the scheme is case-insensitive on the wire.
    adminToken: HttpApiSecurity.http({ scheme: "bearer" }).pipe(
      HttpApiSecurity.annotate(OpenApi.Description, "The operator's ADMIN_TOKEN: `Authorization: Bearer <token>`")
    )
  },
  error: ErrorResponses.InvalidAdminToken
}) {}
