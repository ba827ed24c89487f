/** Timestamps: epoch milliseconds inside, ISO 8601 UTC with milliseconds outside. */
import { Result, Schema } from "effect"
import { InvalidInput } from "./Errors.js"

/** An ISO 8601 timestamp as the API writes it: `2026-01-31T12:00:00.000Z`. */
export const IsoTimestamp = Schema.String.annotate({ format: "date-time" }).check(
  Schema.isPattern(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u, {
    description: "ISO 8601 timestamp, millisecond precision, UTC",
    examples: ["2026-01-31T12:00:00.000Z"]
  })
)

export const toIso = (millis: number): string => new Date(millis).toISOString()

const isoLike = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/i

/** Date.parse rolls a day the month lacks (30 February) into the next month; such a text is no timestamp. */
const dayExists = (text: string): boolean => {
  const year = Number(text.slice(0, 4))
  const month = Number(text.slice(5, 7))
  const day = Number(text.slice(8, 10))
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** Parses an ISO 8601 timestamp with a zone (as `nextBefore` gives) into epoch milliseconds. */
export const parse = (field: string, input: string): Result.Result<number, InvalidInput> => {
  const text = input.trim()
  const millis = isoLike.test(text) && dayExists(text) ? Date.parse(text) : Number.NaN
  return Number.isFinite(millis)
    ? Result.succeed(millis)
    : Result.fail(new InvalidInput({ field, reason: "must be an ISO 8601 timestamp such as 2026-01-31T12:00:00.000Z" }))
}
