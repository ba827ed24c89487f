/** The admin token check: constant time over SHA-256 digests, so neither content nor length leaks. */
import { Sha256 } from "@bookmark-library/domain"
import { Effect, Layer, Option, Redacted } from "effect"
import { AdminAuthentication } from "../api/AdminAuthentication.js"
import { InvalidAdminToken } from "../problems/HttpErrors.js"
import * as BearerChallenge from "./BearerChallenge.js"
import * as BearerToken from "./BearerToken.js"

export const layer = (adminToken: Redacted.Redacted<string>): Layer.Layer<AdminAuthentication> => {
  const expected = Sha256.sha256(Redacted.value(adminToken))
  const usable = Redacted.value(adminToken).trim() !== ""
  const check = Effect.flatMap(BearerToken.read, (token) => {
    const given = Option.getOrElse(token, () => "")
    const matches = Sha256.constantTimeEqual(Sha256.sha256(given), expected)
    return usable && given !== "" && matches ?
      Effect.void
      : Effect.andThen(BearerChallenge.attach(BearerChallenge.forAdmin), Effect.fail(new InvalidAdminToken()))
  })
  return Layer.succeed(
    AdminAuthentication,
    AdminAuthentication.of({ adminToken: (httpEffect) => Effect.andThen(check, httpEffect) })
  )
}
