/**
 * The text the service accepts in every string it is given, from any face (JSON API, web app, MCP, imports):
 * Unicode without the NUL character and without unpaired UTF-16 surrogates. Postgres cannot store either, and
 * neither is text a person meant to write (docs/decisions.md, "Text").
 */
import { Result, Schema } from "effect"
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
export const check = (field: string, text: string): Result.Result<string, InvalidInput> => {
  const reason = problem(text)
  return reason === undefined
    ? Result.succeed(text)
    : Result.fail(new InvalidInput({ field, reason, code: "invalid_text" }))
}

/**
 * The Text rule as a schema check. JSON Schema cannot say "no NUL, no lone surrogate": the check exports as no
 * constraint (a looser approximation) but keeps its annotations, so a field's description shows in the OpenAPI
 * document.
 */
const safe = (annotations: Schema.Annotations.Filter) =>
  Schema.makeFilter((text: string) => problem(text) ?? true, {
    expected: "SafeString",
    toJsonSchema: () => [{}, true],
    ...annotations
  })

/** A string that passes `problem`; every payload and parameter schema of the domain is built from it. */
export const SafeString = Schema.String.check(
  safe({ description: "Unicode text without NUL (U+0000) and without unpaired surrogates" })
)

/**
 * A text field of a payload or a parameter: SafeString, at most `maxLength` characters when given, with the
 * description the OpenAPI document shows.
 */
export const field = (options: { readonly description: string; readonly maxLength?: number }): Schema.Codec<string> => {
  const { description, maxLength } = options
  if (maxLength === undefined) return Schema.String.check(safe({ description }))
  return Schema.String.check(
    safe({}),
    Schema.isMaxLength(maxLength, {
      message: `must be at most ${maxLength} characters`,
      title: `at most ${maxLength} characters`,
      description
    })
  )
}
