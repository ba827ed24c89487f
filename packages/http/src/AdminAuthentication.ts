/** Contract of the operator's authentication: the admin token as a bearer credential (not rate limited). */
import * as HttpApiMiddleware from "@effect/platform/HttpApiMiddleware"
import * as HttpApiSecurity from "@effect/platform/HttpApiSecurity"
import * as OpenApi from "@effect/platform/OpenApi"
import * as Problems from "./Problems.js"

export class AdminAuthentication extends HttpApiMiddleware.Tag<AdminAuthentication>()("AdminAuthentication", {
  security: {
    adminToken: HttpApiSecurity.bearer.pipe(
      HttpApiSecurity.annotate(OpenApi.Description, "The operator's ADMIN_TOKEN: `Authorization: Bearer <token>`")
    )
  },
  failure: Problems.InvalidAdminToken
}) {}
