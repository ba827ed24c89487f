/**
 * A request id on every answer (`X-Request-Id`), in every log line of the request (`requestId`) and in every
 * problem body (`requestId`). A trusted proxy's id is kept (TrustedProxies.ts); otherwise the server makes one.
 */
import * as HttpApp from "@effect/platform/HttpApp"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, Option, Schema } from "effect"
import { randomUUID } from "node:crypto"
import * as Problem from "../Problem.js"
import type { TrustedProxies } from "../TrustedProxies.js"

export const header = "x-request-id"

/** What a proxy's id may look like: visible ASCII, short enough for a log line and a header. */
const acceptable = /^[\x21-\x7e]{1,128}$/

/** The proxy's id when the peer is trusted and the id is acceptable; else a new UUID. */
export const idOf = (request: HttpServerRequest.HttpServerRequest, trusted: TrustedProxies): string => {
  const given = request.headers[header]
  if (given !== undefined && acceptable.test(given) && Option.isSome(request.remoteAddress) && trusted.trusts(request.remoteAddress.value)) {
    return given
  }
  return randomUUID()
}

const decodeProblem = Schema.decodeUnknownOption(Schema.parseJson(Schema.Record({ key: Schema.String, value: Schema.Unknown })))
const decoder = new TextDecoder()

/** The answer with its id: the header always, and a `requestId` member when the body is a problem. */
export const stamp = (response: HttpServerResponse.HttpServerResponse, id: string): HttpServerResponse.HttpServerResponse => {
  const withHeader = HttpServerResponse.setHeader(response, header, id)
  const body = response.body
  if (body._tag !== "Uint8Array" || !body.contentType.startsWith(Problem.contentType)) return withHeader
  return Option.match(decodeProblem(decoder.decode(body.body)), {
    onNone: () => withHeader,
    onSome: (problem) => HttpServerResponse.setBody(withHeader, HttpBody.text(JSON.stringify({ ...problem, requestId: id }), body.contentType))
  })
}

/** Outermost: the log annotation then covers the request log line too, and the stamp every answer, errors included. */
export const middleware = (trusted: TrustedProxies) => <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => {
    const id = idOf(request, trusted)
    return HttpApp.appendPreResponseHandler((_request, response) => Effect.succeed(stamp(response, id))).pipe(
      Effect.zipRight(app),
      Effect.annotateLogs("requestId", id)
    )
  })
