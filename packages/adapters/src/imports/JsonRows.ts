/** Shared by the JSON readers: one item decoded with a schema into a row, a decoding failure into its reason. */
import type { ImportItem } from "@bookmark-library/domain"
import { Result, Schema, SchemaIssue } from "effect"

const formatIssue = SchemaIssue.makeFormatterStandardSchemaV1()

/** The first problem of a decoding failure, as `path: message`. */
export const reasonOf = (error: Schema.SchemaError): string => {
  const [first] = formatIssue(error.issue).issues
  if (first === undefined) return "not a bookmark"
  const path = (first.path ?? []).map((segment) => String(typeof segment === "object" ? segment.key : segment)).join(
    "."
  )
  return path === "" ? first.message : `${path}: ${first.message}`
}

export const row = <A>(
  schema: Schema.Decoder<A>,
  toCandidate: (item: A) => Result.Result<ImportItem.Candidate, string>
) => {
  const decode = Schema.decodeUnknownResult(schema, { onExcessProperty: "ignore" })
  return (position: string, item: unknown): ImportItem.Row => ({
    position,
    candidate: Result.flatMap(Result.mapError(decode(item), reasonOf), toCandidate)
  })
}
