/**
 * A request id on every answer (`X-Request-Id`), in every log line of the request (`requestId`, through a logger
 * the composition root wraps with `annotating`) and in every problem body (`requestId`). A trusted proxy's id is
 * kept (TrustedProxies.ts); otherwise the server makes one.
 */
import type * as HttpApp from "@effect/platform/HttpApp"
import * as HttpBody from "@effect/platform/HttpBody"
import * as HttpServerRequest from "@effect/platform/HttpServerRequest"
import * as HttpServerResponse from "@effect/platform/HttpServerResponse"
import { Effect, FiberRef, FiberRefs, HashMap, Logger, Option, Schema } from "effect"
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

/**
 * The id of the request being handled; "" outside a request. Each request runs on a fiber of its own, so the
 * middleware sets it there once and never restores it. A plain string: setting it costs a comparison, where
 * `Effect.annotateLogs` or a pre-response handler compare whole maps or hash closures on every request.
 */
export const current: FiberRef.FiberRef<string> = FiberRef.unsafeMake("")

/** Outermost: decides the request's id before anything else runs, so the request log line has it too. */
export const middleware = (trusted: TrustedProxies) => <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.flatMap(HttpServerRequest.HttpServerRequest, (request) => Effect.zipRight(FiberRef.set(current, idOf(request, trusted)), app))

/** Around the app's final answer (after the problem fallback, so errors included): the header and problem member. */
export const stamped = <E, R>(app: HttpApp.Default<E, R>): HttpApp.Default<E, R> =>
  Effect.flatMap(app, (response) => Effect.map(FiberRef.get(current), (id) => (id === "" ? response : stamp(response, id))))

/** `logger`, adding the `requestId` annotation to every line written while a request is handled. */
export const annotating = <Message, Output>(logger: Logger.Logger<Message, Output>): Logger.Logger<Message, Output> =>
  Logger.mapInputOptions(logger, (options) => {
    const id = FiberRefs.getOrDefault(options.context, current)
    return id === "" ? options : { ...options, annotations: HashMap.set(options.annotations, "requestId", id) }
  })
