/** The payload schemas: the text rule on every string, lengths, and unknown members refused (not dropped). */
import { Bookmark, EditPayload, Ids, Payload, SaveForAccountPayload, Text, Webhook } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Result, Schema, SchemaIssue } from "effect"

const formatter = SchemaIssue.makeFormatterStandardSchemaV1()

/** The issues of decoding `input` as a body is decoded (with the payloads' parse options). */
const issues = (schema: Schema.Codec<unknown, unknown>, input: unknown) => {
  const result = Schema.decodeUnknownResult(schema)(input, Payload.parseOptions)
  return Result.isFailure(result) ? formatter(result.failure.issue).issues : []
}

/** The first issue's field and message, as the HTTP edge reports them. */
const refusal = (schema: Schema.Codec<unknown, unknown>, input: unknown) => {
  const found = issues(schema, input)
  const text = found.find((issue) => Text.isReason(issue.message))
  const issue = text ?? found[0]
  return issue === undefined
    ? undefined
    : { field: (issue.path ?? []).join("."), message: issue.message, text: text !== undefined }
}

const payloads = [
  ["CreateBookmark", Bookmark.CreatePayload, { url: "https://example.com/" }, ["url", "tags", "note"]],
  ["RegisterWebhook", Webhook.RegisterPayload, { url: "https://example.com/hook" }, ["url", "events", "description"]],
  ["EditBookmark", EditPayload, {}, ["title", "description", "tags", "note"]],
  ["AppSaveBookmark", SaveForAccountPayload, { url: "https://example.com/", source: "app" }, ["url", "tags", "note"]]
] as const

describe("payload schemas", () => {
  for (const [name, schema, valid, textFields] of payloads) {
    const decode = (input: unknown) =>
      Schema.decodeUnknownResult(schema as Schema.Codec<unknown, unknown>)(input, Payload.parseOptions)
    describe(name, () => {
      it("accepts the minimal valid body", () => {
        expect(Result.isSuccess(decode(valid))).toBe(true)
      })

      it("refuses NUL and unpaired surrogates in every string member, naming it as a text refusal", () => {
        for (const field of textFields) {
          for (const bad of ["a\u0000b", "\ud800", "x\udc00"]) {
            for (const value of field === "tags" || field === "events" ? [bad, [bad]] : [bad]) {
              const found = refusal(schema as Schema.Codec<unknown, unknown>, { ...valid, [field]: value })
              expect(found, `${field}=${JSON.stringify(value)}`).toMatchObject({ text: true })
              expect(found?.field.startsWith(field)).toBe(true)
            }
          }
        }
      })

      it("refuses an unknown member by name instead of dropping it", () => {
        for (const extra of ["title", "createdAt", "__proto__", "URL"]) {
          if ((textFields as ReadonlyArray<string>).includes(extra)) continue
          const body = JSON.parse(JSON.stringify({ ...valid }).replace(/^\{/, `{"${extra}":1,`).replace(",}", "}"))
          const found = refusal(schema as Schema.Codec<unknown, unknown>, body)
          expect(found, extra).toMatchObject({ field: extra, text: false })
          expect(found?.message).toMatch(/is unexpected/)
        }
      })

      it("says so in its JSON Schema: additionalProperties false, a description on every member", () => {
        // As the OpenAPI document is made: unknown members are refused there as they are when a body is decoded.
        const document = Schema.toJsonSchemaDocument(schema, {
          onExcessProperty: Payload.parseOptions.onExcessProperty
        })
        type Json = {
          additionalProperties?: unknown
          properties?: Record<string, { description?: string }>
          $ref?: string
        }
        const json: Json = document.schema
        const root = json.properties === undefined ? Object.values(document.definitions)[0] as Json : json
        expect(root.additionalProperties).toBe(false)
        for (const [member, property] of Object.entries(root.properties ?? {})) {
          expect(property.description, member).toBeTruthy()
        }
      })
    })
  }

  it("bounds lengths where the rule is a length: url 2,048, note 10,000, webhook description 500", () => {
    expect(refusal(Bookmark.CreatePayload, { url: "https://e.com/" + "a".repeat(2048) })?.message).toMatch(
      /at most 2048/
    )
    expect(refusal(Bookmark.CreatePayload, { url: "https://e.com/", note: "n".repeat(10_001) })?.field).toBe("note")
    expect(refusal(Webhook.RegisterPayload, { url: "https://e.com/", description: "d".repeat(501) })?.field).toBe(
      "description"
    )
  })
})

describe("Ids.isWellFormed", () => {
  it("accepts every id the generator makes and the short forms tests use", () => {
    for (const id of ["bmk_0123456789ABCDEFGHIJKL", "acc_x", "whk_1", "key-2", "a".repeat(64)]) {
      expect(Ids.isWellFormed(id), id).toBe(true)
    }
  })

  it("refuses what cannot name a resource: empty, NUL, other Unicode, spaces, over 64 characters", () => {
    for (const id of ["", "bmk_\u0000", "\u0000", "€", "bmk x", "a".repeat(65), "\ud800", "../x", "bmk_1%00"]) {
      expect(Ids.isWellFormed(id), JSON.stringify(id)).toBe(false)
    }
  })
})
