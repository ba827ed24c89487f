/**
 * Rows read from SQL, the general way: a `Row` schema per result, run and decoded by `SqlSchema` (`findAll`,
 * `findOneOption`). Fields are named as the domain names them and read from their snake_case columns
 * (`createdAt` from `created_at`). A value that does not fit fails the read naming its column; the store's edge
 * (`SqlFailure.storage`) makes that a defect. The hot paths read their rows by hand instead (`RowCheck`).
 */
import { Record, Schema, SchemaTransformation, String as Str } from "effect"

/** Decimal digits of a safe integer, as Postgres returns int8 (PostgresClient.ts); the rule of `RowCheck.int8`. */
const decimal = /^-?\d{1,16}$/

const IntegerText = Schema.String.check(
  Schema.makeFilter((text: string) => decimal.test(text) && Number.isSafeInteger(Number(text)), {
    expected: "an integer"
  })
)

/**
 * An int8 / bigint column (epoch ms, counters): text on Postgres, a number on PGlite; a safe integer either way.
 * The check is on the column's value, before the conversion, so a failure names the column.
 */
export const Int8 = Schema.Union([
  Schema.Int,
  IntegerText.pipe(Schema.decodeTo(Schema.Number, SchemaTransformation.numberFromString))
])

export const NullableInt8 = Schema.NullOr(Int8)

/** A row of `fields`, each read from the column of its name in snake_case. */
export const Row = <const Fields extends Schema.Struct.Fields>(fields: Fields) =>
  Schema.Struct(fields).pipe(Schema.encodeKeys(Record.map(fields, (_, field) => Str.camelToSnake(field))))
