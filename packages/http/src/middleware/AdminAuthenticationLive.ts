/** The admin token check: constant time over SHA-256 digests, so neither content nor length leaks. */
import { Sha256 } from "@bookmark-library/domain"
import { Effect, Layer, Option, Redacted } from "effect"
import { AdminAuthentication } from "../AdminAuthentication.js"
import { InvalidAdminToken } from "../HttpErrors.js"
import * as BearerToken from "./BearerToken.js"

export const layer = (adminToken: Redacted.Redacted<string>): Layer.Layer<AdminAuthentication> => {
  const expected = Sha256.sha256(Redacted.value(adminToken))
  const usable = Redacted.value(adminToken).trim() !== ""
  return Layer.succeed(
    AdminAuthentication,
    AdminAuthentication.of({
      adminToken: (_token) =>
        Effect.flatMap(BearerToken.read, (token) => {
          const given = Option.getOrElse(token, () => "")
          const matches = Sha256.constantTimeEqual(Sha256.sha256(given), expected)
          return usable && given !== "" && matches ? Effect.void : Effect.fail(new InvalidAdminToken())
        })
    })
  )
}
