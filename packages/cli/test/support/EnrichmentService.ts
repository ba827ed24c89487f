/**
 * The service as the enrichment end-to-end tests run it: address policy ON with only the fixture origin
 * allowlisted, short fetch limits and retry schedule, plus the fixture server and the SSRF trap beside it.
 * Free of vitest, so a measurement script can use it too.
 */
import { BookmarkId, Bookmarks } from "@bookmark-library/domain"
import { Waiting } from "@bookmark-library/testkit"
import { Effect, Option, Schema } from "effect"
import * as dns from "node:dns"
import * as Trap from "./EnrichmentTrap.js"
import * as FixturePages from "./FixturePages.js"
import * as FixtureServer from "./FixtureServer.js"
import * as Harness from "./Harness.js"

const { failingNames, internalNames } = FixturePages
const internalAnswers: Readonly<Record<string, ReadonlyArray<{ readonly address: string; readonly family: number }>>> =
  {
    [internalNames.v4]: [{ address: "127.0.0.1", family: 4 }],
    [internalNames.v6]: [{ address: "::1", family: 6 }],
    [internalNames.mixed]: [{ address: "127.0.0.1", family: 4 }, { address: "::1", family: 6 }]
  }

const failures: Readonly<Record<string, string>> = {
  [failingNames.missing]: "ENOTFOUND",
  [failingNames.flaky]: "EAI_AGAIN"
}

/** Names the resolver was asked, in order (the service runs in this process). */
export const resolved: Array<string> = []

/**
 * The system resolver, except the fixtures' internal names, which answer loopback addresses, and the failing
 * names, which fail as a resolver would (no DNS server is asked).
 */
export const resolver = async (host: string) => {
  resolved.push(host)
  const code = failures[host]
  if (code !== undefined) throw Object.assign(new Error(`getaddrinfo ${code} ${host}`), { code })
  return internalAnswers[host] ?? dns.promises.lookup(host, { all: true, verbatim: true })
}

/** Fetch limits short enough that the slow and endless fixtures finish in seconds. */
export const fetchLimits = { headersTimeout: 1_500, totalTimeout: 6_000, maxBytes: 256 * 1024 } as const

export interface Setup {
  readonly service: Harness.Started
  readonly fixtures: FixtureServer.FixtureServer
  readonly trap: Trap.Trap
  readonly key: string
  readonly stop: () => Promise<void>
}

export const start = async (
  options: { readonly mode: Harness.Mode; readonly env?: Record<string, string> }
): Promise<Setup> => {
  const trap = await Trap.start()
  const fixtures = await FixtureServer.start((selfPort) => FixturePages.routes({ selfPort, trapPort: trap.port }))
  const service = await Harness.start({
    mode: options.mode,
    env: {
      ENRICHMENT_RETRY_SCHEDULE: "200ms,200ms,200ms",
      // These suites poll bookmarks every 20-100 ms for a minute or more; the allowance is not what they test.
      PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 100_000_000 } }),
      ...options.env
    },
    overrides: { guard: { allowlist: [fixtures.origin], resolver }, fetch: fetchLimits }
  })
  const { key } = await service.client.account("ultra")
  return {
    service,
    fixtures,
    trap,
    key,
    stop: async () => {
      await service.stop()
      await service.storage.cleanup()
      await fixtures.close()
      await trap.close()
    }
  }
}

/** `POST /bookmarks`; expects the processing acknowledgement and returns the id. */
export const save = async (
  setup: Setup,
  url: string,
  extra: { readonly tags?: ReadonlyArray<string> | string } = {}
) => {
  const answer = await setup.service.client.api("POST", "/bookmarks", setup.key, { url, ...extra })
  const ack = Schema.decodeUnknownResult(Ack)(answer.body)
  if (answer.status !== 201 || ack._tag === "Failure") throw new Error(`save ${url}: ${answer.status} ${answer.text}`)
  return ack.success.id
}

const Ack = Schema.Struct({ id: Schema.String, status: Schema.Literal("processing") })

/** The full bookmark as `GET /bookmarks/:id` shows it; decoding it also checks every field is there. */
const ReadyBookmark = Schema.Struct({
  id: Schema.String,
  url: Schema.String,
  title: Schema.String,
  description: Schema.String,
  type: Schema.String,
  tags: Schema.Array(Schema.String),
  note: Schema.String,
  summary: Schema.String,
  image: Schema.String,
  screenshot: Schema.String,
  favicon: Schema.String,
  createdAt: Schema.String,
  status: Schema.Literal("ready"),
  processingError: Schema.String,
  archive: Schema.String,
  archivedAt: Schema.String,
  archiveProblem: Schema.String
})
export type ReadyBookmark = typeof ReadyBookmark.Type

/** Polls `GET /bookmarks/:id` until `ready`. */
export const ready = async (setup: Setup, id: string, timeoutMs = 60_000): Promise<ReadyBookmark> =>
  Schema.decodeUnknownSync(ReadyBookmark)(await setup.service.client.ready(setup.key, id, timeoutMs))

/** Every distinct `processingError` the bookmark showed while still `processing`, watched until it is `ready`. */
export const pendingReasons = async (setup: Setup, id: string, timeoutMs = 60_000): Promise<ReadonlyArray<string>> => {
  const seen: Array<string> = []
  let last = ""
  return Waiting.pollUntil(() => `bookmark ${id} to be ready: ${last}`, async () => {
    const got = await setup.service.client.api("GET", `/bookmarks/${id}`, setup.key)
    if (got.body?.status === "ready") return seen
    const reason: unknown = got.body?.processingError
    if (typeof reason === "string" && reason !== "" && !seen.includes(reason)) seen.push(reason)
    last = got.text
    return undefined
  }, { timeoutMs, intervalMs: 20 })
}

/** The extracted page text the service stored for search (not part of the API). */
export const pageText = (setup: Setup, id: string) =>
  setup.service.run(
    Effect.flatMap(Bookmarks, (bookmarks) => bookmarks.get(BookmarkId.make(id))).pipe(
      Effect.map(Option.match({ onNone: () => "", onSome: (record) => record.pageText }))
    )
  )
