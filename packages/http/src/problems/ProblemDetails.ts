/** RFC 9457 problem details: the body of every non-2xx response (docs/decisions.md, "Error body"). */
import { Schema } from "effect"
import * as HttpServerResponse from "effect/http/HttpServerResponse"

export const contentType = "application/problem+json"

/** Each `code` has a page-like URI; the code itself is the stable, machine-readable part. */
export const typeUri = (code: string): string => `https://bookmarks.dev/problems/${code}`

/**
 * Added by the server to every problem it sends (wrappers/RequestId.ts), equal to the `X-Request-Id` header:
 * quote it when reporting a problem. Optional in the schema, so the typed client decodes problems without it.
 */
export const requestId = Schema.optionalKey(Schema.String.annotate({
  description: "The id of the request, as in its `X-Request-Id` header: quote it when reporting a problem"
}))

/** The members every problem carries; some problems add extension members (e.g. `field`). */
export const Problem = Schema.Struct({
  type: Schema.String.annotate({
    description: "A URI naming the kind of problem: `https://bookmarks.dev/problems/<code>`"
  }),
  title: Schema.String.annotate({ description: "A short, fixed summary of the kind of problem" }),
  status: Schema.Int.annotate({ description: "The HTTP status of the response" }),
  detail: Schema.String.annotate({ description: "What went wrong with this request, in words" }),
  code: Schema.String.annotate({ description: "The stable, machine-readable problem code (docs/api.md, \"Errors\")" }),
  requestId: requestId
}).annotate({
  identifier: "Problem",
  description: "RFC 9457 problem details, sent as application/problem+json with every non-2xx response"
})
export type Problem = typeof Problem.Type

export const make = <const Status extends number, const Code extends string>(
  status: Status,
  code: Code,
  title: string,
  detail: string
) => ({ type: typeUri(code), title, status, detail, code })

/** A problem response built outside the HttpApi error encoding (unknown routes, 405, defects). */
export const response = (
  problem: Problem,
  headers: Readonly<Record<string, string>> = {}
): HttpServerResponse.HttpServerResponse =>
  HttpServerResponse.jsonUnsafe(problem, { status: problem.status, contentType, headers })
