/** Shared by the JSON readers: one item decoded with a schema into a row, a decoding failure into its reason. */
import type { ImportItem } from "@bookmark-library/domain"
import { Either, ParseResult, Schema } from "effect"

/** The first problem of a decoding failure, as `path: message`. */
export const reasonOf = (error: ParseResult.ParseError): string => {
  const [first] = ParseResult.ArrayFormatter.formatErrorSync(error)
  if (first === undefined) return "not a bookmark"
  const path = first.path.map(String).join(".")
  return path === "" ? first.message : `${path}: ${first.message}`
}

export const row = <A, I>(
  schema: Schema.Schema<A, I>,
  toCandidate: (item: A) => Either.Either<ImportItem.Candidate, string>
) => {
  const decode = Schema.decodeUnknownEither(schema, { onExcessProperty: "ignore" })
  return (position: string, item: unknown): ImportItem.Row => ({
    position,
    candidate: Either.flatMap(Either.mapLeft(decode(item), reasonOf), toCandidate)
  })
}
