/**
 * The text the service accepts in every string it is given, from any face (JSON API, web app, MCP, imports):
 * Unicode without the NUL character and without unpaired UTF-16 surrogates. Postgres cannot store either, and
 * neither is text a person meant to write (docs/decisions.md, "Text").
 */
import { Either, Schema } from "effect"
import { InvalidInput } from "./Errors.js"

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Why `text` is not accepted, or undefined when it is. */
export const problem = (text: string): string | undefined =>
  text.includes("\u0000")
    ? "must not contain the NUL character (U+0000)"
    : loneSurrogate.test(text)
    ? "must not contain unpaired UTF-16 surrogates"
    : undefined

export const isWellFormed = (text: string): boolean => problem(text) === undefined

/** The text itself, or InvalidInput naming `field`. */
export const check = (field: string, text: string): Either.Either<string, InvalidInput> => {
  const reason = problem(text)
  return reason === undefined ? Either.right(text) : Either.left(new InvalidInput({ field, reason }))
}

/** A string that passes `problem`; every payload and parameter schema of the domain is built from it. */
export const SafeString = Schema.String.pipe(
  Schema.filter((text) => problem(text) ?? true, { identifier: "SafeString" }),
  Schema.annotations({ description: "Unicode text without NUL (U+0000) and without unpaired surrogates" })
)
