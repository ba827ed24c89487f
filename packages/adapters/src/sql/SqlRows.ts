/** Decoding rows read from SQL: `pg` returns int8 as text, PGlite as a number; both decode to a number. */
import { Effect, Schema } from "effect"

/** An int8 / bigint column (epoch ms, counters): safe integers only. */
export const Int8 = Schema.Union(Schema.Int, Schema.NumberFromString.pipe(Schema.int()))

export const NullableInt8 = Schema.NullOr(Int8)

/** Decodes every row with `schema`. */
export const decodeAll = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknown(Schema.Array(schema))
  return (rows: ReadonlyArray<unknown>) => decode(rows)
}

/** Decodes the first row, if any. */
export const decodeFirst = <A, I>(schema: Schema.Schema<A, I>) => {
  const decode = Schema.decodeUnknown(schema)
  return (rows: ReadonlyArray<unknown>) =>
    rows[0] === undefined ? Effect.succeedNone : Effect.asSome(decode(rows[0]))
}
