/**
 * Tool schemas: objects at the root, one issue per field, unknown members refused, and the domain's text rule
 * on every string a tool accepts.
 */
import { Schema } from "effect"
import { describe, expect, it } from "@effect/vitest"
import * as ToolSchema from "../src/ToolSchema.js"
import * as Tools from "../src/tools/index.js"

type Json = Record<string, unknown>

const validate = (schema: ReturnType<typeof ToolSchema.make>, value: unknown) => {
  const result = schema["~standard"].validate(value)
  if (result instanceof Promise) throw new Error("validation must be synchronous")
  return result
}

/** Every property of an input schema whose values may be strings, with a valid sample of the rest. */
const stringProperties = (json: Json): Array<string> =>
  Object.entries((json["properties"] ?? {}) as Record<string, Json>)
    .filter(([, p]) => p["type"] === "string" || JSON.stringify(p["anyOf"] ?? []).includes(`"type":"string"`))
    .map(([name]) => name)

const validSample: Record<string, unknown> = { url: "https://example.com/", id: "bmk_x" }

describe("ToolSchema", () => {
  it("advertises an object at the root with no draft tag, for inputs and outputs of every tool", () => {
    for (const tool of Tools.all) {
      for (const schema of [tool.input, tool.output]) {
        const json = ToolSchema.jsonSchemaOf(schema)
        expect(json["type"], tool.name).toBe("object")
        expect(json["$schema"]).toBeUndefined()
        expect(json["$ref"]).toBeUndefined()
        expect(json["additionalProperties"], tool.name).toBe(false)
      }
    }
  })

  it("refuses NUL and unpaired surrogates in every string input of every tool (the domain's text rule)", () => {
    let checked = 0
    for (const tool of Tools.all) {
      const schema = ToolSchema.make(tool.input)
      const json = ToolSchema.jsonSchemaOf(tool.input)
      const required = (json["required"] ?? []) as Array<string>
      const base = Object.fromEntries(required.map((name) => [name, validSample[name]]))
      expect(validate(schema, base).issues, tool.name).toBeUndefined()
      for (const field of stringProperties(json)) {
        for (const bad of ["a\u0000b", "\ud800x", "x\udc00"]) {
          const result = validate(schema, { ...base, [field]: bad })
          expect(result.issues?.map((i) => i.path?.join(".")), `${tool.name}.${field}`).toEqual([field])
          checked++
        }
      }
    }
    // save: url, tags, note; search: q, tag, type (an enum, refused all the same), before; id; id.
    expect(checked).toBe(9 * 3)
  })

  it("reports one issue per field, and refuses members the schema does not name", () => {
    const schema = ToolSchema.make(Schema.Struct({
      limit: Schema.optional(Schema.Number.pipe(Schema.int(), Schema.between(1, 10))),
      name: Schema.String
    }))
    expect(validate(schema, { limit: 0, name: 1 }).issues).toEqual([
      { path: ["limit"], message: "Expected a number between 1 and 10, actual 0" },
      { path: ["name"], message: "Expected string, actual 1" }
    ])
    expect(validate(schema, { name: "x", other: true }).issues?.map((i) => i.path)).toEqual([["other"]])
    expect(validate(schema, { name: "x" })).toEqual({ value: { name: "x" } })
  })
})
