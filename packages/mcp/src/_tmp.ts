import { JSONSchema, Schema } from "effect"
import { Text } from "@bookmarks/domain"
const In = Schema.Struct({
  a: Text.SafeString.annotations({ description: "The page" }),
  b: Schema.String.pipe(Schema.filter((s) => s.length > 0, { jsonSchema: {} })).annotations({ description: "B" }),
  c: Schema.optional(Schema.Number.pipe(Schema.int())).annotations({ description: "C" }),
  d: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.annotations({ description: "D" }))),
  e: Schema.propertySignature(Text.SafeString).annotations({ description: "E" })
})
console.log(JSON.stringify(JSONSchema.make(In, { topLevelReferenceStrategy: "skip" } as any), null, 1))
