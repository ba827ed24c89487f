/**
 * Use case: Dynamic Client Registration (RFC 7591), for clients that do not publish a metadata document; public
 * clients only (no secret), code + refresh grants only (docs/oauth.md, "Clients").
 */
import { Clock, Effect, Schema } from "effect"
import { OAuthRefused } from "../../Errors.js"
import * as OAuth from "../../OAuth.js"
import { OAuthStore } from "../../ports/OAuthStore.js"
import * as Text from "../../Text.js"
import { newSecret } from "./Secrets.js"

export const Metadata = Schema.Struct({
  redirect_uris: Schema.Array(Schema.String),
  client_name: Schema.optionalKey(Schema.String),
  token_endpoint_auth_method: Schema.optionalKey(Schema.String),
  grant_types: Schema.optionalKey(Schema.Array(Schema.String)),
  response_types: Schema.optionalKey(Schema.Array(Schema.String))
})

const bad = (description: string, error: OAuth.ErrorCode = "invalid_client_metadata") =>
  new OAuthRefused({ error, description })

export const registerClient = Effect.fn("OAuth.registerClient")(function*(input: unknown) {
  const metadata = yield* Schema.decodeUnknownEffect(Metadata)(input).pipe(
    Effect.mapError(() => bad("The registration must be a JSON object with a redirect_uris list of strings"))
  )
  const uris = metadata.redirect_uris
  if (uris.length === 0 || uris.length > 10) return yield* bad("redirect_uris must list 1 to 10 URLs")
  if (!uris.every((uri) => uri.length <= 2000 && OAuth.isAcceptableRedirect(uri))) {
    return yield* bad(
      "Each redirect URI must be an https URL or a loopback http URL, without a fragment",
      "invalid_redirect_uri"
    )
  }
  const method = metadata.token_endpoint_auth_method ?? "none"
  if (method !== "none") return yield* bad("Only public clients are supported: token_endpoint_auth_method none")
  const grants = metadata.grant_types ?? ["authorization_code", "refresh_token"]
  if (!grants.every((g) => g === "authorization_code" || g === "refresh_token")) {
    return yield* bad("Only the authorization_code and refresh_token grants are supported")
  }
  if (!(metadata.response_types ?? ["code"]).every((r) => r === "code")) {
    return yield* bad("Only the code response type is supported")
  }
  const name = (metadata.client_name ?? "").trim()
  if (name.length > 100 || Text.problem(name) !== undefined) {
    return yield* bad("client_name must be text of at most 100 characters")
  }
  const client: OAuth.Client = {
    id: yield* newSecret(OAuth.clientPrefix, 24),
    name: name === "" ? "Unnamed app" : name,
    redirectUris: uris,
    kind: "registered",
    createdAt: yield* Clock.currentTimeMillis
  }
  yield* (yield* OAuthStore).addClient(client)
  return client
})
