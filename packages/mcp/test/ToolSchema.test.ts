/**
 * Tool schemas: objects at the root, one issue per field, unknown members refused, and the domain's text rule
 * on every string a tool accepts.
 */
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as Tools from "../src/tools/index.js"
import * as ToolSchema from "../src/ToolSchema.js"

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

const validSample: Record<string, unknown> = {
  url: "https://example.com/",
  id: "bmk_x",
  list: "Reading",
  bookmarkIds: ["bmk_x"]
}

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
    // save: url, tags, note; search: q, tag, type (an enum, refused all the same), before; id; id, format (an enum);
    // add_to_list: list; set state: id; list_highlights: bookmarkId, q, tag, before.
    expect(checked).toBe(16 * 3)
    // Strings inside lists too: add_to_list's bookmark ids.
    const addToList = Tools.all.find((t) => t.name === "add_to_list")
    if (addToList === undefined) throw new Error("add_to_list is missing")
    const result = validate(ToolSchema.make(addToList.input), { list: "Reading", bookmarkIds: ["bmk_\u0000"] })
    expect(result.issues?.map((i) => i.path?.join("."))).toEqual(["bookmarkIds.0"])
  })

  it("reports one issue per field, and refuses members the schema does not name", () => {
    const schema = ToolSchema.make(Schema.Struct({
      limit: Schema.optionalKey(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 10 }))),
      name: Schema.String
    }))
    expect(validate(schema, { limit: 0, name: 1 }).issues).toEqual([
      { path: ["limit"], message: "Expected a value between 1 and 10, got 0" },
      { path: ["name"], message: "Expected string, got 1" }
    ])
    expect(validate(schema, { name: "x", other: true }).issues?.map((i) => i.path)).toEqual([["other"]])
    expect(validate(schema, { name: "x" })).toEqual({ value: { name: "x" } })
  })
})
