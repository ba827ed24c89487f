/**
 * An Effect Schema as the SDK's tool schema (Standard Schema with JSON Schema): one definition checks the
 * arguments, is advertised in `tools/list`, and checks what a tool answers.
 */
import type { StandardSchemaV1, StandardSchemaWithJSON } from "@modelcontextprotocol/server"
import { Result, Schema, SchemaAST, SchemaIssue } from "effect"

/** A struct without members: Effect writes it as "any non-null value"; a tool takes an empty object. */
const isEmptyStruct = (ast: SchemaAST.AST) =>
  SchemaAST.isObjects(ast) && ast.propertySignatures.length === 0 && ast.indexSignatures.length === 0

/** JSON Schema (2020-12, the SDK's dialect) with the object itself at the root, as MCP requires. */
export const jsonSchemaOf = <A, I>(schema: Schema.Codec<A, I>): Record<string, unknown> => {
  if (isEmptyStruct(schema.ast)) return { type: "object", properties: {}, additionalProperties: false }
  const document = Schema.toJsonSchemaDocument(schema, {
    // Unknown members are refused (the decoder below does), so every object says `additionalProperties: false`.
    onExcessProperty: "error",
    // Everything inline, the root above all (a schema with an identifier would otherwise be a `$ref` to it); only a
    // recursive schema still needs `$defs`.
    referencePolicy: () => undefined
  })
  const definitions = document.definitions
  return Object.keys(definitions).length === 0 ? { ...document.schema } : { ...document.schema, $defs: definitions }
}

/** The first issue of each field, so the reason stays one line (a union reports every member it tried). */
const firstPerPath = (issues: ReadonlyArray<StandardSchemaV1.Issue>): Array<StandardSchemaV1.Issue> => {
  const seen = new Set<string>()
  return issues.flatMap((issue) => {
    const path = (issue.path ?? []).map((segment) => typeof segment === "object" ? segment.key : segment)
    const key = path.map(String).join(".")
    if (seen.has(key)) return []
    seen.add(key)
    return [{ message: issue.message, path }]
  })
}

const formatIssues = SchemaIssue.makeFormatterStandardSchemaV1()

export const make = <A, I>(schema: Schema.Codec<A, I>): StandardSchemaWithJSON<I, A> => {
  // Unknown members are refused, as the advertised `additionalProperties: false` says; the reasons name the value
  // the caller sent (the caller's own input, answered to the caller).
  const decode = Schema.decodeUnknownResult(schema, { errors: "all", onExcessProperty: "error", reportInput: true })
  const json = jsonSchemaOf(schema)
  return {
    "~standard": {
      version: 1,
      vendor: "effect",
      validate: (value) =>
        Result.match(decode(value), {
          onFailure: (error) => ({ issues: firstPerPath(formatIssues(error.issue).issues) }),
          onSuccess: (decoded) => ({ value: decoded })
        }),
      jsonSchema: { input: () => json, output: () => json }
    }
  }
}
