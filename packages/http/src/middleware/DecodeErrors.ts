/**
 * Undecodable input (path, query or body) is answered like any other invalid input: a 400 naming the field,
 * `invalid_text` when a value breaks the text rule (Text.ts). Every part of the answer is bounded: a field path
 * or message built from a hostile request is cut, never echoed whole.
 */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { Errors, Text } from "@bookmark-library/domain"
import { Cause, Effect, Option } from "effect"
import { Api } from "../Api.js"

/** Messages quote the offending value; a long one is cut so the answer stays small. */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text)

type Issue = HttpApiDecodeError["issues"][number]

/** `tags.0`; the whole body when the path is empty (the body itself is not an object). */
const fieldOf = (issue: Issue) => (issue.path.length === 0 ? "body" : clip(issue.path.map(String).join(".")))

export const toInvalidInput = (error: HttpApiDecodeError): Errors.InvalidInput => {
  // A text refusal wins: among a union's alternatives it is the one that names what is wrong with the value.
  const text = error.issues.find((issue) => Text.isReason(issue.message))
  if (text !== undefined) return new Errors.InvalidInput({ field: fieldOf(text), reason: text.message, code: "invalid_text" })
  const issue = error.issues[0]
  if (issue === undefined) return new Errors.InvalidInput({ field: "request", reason: clip(error.message) })
  if (issue.path.length === 0 && issue._tag === "Type") {
    return new Errors.InvalidInput({ field: "body", reason: "must be a JSON object" })
  }
  // An optional member also reports "Expected undefined"; each alternative of a union (`tags`: a list or a
  // string) its own "Expected …": say what is wrong once.
  const field = fieldOf(issue)
  const alternatives = error.issues.filter((other) => fieldOf(other) === field && !other.message.startsWith("Expected undefined"))
  const first = alternatives[0] ?? issue
  if (alternatives.length > 1 && alternatives.every((other) => other._tag === "Type")) {
    return new Errors.InvalidInput({ field, reason: "has none of the accepted types (see the OpenAPI document)" })
  }
  return new Errors.InvalidInput({ field, reason: clip(first.message) })
}

const isDecodeError = (u: unknown): u is HttpApiDecodeError => u instanceof HttpApiDecodeError

/** Runs inside the API's error encoding, so the problem is encoded by `Problems.InvalidInput`. */
export const layer = HttpApiBuilder.middleware(Api, (app) =>
  Effect.catchAllCause(app, (cause) => {
    const failure = Cause.failureOption(cause)
    return Option.isSome(failure) && isDecodeError(failure.value)
      ? Effect.fail(toInvalidInput(failure.value))
      : Effect.failCause(cause)
  }))
