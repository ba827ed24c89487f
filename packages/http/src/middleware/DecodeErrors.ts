/** Undecodable input (path, query or body) is answered like any other invalid input: a 400 naming the field. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { HttpApiDecodeError } from "@effect/platform/HttpApiError"
import { Errors } from "@bookmark-library/domain"
import { Cause, Effect, Option } from "effect"
import { Api } from "../Api.js"

/** Messages quote the offending value; a long one is cut so the answer stays small. */
const clip = (text: string) => (text.length > 300 ? `${text.slice(0, 300)}…` : text)

export const toInvalidInput = (error: HttpApiDecodeError): Errors.InvalidInput => {
  const issue = error.issues[0]
  if (issue === undefined) return new Errors.InvalidInput({ field: "request", reason: clip(error.message) })
  const field = issue.path.map(String).join(".")
  return new Errors.InvalidInput({ field: field === "" ? "request" : clip(field), reason: clip(issue.message) })
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
