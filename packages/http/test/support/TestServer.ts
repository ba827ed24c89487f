/** A real listener on 127.0.0.1 (port 0) over the in-memory domain, with handles the tests steer. */
import { BookmarkId, Bookmarks, Errors, type Settings } from "@bookmark-library/domain"
import { FakeWebhookSender, Fixtures, TestApp } from "@bookmark-library/testkit"
import * as NodeHttpServer from "@effect/platform-node/NodeHttpServer"
import { expect } from "@effect/vitest"
import { Cause, Context, Effect, Layer, Logger, Redacted, References, Schema } from "effect"
import * as HttpServer from "effect/http/HttpServer"
import { createServer } from "node:http"
import * as AssetLinks from "../../src/server/AssetLinks.js"
import { Health } from "../../src/server/Health.js"
import * as Mounts from "../../src/server/Mounts.js"
import * as Server from "../../src/server/Server.js"

export const adminToken = "adm_test-token-0123456789"

/** The PUBLIC_URL the links in answers are built from. */
export const publicUrl = "http://127.0.0.1:3000"

/** A bookmark id whose read dies with a message that must never reach a client. */
export const boomId = BookmarkId.make("bmk_boom")
export const secretDefect = "secret internals: postgres://admin:hunter2@db"

/** One captured log line: level, message and annotations, rendered as text for searching. */
export interface LogLine {
  readonly level: string
  readonly message: string
  readonly annotations: Readonly<Record<string, unknown>>
  readonly text: string
}

/** Knobs the tests turn, and what the server logged. */
export class TestControls extends Context.Service<TestControls, {
  readonly sender: ReturnType<typeof FakeWebhookSender.make>
  readonly health: { healthy: boolean }
  readonly logs: Array<LogLine>
}>()("TestControls") {}

export const sabotagedBookmarks = Layer.effect(
  Bookmarks,
  Effect.map(Bookmarks, (bookmarks) =>
    Bookmarks.of({
      ...bookmarks,
      get: (id) => (id === boomId ? Effect.die(new Error(secretDefect)) : bookmarks.get(id)),
      getWithHighlights: (id) => id === boomId ? Effect.die(new Error(secretDefect)) : bookmarks.getWithHighlights(id)
    }))
)

const testControls = Layer.sync(
  TestControls,
  () => ({ sender: FakeWebhookSender.make(), health: { healthy: true }, logs: [] })
)

/** Every line with the annotations of the fiber that wrote it (the request's id among them). */
const capture = (logs: Array<LogLine>) =>
  Logger.make(({ cause, fiber, logLevel, message }) => {
    const record = { ...fiber.getRef(References.CurrentLogAnnotations) }
    const text = Array.isArray(message) ? message.map(String).join(" ") : String(message)
    const parts = [text, JSON.stringify(record), cause.reasons.length === 0 ? "" : Cause.pretty(cause)]
    logs.push({ level: logLevel.toUpperCase(), message: text, annotations: record, text: parts.join(" ") })
  })

const steered = Layer.unwrap(Effect.map(TestControls, ({ health, logs, sender }) =>
  Layer.mergeAll(
    sender.layer,
    Logger.layer([capture(logs)], { mergeWithExisting: true }),
    Layer.succeed(References.MinimumLogLevel, "Debug"),
    Layer.succeed(Health, {
      check: Effect.suspend(() =>
        health.healthy ? Effect.void : Effect.fail(new Errors.StorageUnavailable({ reason: "test: database down" }))
      )
    })
  )))

/**
 * The server with `options` (and the domain's `settings`), its HttpServer (for the address), the in-memory ports and
 * the test controls.
 */
export const layerWith = (options: Partial<Server.Options> = {}, settings: Partial<Settings.SettingsShape> = {}) =>
  Server.layer({ adminToken: Redacted.make(adminToken), ...options }).pipe(
    Layer.provide(Mounts.none),
    Layer.provideMerge(NodeHttpServer.layer(createServer, { port: 0, host: "127.0.0.1" })),
    Layer.provide(sabotagedBookmarks),
    Layer.provideMerge(steered),
    Layer.provideMerge(testControls),
    Layer.provideMerge(TestApp.layer(settings, undefined, AssetLinks.layer(publicUrl)))
  )

export const layer = layerWith()

export const baseUrl = Effect.map(
  HttpServer.HttpServer,
  ({ address }) => address._tag === "UnixPathAddress" ? "http://invalid" : `http://127.0.0.1:${address.port}`
)

export interface Sent {
  readonly status: number
  readonly headers: Headers
  readonly text: string
  readonly body: unknown
}

/** One request through the real listener; the body is read and parsed when it is JSON. */
export const request = (
  method: string,
  path: string,
  options: {
    readonly key?: string
    readonly json?: unknown
    readonly body?: string
    readonly headers?: Record<string, string>
  } = {}
) =>
  Effect.flatMap(baseUrl, (base) =>
    Effect.promise(async (): Promise<Sent> => {
      const headers: Record<string, string> = { ...options.headers }
      if (options.key !== undefined) headers.authorization = `Bearer ${options.key}`
      let body: string | undefined = options.body
      if (options.json !== undefined) {
        body = JSON.stringify(options.json)
        headers["content-type"] ??= "application/json"
      }
      const response = await fetch(base + path, { method, headers, ...(body === undefined ? {} : { body }) })
      const text = await response.text()
      const type = response.headers.get("content-type") ?? ""
      const parsed: unknown = type.includes("json") && text !== "" ? JSON.parse(text) : undefined
      return { status: response.status, headers: response.headers, text, body: parsed }
    }))

/** A fresh account with one key. */
export const account = (plan: "free" | "plus" | "ultra" = "free") => Fixtures.accountWithKey(plan)

export const admin = { authorization: `Bearer ${adminToken}` }

/** The response body checked against a contract schema (the test fails when it does not match). */
export const decode = <A, I>(schema: Schema.Codec<A, I>, sent: Sent): A => Schema.decodeUnknownSync(schema)(sent.body)

/** The member names of a JSON object body, sorted. */
export const keys = (body: unknown): ReadonlyArray<string> =>
  typeof body === "object" && body !== null ? Object.keys(body).sort() : []

/** An RFC 9457 body as every error response carries it. */
export const ProblemBody = Schema.StructWithRest(
  Schema.Struct({
    type: Schema.String,
    title: Schema.String,
    status: Schema.Int,
    detail: Schema.String,
    code: Schema.String
  }),
  [Schema.Record(Schema.String, Schema.Unknown)]
)

/** Checks the status, the media type and the problem members; returns the problem. */
export const problem = (sent: Sent, status: number) => {
  expect(sent.status).toBe(status)
  expect(sent.headers.get("content-type")).toBe("application/problem+json")
  const body = decode(ProblemBody, sent)
  expect(body.status).toBe(status)
  expect(body.type).toBe(`https://bookmarks.dev/problems/${body.code}`)
  expect(body.code).toMatch(/^[a-z]+(_[a-z]+)*$/)
  return body
}
