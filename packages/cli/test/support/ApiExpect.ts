/** Assertions on what a public-API user sees: problem bodies, allowance headers, field lists of the resources. */
import { expect } from "vitest"
import type { Answer } from "./Client.js"

/** Every field of a bookmark (docs/api.md, "Resources"), `status` and `processingError` included. */
export const bookmarkFields = [
  "id",
  "url",
  "title",
  "description",
  "type",
  "tags",
  "note",
  "summary",
  "image",
  "screenshot",
  "favicon",
  "createdAt",
  "status",
  "processingError"
] as const

/** What every list row carries at least (docs/api.md, "Resources"). */
export const listRowFields = ["id", "url", "title", "type", "tags", "createdAt"] as const

const isoMillis = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

export const expectIsoMillis = (value: unknown) => {
  expect(value).toMatch(isoMillis)
}

/** An RFC 9457 body with the members docs/api.md ("Errors") promises, sent as application/problem+json. */
export const expectProblem = (answer: Answer, status: number, code?: string) => {
  expect(answer.status, answer.text).toBe(status)
  expect(answer.headers.get("content-type")).toMatch(/^application\/problem\+json/)
  const body = answer.body as Record<string, unknown>
  expect(typeof body.type).toBe("string")
  expect(typeof body.title).toBe("string")
  expect(body.status).toBe(status)
  expect(typeof body.detail).toBe("string")
  expect(String(body.detail).length).toBeGreaterThan(0)
  expect(typeof body.code).toBe("string")
  if (code !== undefined) expect(body.code).toBe(code)
}

export interface RateLimitHeaders {
  readonly limit: number
  readonly remaining: number
  readonly reset: number
}

const integerHeader = (answer: Answer, name: string) => {
  const value = answer.headers.get(name)
  expect(value, `${name} on ${answer.status}`).toMatch(/^\d+$/)
  return Number(value)
}

/** The three allowance headers, present and integral. */
export const rateLimitHeaders = (answer: Answer): RateLimitHeaders => ({
  limit: integerHeader(answer, "x-ratelimit-limit"),
  remaining: integerHeader(answer, "x-ratelimit-remaining"),
  reset: integerHeader(answer, "x-ratelimit-reset")
})

export const expectBookmark = (body: Record<string, unknown>) => {
  for (const field of bookmarkFields) expect(body, field).toHaveProperty(field)
  for (const field of bookmarkFields) {
    if (field !== "tags") expect(typeof body[field], field).toBe("string")
  }
  expect(Array.isArray(body.tags)).toBe(true)
  expectIsoMillis(body.createdAt)
}

export const expectListRow = (row: Record<string, unknown>) => {
  for (const field of listRowFields) expect(row, field).toHaveProperty(field)
  expect(Array.isArray(row.tags)).toBe(true)
  expectIsoMillis(row.createdAt)
}
