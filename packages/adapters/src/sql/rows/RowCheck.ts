/**
 * Hot path, hand-checked: see docs/architecture.md. Checks of SQL rows for the hot read paths, where decoding each
 * row with a schema costs more than the query. Same rules as the row schemas (`RowSchema`): a column of the wrong
 * type fails the whole read.
 */
import { Data, Effect, Option } from "effect"

/** A row that does not have the shape its query promises: a bug or a migration gone wrong, never an outage. */
export class MalformedRow extends Data.TaggedError("MalformedRow")<{
  readonly column: string
  readonly value: unknown
}> {
  override get message() {
    return `Malformed SQL row: column ${this.column} is ${JSON.stringify(this.value) ?? String(this.value)}`
  }
}

/** A row as the driver returns it. */
export type Row = { readonly [column: string]: unknown }

const malformed = (column: string, value: unknown): never => {
  throw new MalformedRow({ column, value })
}

export const text = (row: Row, column: string): string => {
  const value = row[column]
  return typeof value === "string" ? value : malformed(column, value)
}

export const boolean = (row: Row, column: string): boolean => {
  const value = row[column]
  return typeof value === "boolean" ? value : malformed(column, value)
}

const integer = /^-?\d{1,16}$/

/** An int8 column: Postgres returns text (PostgresClient.ts), PGlite a number; both must be safe integers. */
export const int8 = (row: Row, column: string): number => {
  const value = row[column]
  const n = typeof value === "number" ? value : typeof value === "string" && integer.test(value) ? Number(value) : NaN
  return Number.isSafeInteger(n) ? n : malformed(column, value)
}

export const nullableInt8 = (row: Row, column: string): number | null => row[column] === null ? null : int8(row, column)

const isTexts = (value: unknown): value is ReadonlyArray<string> =>
  Array.isArray(value) && value.every((item) => typeof item === "string")

/** A jsonb array of strings. */
export const texts = (row: Row, column: string): ReadonlyArray<string> => {
  const value = row[column]
  return isTexts(value) ? value : malformed(column, value)
}

/** A text column holding one of `literals`. */
export const oneOf = <L extends string>(literals: ReadonlyArray<L>) => {
  const allowed: ReadonlySet<string> = new Set(literals)
  const is = (value: unknown): value is L => typeof value === "string" && allowed.has(value)
  return (row: Row, column: string): L => {
    const value = row[column]
    return is(value) ? value : malformed(column, value)
  }
}

/** A jsonb object; its fields are read with `optionalText` and `optionalTexts`. */
const isObject = (value: unknown): value is Row => typeof value === "object" && value !== null && !Array.isArray(value)

export const object = (row: Row, column: string): Row => {
  const value = row[column]
  return isObject(value) ? value : malformed(column, value)
}

/** An optional string field of a jsonb object. */
export const optionalText = (value: Row, field: string, column: string): string | undefined => {
  const v = value[field]
  return v === undefined || typeof v === "string" ? v : malformed(`${column}.${field}`, v)
}

/** An optional array-of-strings field of a jsonb object. */
export const optionalTexts = (value: Row, field: string, column: string): ReadonlyArray<string> | undefined => {
  const v = value[field]
  return v === undefined || isTexts(v) ? v : malformed(`${column}.${field}`, v)
}

/** Reads every row with `read`; a malformed row is a defect, as a row failing its schema is. */
export const all = <A>(read: (row: Row) => A) => (rows: ReadonlyArray<Row>): Effect.Effect<ReadonlyArray<A>> =>
  Effect.try({ try: () => rows.map(read), catch: (e) => e }).pipe(Effect.orDie)

/** Reads the first row, if any, with `read`. */
export const first = <A>(read: (row: Row) => A) => (rows: ReadonlyArray<Row>): Effect.Effect<Option.Option<A>> =>
  Effect.try({ try: () => (rows[0] === undefined ? Option.none() : Option.some(read(rows[0]))), catch: (e) => e }).pipe(
    Effect.orDie
  )
