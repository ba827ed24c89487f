/**
 * The text the service accepts in every string it is given, from any face (JSON API, web app, MCP, imports):
 * Unicode without the NUL character and without unpaired UTF-16 surrogates. Postgres cannot store either, and
 * neither is text a person meant to write (docs/decisions.md, "Text").
 */
import { Either, Schema } from "effect"
import { InvalidInput } from "./Errors.js"

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** The reasons `problem` gives; a decode failure with one of them is a text refusal (`invalid_text`). */
export const reasons = {
  nul: "must not contain the NUL character (U+0000)",
  surrogate: "must not contain unpaired UTF-16 surrogates"
} as const

const reasonSet: ReadonlySet<string> = new Set(Object.values(reasons))

/** Whether `message` is one of the reasons of this rule. */
export const isReason = (message: string): boolean => reasonSet.has(message)

/** Why `text` is not accepted, or undefined when it is. */
export const problem = (text: string): string | undefined =>
  text.includes("\u0000") ? reasons.nul : loneSurrogate.test(text) ? reasons.surrogate : undefined

export const isWellFormed = (text: string): boolean => problem(text) === undefined

/** The text itself, or InvalidInput (`invalid_text`) naming `field`. */
export const check = (field: string, text: string): Either.Either<string, InvalidInput> => {
  const reason = problem(text)
  return reason === undefined
    ? Either.right(text)
    : Either.left(new InvalidInput({ field, reason, code: "invalid_text" }))
}

/** A string that passes `problem`; every payload and parameter schema of the domain is built from it. */
export const SafeString = Schema.String.pipe(
  Schema.filter((text) => problem(text) ?? true, { identifier: "SafeString" }),
  Schema.annotations({ description: "Unicode text without NUL (U+0000) and without unpaired surrogates" })
)

/**
 * A text field of a payload or a parameter: SafeString, at most `maxLength` characters when given, with the
 * description the OpenAPI document shows (a refinement keeps its description there only beside a JSON Schema).
 */
export const field = (options: { readonly description: string; readonly maxLength?: number }): Schema.Schema<string> => {
  const { description, maxLength } = options
  if (maxLength === undefined) return SafeString.annotations({ description, jsonSchema: {} })
  return SafeString.pipe(
    Schema.maxLength(maxLength, { message: () => `must be at most ${maxLength} characters` }),
    Schema.annotations({ title: `at most ${maxLength} characters`, description, jsonSchema: { maxLength } })
  )
}
