/**
 * A request id on every answer (`X-Request-Id`), in every log line of the request (the `requestId` annotation) and
 * in every problem body (`requestId`). A trusted proxy's id is kept (server/TrustedProxies.ts); otherwise the server
 * makes one.
 */
import { Context, Effect, type Fiber, Option, References, Schema } from "effect"
import * as HttpBody from "effect/http/HttpBody"
import * as HttpServerRequest from "effect/http/HttpServerRequest"
import * as HttpServerResponse from "effect/http/HttpServerResponse"
import { randomUUID } from "node:crypto"
import * as ProblemDetails from "../problems/ProblemDetails.js"
import type { TrustedProxies } from "../server/TrustedProxies.js"

export const header = "x-request-id"

/** The log annotation that carries the id; the answer reads it back from there. */
export const annotation = "requestId"

/** What a proxy's id may look like: visible ASCII, short enough for a log line and a header. */
const acceptable = /^[\x21-\x7e]{1,128}$/

/** The proxy's id when the peer is trusted and the id is acceptable; else a new UUID. */
export const idOf = (request: HttpServerRequest.HttpServerRequest, trusted: TrustedProxies): string => {
  const given = request.headers[header]
  if (
    given !== undefined && acceptable.test(given) && Option.isSome(request.remoteAddress) &&
    trusted.trusts(request.remoteAddress.value)
  ) {
    return given
  }
  return randomUUID()
}

const decodeProblem = Schema.decodeUnknownOption(Schema.fromJsonString(Schema.Record(Schema.String, Schema.Unknown)))
const decoder = new TextDecoder()

/** The answer with its id: the header always, and a `requestId` member when the body is a problem. */
export const stamp = (
  response: HttpServerResponse.HttpServerResponse,
  id: string
): HttpServerResponse.HttpServerResponse => {
  const withHeader = HttpServerResponse.setHeader(response, header, id)
  const body = response.body
  if (body._tag !== "Uint8Array" || !body.contentType.startsWith(ProblemDetails.contentType)) return withHeader
  return Option.match(decodeProblem(body.text ?? decoder.decode(body.body)), {
    onNone: () => withHeader,
    onSome: (problem) =>
      HttpServerResponse.setBody(
        withHeader,
        HttpBody.text(JSON.stringify({ ...problem, requestId: id }), body.contentType)
      )
  })
}

/**
 * Outermost: decides the request's id before anything else runs, so the request log line has it too. Each
 * request runs on a fiber of its own, whose context the server restores when the request ends: the id is set there
 * once, as a log annotation, and never restored here.
 */
export const middleware = (trusted: TrustedProxies) =>
<E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R | HttpServerRequest.HttpServerRequest> =>
  Effect.withFiber((fiber) => {
    const request = Context.getUnsafe(fiber.context, HttpServerRequest.HttpServerRequest)
    const annotations = fiber.getRef(References.CurrentLogAnnotations)
    const id = idOf(request, trusted)
    fiber.setContext(Context.add(fiber.context, References.CurrentLogAnnotations, { ...annotations, [annotation]: id }))
    return app
  })

const idIn = (fiber: Fiber.Fiber<unknown, unknown>): string => {
  const id = fiber.getRef(References.CurrentLogAnnotations)[annotation]
  return typeof id === "string" ? id : ""
}

/** The id of the request being handled; "" outside a request. */
export const current: Effect.Effect<string> = Effect.withFiber((fiber) => Effect.succeed(idIn(fiber)))

/** Around the app's final answer (after the problem fallback, so errors included): the header and problem member. */
export const stamped = <E, R>(
  app: Effect.Effect<HttpServerResponse.HttpServerResponse, E, R>
): Effect.Effect<HttpServerResponse.HttpServerResponse, E, R> =>
  Effect.flatMap(app, (response) =>
    Effect.withFiber((fiber) => {
      const id = idIn(fiber)
      return Effect.succeed(id === "" ? response : stamp(response, id))
    }))
