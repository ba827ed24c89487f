/**
 * An Effect Schema as the SDK's tool schema (Standard Schema with JSON Schema): one definition checks the
 * arguments, is advertised in `tools/list`, and checks what a tool answers.
 */
import type { StandardSchemaV1, StandardSchemaWithJSON } from "@modelcontextprotocol/server"
import { Either, JSONSchema, ParseResult, Schema, SchemaAST } from "effect"

/** A struct without members: Effect writes it as "any non-null value"; a tool takes an empty object. */
const isEmptyStruct = (ast: SchemaAST.AST) =>
  SchemaAST.isTypeLiteral(ast) && ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0

/** JSON Schema (2020-12, the SDK's dialect) with the object itself at the root, as MCP requires. */
export const jsonSchemaOf = <A, I>(schema: Schema.Schema<A, I>): Record<string, unknown> => {
  if (isEmptyStruct(schema.ast)) return { type: "object", properties: {}, additionalProperties: false }
  const definitions: Record<string, JSONSchema.JsonSchema7> = {}
  const root = JSONSchema.fromAST(schema.ast, { definitions, target: "jsonSchema2020-12", topLevelReferenceStrategy: "skip" })
  return Object.keys(definitions).length === 0 ? { ...root } : { ...root, $defs: definitions }
}

/** One issue per field, so the reason stays one line (a union reports every member it tried). */
const firstPerPath = (issues: ReadonlyArray<ParseResult.ArrayFormatterIssue>): Array<StandardSchemaV1.Issue> => {
  const seen = new Set<string>()
  return issues.flatMap((issue) => {
    const key = issue.path.join(".")
    if (seen.has(key)) return []
    seen.add(key)
    return [{ message: issue.message, path: issue.path }]
  })
}

export const make = <A, I>(schema: Schema.Schema<A, I>): StandardSchemaWithJSON<I, A> => {
  // Unknown members are refused, as the advertised `additionalProperties: false` says.
  const decode = Schema.decodeUnknownEither(schema, { errors: "all", onExcessProperty: "error" })
  const json = jsonSchemaOf(schema)
  return {
    "~standard": {
      version: 1,
      vendor: "effect",
      validate: (value) =>
        Either.match(decode(value), {
          onLeft: (error) => ({ issues: firstPerPath(ParseResult.ArrayFormatter.formatErrorSync(error)) }),
          onRight: (decoded) => ({ value: decoded })
        }),
      jsonSchema: { input: () => json, output: () => json }
    }
  }
}
