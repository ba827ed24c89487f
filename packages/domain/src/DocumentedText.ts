/**
 * Text whose JSON Schema is only what is said for it. `Schema.String` or a literal union always documents its own
 * `type` and `enum`, and a check can only add to them; a query parameter a client sends as an integer, or a kind
 * documented as an open list, needs the whole JSON Schema said by a check's `toJsonSchema`. Such text is already its
 * own JSON and query-string form, so the codecs keep it as it is; arbitrary values are drawn from the schema given.
 */
import { type JsonSchema, Schema, SchemaTransformation } from "effect"

/** The values of `schema` (text), decoded by it, with no JSON Schema of their own; `expected` names them in errors. */
export const of = <T extends string>(schema: Schema.Codec<T>, expected: string) =>
  Schema.declare(Schema.is(schema), {
    expected,
    toCodecJson: () => undefined,
    toCodecStringTree: () => undefined,
    toCodecArbitrary: () => Schema.link<T>()(schema, SchemaTransformation.passthrough())
  })

/** A check that refuses nothing and says the whole JSON Schema of the value, with `annotations` (a description). */
export const jsonSchema = (schema: JsonSchema.JsonSchema, annotations: Schema.Annotations.Filter = {}) =>
  Schema.makeFilter(() => true, { ...annotations, toJsonSchema: () => schema })
