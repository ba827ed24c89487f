/** Reads the `Authorization: Bearer <token>` header; another scheme is malformed, no header is a missing token. */
import { Effect, Option } from "effect"
import * as HttpServerRequest from "effect/http/HttpServerRequest"

const bearer = /^bearer(?:\s+(.*))?$/is

/** None when the header is present but is not a bearer credential. */
export const read: Effect.Effect<Option.Option<string>, never, HttpServerRequest.HttpServerRequest> = Effect.map(
  HttpServerRequest.HttpServerRequest,
  (request) => {
    const header = request.headers.authorization
    if (header === undefined) return Option.some("")
    const match = bearer.exec(header.trim())
    return match === null ? Option.none() : Option.some((match[1] ?? "").trim())
  }
)
