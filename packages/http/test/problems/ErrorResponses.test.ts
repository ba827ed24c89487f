/**
 * Each error's declared response, on its own: the body it is sent as (status, code, title, members) and the error the
 * typed client gets back from that body. The server-side answers are in ProblemDetails.test.ts.
 */
import { Errors } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import * as ErrorResponses from "../../src/problems/ErrorResponses.js"
import * as HttpErrors from "../../src/problems/HttpErrors.js"

type Response = Schema.Codec<unknown, unknown>

/** Every declared response, its status and errors it answers. */
const samples: ReadonlyArray<readonly [Response, number, ReadonlyArray<{ readonly message: string }>]> = [
  [ErrorResponses.InvalidInput, 400, [
    new Errors.InvalidInput({ field: "url", reason: "is missing" }),
    new Errors.InvalidInput({ field: "tags.0", reason: "contains NUL", code: "invalid_text" })
  ]],
  [ErrorResponses.Unauthenticated, 401, [new Errors.Unauthenticated({ reason: "revoked" })]],
  [ErrorResponses.Forbidden, 403, [new Errors.Forbidden({ resource: "webhook", id: "w1" })]],
  [ErrorResponses.NotFound, 404, [new Errors.NotFound({ resource: "bookmark", id: "b1" })]],
  [ErrorResponses.RateLimited, 429, [
    new Errors.RateLimited({ window: "minute", limit: 60, retryAfter: 12, resetAt: Date.UTC(2026, 0, 31, 12) }),
    new Errors.RateLimited({ window: "month", limit: 1000, retryAfter: 86_400, resetAt: Date.UTC(2026, 1, 1) })
  ]],
  // `blank` comes back from the detail, so a body without it is read as `blank: false` (the same message).
  [ErrorResponses.MalformedJson, 400, [
    new HttpErrors.MalformedJson({ blank: false }),
    new HttpErrors.MalformedJson({ blank: true })
  ]],
  [ErrorResponses.JsonTooDeep, 400, [new HttpErrors.JsonTooDeep({ limit: 32 })]],
  [ErrorResponses.PayloadTooLarge, 413, [new HttpErrors.PayloadTooLarge({ limit: 65_536 })]],
  [ErrorResponses.InvalidAdminToken, 401, [new HttpErrors.InvalidAdminToken()]],
  [ErrorResponses.InternalError, 500, [new HttpErrors.InternalError()]]
]

const bodyOf = (response: Response, error: unknown) =>
  Schema.decodeUnknownSync(Schema.Record(Schema.String, Schema.Unknown))(Schema.encodeUnknownSync(response)(error))

describe("ErrorResponses", () => {
  it("sends each error as a problem with its status, its code's URI and the error's message", () => {
    for (const [response, status, errors] of samples) {
      for (const error of errors) {
        const body = bodyOf(response, error)
        expect(body.status).toBe(status)
        expect(body.type).toBe(`https://bookmarks.dev/problems/${String(body.code)}`)
        expect(body.detail).toBe(error.message)
      }
    }
  })

  it("gives the typed client the error back from its body", () => {
    for (const [response, , errors] of samples) {
      for (const error of errors) {
        const sent = JSON.parse(JSON.stringify(bodyOf(response, error)))
        expect(Schema.decodeUnknownSync(response)(sent)).toStrictEqual(error)
      }
    }
  })

  it("answers with the code and title the error calls for, and its members", () => {
    const [input, text] = samples[0]?.[2] ?? []
    expect(bodyOf(ErrorResponses.InvalidInput, input))
      .toMatchObject({ code: "invalid_input", title: "Invalid input", field: "url" })
    expect(bodyOf(ErrorResponses.InvalidInput, text))
      .toMatchObject({ code: "invalid_text", title: "Invalid text", field: "tags.0" })
    const resetAt = Date.UTC(2026, 1, 1)
    const limited = new Errors.RateLimited({ window: "month", limit: 1000, retryAfter: 60, resetAt })
    expect(bodyOf(ErrorResponses.RateLimited, limited)).toEqual({
      type: "https://bookmarks.dev/problems/rate_limited_month",
      title: "Too many requests",
      status: 429,
      detail: limited.message,
      code: "rate_limited_month",
      window: "month",
      limit: 1000,
      retryAfter: 60,
      resetAt: "2026-02-01T00:00:00.000Z"
    })
  })

  it("keeps an adapter's reason out of the body, and adds no member to a problem that declares none", () => {
    const storage = new Errors.StorageUnavailable({ reason: "db.internal down" })
    const unavailable = bodyOf(ErrorResponses.StorageUnavailable, storage)
    expect(JSON.stringify(unavailable)).not.toContain("db.internal")
    expect(unavailable).toMatchObject({ status: 503, code: "storage_unavailable", title: "Service unavailable" })
    const media = new HttpErrors.UnsupportedMediaType({ contentType: "text/csv" })
    const unsupported = bodyOf(ErrorResponses.UnsupportedMediaType, media)
    expect(Object.keys(unsupported)).toEqual(["type", "title", "status", "detail", "code"])
  })

  it("refuses a body that is another problem", () => {
    const notFound = bodyOf(ErrorResponses.NotFound, new Errors.NotFound({ resource: "bookmark", id: "b1" }))
    expect(() => Schema.decodeUnknownSync(ErrorResponses.Forbidden)(notFound)).toThrow()
  })
})
