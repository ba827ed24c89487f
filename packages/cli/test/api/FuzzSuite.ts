/**
 * The schema-driven fuzz test against a real listener: a few thousand seeded cases (fuzz/FuzzCases.ts), each
 * answer checked against the rules (fuzz/FuzzOracle.ts): never a 5xx, a problem+json body on every error, the
 * allowance headers on every authenticated answer, nothing accepted that the rules refuse (and nothing refused
 * that they accept), and the library changed by accepted requests only. The seed is printed; `FUZZ_SEED=<n>`
 * replays a run, `FUZZ_CASES=<n>` changes its length.
 */
import { Option } from "effect"
import { afterAll, beforeAll, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import type { Page } from "../support/ApiPaging.js"
import * as Harness from "../support/Harness.js"
import { type Case, cases, encode, type IdChoice } from "./fuzz/FuzzCases.js"
import * as FuzzClient from "./fuzz/FuzzClient.js"
import * as Oracle from "./fuzz/FuzzOracle.js"
import * as fc from "./fuzz/Gen.js"

const seed = Number(process.env["FUZZ_SEED"] ?? Math.floor(Math.random() * 2 ** 31))
const count = Number(process.env["FUZZ_CASES"] ?? 3_000)

const problemCodes = new Set([
  "invalid_input",
  "invalid_text",
  "invalid_query",
  "malformed_json",
  "json_too_deep",
  "unauthenticated",
  "forbidden",
  "not_found",
  "method_not_allowed",
  "payload_too_large",
  "unsupported_media_type",
  "rate_limited_minute",
  "rate_limited_month"
])

/** What the fuzz accounts own, as accepted answers made it. */
interface Model {
  readonly bookmarks: Map<string, string>
  readonly webhooks: Set<string>
  readonly otherBookmarks: ReadonlyArray<string>
  readonly otherWebhooks: ReadonlyArray<string>
}

const pick = <A>(items: ReadonlyArray<A>, index: number): A | undefined =>
  items.length === 0 ? undefined : items[index % items.length]

/** An id as it goes into a path, and the id the server decodes from it (undefined: the route cannot match). */
const idSegment = (choice: IdChoice, model: Model): { readonly segment: string; readonly id: string | undefined } => {
  const known = (id: string | undefined) => ({ segment: encode(id ?? "none_left"), id: id ?? "none_left" })
  switch (choice.kind) {
    case "ownBookmark":
      return known(pick([...model.bookmarks.keys()], choice.index))
    case "otherBookmark":
      return known(pick(model.otherBookmarks, choice.index))
    case "ownWebhook":
      return known(pick([...model.webhooks], choice.index))
    case "otherWebhook":
      return known(pick(model.otherWebhooks, choice.index))
    case "text": {
      // `.` and `..` are path steps, not ids: a client cannot send them as one.
      const text = choice.text === "" || /^\.{1,2}$/.test(choice.text) ? `x${choice.text}` : choice.text
      const segment = encode(text)
      return { segment, id: Oracle.routedId(segment) }
    }
    case "raw":
      return { segment: choice.path, id: Oracle.routedId(choice.path) }
  }
}

const pathOf = (c: Case, model: Model) => {
  const { segment } = idSegment(c.id, model)
  switch (c.operation) {
    case "create":
      return "/v1/api/bookmarks"
    case "register":
      return "/v1/api/webhooks"
    case "list":
      return c.query === "" ? "/v1/api/bookmarks" : `/v1/api/bookmarks?${c.query}`
    case "get":
      return `/v1/api/bookmarks/${segment}`
    case "delete":
      return `/v1/api/webhooks/${segment}`
    case "test":
      return `/v1/api/webhooks/${segment}/test`
  }
}

const methodOf = { create: "POST", register: "POST", list: "GET", get: "GET", delete: "DELETE", test: "POST" } as const

const bodyText = (c: Case): string | undefined =>
  c.body.kind === "none" ? undefined : c.body.kind === "raw" ? c.body.text : JSON.stringify(c.body.value)

/** The answer the rules call for. */
const expectation = (c: Case, model: Model, receiverHost: string): Oracle.Expected => {
  const byId = c.operation === "get" || c.operation === "delete" || c.operation === "test"
  if (byId && idSegment(c.id, model).id === undefined) return { status: 404, codes: ["not_found"], routed: false }
  if (c.auth !== "key") return { status: 401, codes: ["unauthenticated"] }
  if (c.operation === "list") return Oracle.list(c.query)
  const contentType = c.contentType === undefined ? "application/json" : c.contentType
  // No body and no declared type: nothing to check (a bodiless DELETE or test).
  const checked = c.body.kind === "none" && c.contentType === undefined && c.operation !== "get"
    ? { value: null }
    : c.operation === "get"
    ? { value: null }
    : Oracle.bodyCheck(bodyText(c) ?? "", contentType)
  if ("status" in checked) return checked
  if (c.operation === "create") return Oracle.create(checked.value)
  if (c.operation === "register") return Oracle.register(checked.value, { receiverHost, webhooks: model.webhooks.size })
  const { id } = idSegment(c.id, model)
  const own = c.operation === "get" ? model.bookmarks.has(id ?? "") : model.webhooks.has(id ?? "")
  const others = c.operation === "get" ? model.otherBookmarks : model.otherWebhooks
  if (own) return { status: 200 }
  if (id !== undefined && others.includes(id)) return { status: 403, codes: ["forbidden"] }
  return { status: 404, codes: ["not_found"] }
}

const header = (answer: FuzzClient.Answer, name: string) => {
  const value = answer.headers[name]
  return Array.isArray(value) ? value.join(",") : value
}

/** Every fault of one answer, in words; empty when it is right. */
const faultsOf = (c: Case, expected: Oracle.Expected, answer: FuzzClient.Answer): Array<string> => {
  const faults: Array<string> = []
  if (answer.status >= 500) faults.push(`a ${answer.status}`)
  if (answer.status !== expected.status) faults.push(`status ${answer.status}, the rules say ${expected.status}`)
  const body = answer.json as Record<string, unknown> | undefined
  if (answer.status >= 400) {
    if (header(answer, "content-type") !== "application/problem+json") {
      faults.push(`content type ${header(answer, "content-type")}`)
    }
    const shaped = typeof body === "object" && body !== null && ["type", "title", "detail", "code"].every((k) =>
      typeof body[k] === "string"
    ) &&
      body.status === answer.status
    if (!shaped) faults.push("not a problem body")
    else {
      const code = String(body.code)
      if (!problemCodes.has(code)) faults.push(`unknown code ${code}`)
      if (expected.codes !== undefined && expected.codes.length > 0 && !expected.codes.includes(code)) {
        faults.push(`code ${code}, the rules say ${expected.codes.join(" or ")}`)
      }
      if ((code === "invalid_input" || code === "invalid_text") && typeof body.field !== "string") {
        faults.push("no field named")
      }
      if (code === "invalid_query" && typeof body.offset !== "number") faults.push("no offset of the fault")
    }
  }
  if (c.auth === "key" && expected.routed !== false) {
    for (const name of ["x-ratelimit-limit", "x-ratelimit-remaining", "x-ratelimit-reset"]) {
      if (!/^\d+$/.test(header(answer, name) ?? "")) faults.push(`no ${name}`)
    }
  }
  if (answer.status === 201 && c.operation === "create") {
    if (body?.url !== expected.url || body?.status !== "processing") {
      faults.push(`saved as ${JSON.stringify(body)}, expected url ${expected.url}`)
    }
  }
  if (answer.status === 200 && c.operation === "list" && expected.query !== undefined) {
    faults.push(...pageFaults(body as Page | undefined, expected.query))
  }
  return faults
}

/** A page honours its query: size, cursor, filters. */
const pageFaults = (page: Page | undefined, query: NonNullable<Oracle.Expected["query"]>): Array<string> => {
  if (page === undefined || !Array.isArray(page.bookmarks)) return ["no page"]
  const faults: Array<string> = []
  if (page.bookmarks.length > query.limit) faults.push(`${page.bookmarks.length} rows for limit ${query.limit}`)
  for (const row of page.bookmarks) {
    const url = query.url ?? Option.none()
    if (Option.isSome(url) && row.url !== url.value) faults.push(`row ${row.url} for url=${url.value}`)
    if (query.type._tag === "Some" && row.type !== query.type.value) faults.push(`row of type ${row.type}`)
    if (query.before._tag === "Some" && Date.parse(row.createdAt) >= query.before.value) {
      faults.push("row not before the cursor")
    }
    const tag = query.tag
    if (
      tag._tag === "Some" &&
      !row.tags.some((t: string) => t.toLowerCase() === tag.value.toLowerCase().replace(/\s+/g, " "))
    ) {
      faults.push(`row without tag ${tag.value}`)
    }
  }
  return faults
}

const describeCase = (index: number, c: Case, sent: FuzzClient.Sent) => {
  const body = sent.body === undefined
    ? ""
    : ` body ${JSON.stringify(sent.body.length > 200 ? `${sent.body.slice(0, 200)}…(${sent.body.length})` : sent.body)}`
  const type = sent.headers["content-type"] === undefined ? "" : ` [${sent.headers["content-type"]}]`
  return `#${index} ${sent.method} ${sent.path.slice(0, 200)}${type}${body} auth=${c.auth} mutations=${
    c.mutations.join("; ") || "none"
  }`
}

export interface Run {
  readonly cases: number
  readonly accepted: number
  readonly refused: number
  readonly serverErrors: number
  readonly millis: number
}

export const register = (mode: Harness.Mode) => {
  let service: Harness.Started | undefined
  let receiver: FuzzClient.Receiver | undefined

  beforeAll(async () => {
    receiver = await FuzzClient.receiver()
    service = await Harness.start({
      mode,
      roles: "api",
      env: {
        SCREENSHOTS: "false",
        ALLOW_HTTP_WEBHOOKS: "true",
        // A few thousand requests in a minute must not meet the allowance.
        PLAN_LIMITS: JSON.stringify({ ultra: { perMinute: 1_000_000, perMonth: 1_000_000_000 } })
      },
      overrides: { guard: { allowlist: [receiver.host], resolver: async () => [{ address: "127.0.0.1", family: 4 }] } }
    })
  })

  afterAll(async () => {
    await service?.stop()
    await service?.storage.cleanup()
    await receiver?.close()
  })

  it(`answers ${count} seeded hostile and valid requests by the rules, with no 5xx (FUZZ_SEED replays)`, async () => {
    if (service === undefined || receiver === undefined) throw new Error("the service did not start")
    const { client } = service
    console.log(`[fuzz ${mode}] seed=${seed} cases=${count} (replay: FUZZ_SEED=${seed})`)
    const mine = await ApiAccounts.create(client, "ultra", 2)
    const other = await ApiAccounts.create(client, "ultra")
    const revoked = mine.keys[1]
    if (revoked === undefined) throw new Error("no second key")
    await client.admin("DELETE", `/keys/${revoked.id}`)
    // Another account's bookmark and webhook: reading or deleting them must answer 403 and change nothing.
    const otherSave = await client.api("POST", "/bookmarks", other.key, { url: "https://example.com/other" })
    const otherHook = await client.api("POST", "/webhooks", other.key, { url: `${receiver.origin}/other` })
    const model: Model = {
      bookmarks: new Map(),
      webhooks: new Set(),
      otherBookmarks: [otherSave.body.id],
      otherWebhooks: [otherHook.body.id]
    }
    const otherBefore = await snapshot(client, other.key)

    const http = FuzzClient.client(service.baseUrl)
    const failures: Array<string> = []
    let accepted = 0
    let serverErrors = 0
    const tally = new Map<string, number>()
    const spent = new Map<string, number>()
    const started = Date.now()
    const all = fc.sample(cases(receiver.origin), { seed, numRuns: count })
    try {
      for (const [index, c] of all.entries()) {
        const expected = expectation(c, model, receiver.host)
        const headers: Record<string, string> = {}
        if (c.auth === "key") headers.authorization = `Bearer ${mine.key}`
        if (c.auth === "revoked") headers.authorization = `Bearer ${revoked.key}`
        if (c.auth === "malformed") headers.authorization = "Basic a2V5Og=="
        const body = c.operation === "list" || c.operation === "get" ? undefined : bodyText(c)
        const contentType = c.contentType === undefined
          ? (body === undefined ? undefined : "application/json")
          : c.contentType
        if (contentType !== null && contentType !== undefined) headers["content-type"] = contentType
        const sent: FuzzClient.Sent = {
          method: methodOf[c.operation],
          path: pathOf(c, model),
          headers,
          ...(body === undefined ? {} : { body })
        }
        const sentAt = performance.now()
        const answer = await http.send(sent)
        spent.set(c.operation, (spent.get(c.operation) ?? 0) + performance.now() - sentAt)
        if (answer.status >= 500) serverErrors++
        const outcome = `${c.operation} ${answer.status}${
          typeof (answer.json as { code?: unknown } | undefined)?.code === "string"
            ? ` ${(answer.json as { code: string }).code}`
            : ""
        }`
        tally.set(outcome, (tally.get(outcome) ?? 0) + 1)
        if (answer.status < 300) accepted++
        const faults = faultsOf(c, expected, answer)
        if (faults.length > 0 && failures.length < 25) {
          failures.push(
            `${describeCase(index, c, sent)}\n    → ${answer.status} ${answer.text.slice(0, 300)}\n    ✗ ${
              faults.join("; ")
            }`
          )
        }
        track(c, answer, model)
        if ((index + 1) % 500 === 0 || index === all.length - 1) {
          const library = await snapshot(client, mine.key)
          const drift = libraryFaults(library, model)
          if (drift.length > 0 && failures.length < 25) failures.push(`after #${index}: ${drift.join("; ")}`)
        }
      }
    } finally {
      http.close()
    }
    const millis = Date.now() - started
    console.log(`[fuzz ${mode}] ms per operation: ${[...spent].map(([k, ms]) => `${k} ${Math.round(ms)}`).join(", ")}`)
    console.log(`[fuzz ${mode}] outcomes: ${[...tally].sort().map(([k, n]) => `${k}×${n}`).join(", ")}`)
    console.log(
      `[fuzz ${mode}] ${count} cases in ${(millis / 1000).toFixed(1)} s: ${accepted} accepted, ${
        count - accepted
      } refused, ${serverErrors} 5xx (seed ${seed})`
    )
    expect(await snapshot(client, other.key), "the other account's library").toEqual(otherBefore)
    expect(failures, `seed ${seed}: replay with FUZZ_SEED=${seed}`).toEqual([])
    expect(serverErrors).toBe(0)
    // The run exercised both sides of the rules.
    expect(accepted).toBeGreaterThan(count / 10)
    expect(count - accepted).toBeGreaterThan(count / 3)
  }, 300_000)
}

/** Accepted changes enter the model: a save, a registration, a deletion. */
const track = (c: Case, answer: FuzzClient.Answer, model: Model) => {
  const body = answer.json as Record<string, unknown> | undefined
  if (c.operation === "create" && answer.status === 201 && typeof body?.id === "string") {
    model.bookmarks.set(body.id, String(body.url))
  }
  if (c.operation === "register" && answer.status === 201 && typeof body?.id === "string") model.webhooks.add(body.id)
  if (c.operation === "delete" && answer.status === 200) {
    const id = idSegment(c.id, model).id
    if (id !== undefined) model.webhooks.delete(id)
  }
}

interface Snapshot {
  readonly bookmarks: ReadonlyArray<{ readonly id: string; readonly url: string }>
  readonly webhooks: ReadonlyArray<string>
}

/** The whole library (walked page by page) and the webhooks of an account. */
const snapshot = async (client: Harness.Started["client"], key: string): Promise<Snapshot> => {
  const bookmarks: Array<{ id: string; url: string }> = []
  let before: string | null = null
  do {
    const query: string = before === null ? "limit=100" : `limit=100&before=${encodeURIComponent(before)}`
    const page: { status: number; body: Page } = await client.api<Page>("GET", `/bookmarks?${query}`, key)
    if (page.status !== 200) throw new Error(`walk: ${page.status}`)
    bookmarks.push(...page.body.bookmarks.map((b) => ({ id: b.id, url: b.url })))
    before = page.body.nextBefore
  } while (before !== null)
  const hooks = await client.api<{ webhooks: ReadonlyArray<{ id: string }> }>("GET", "/webhooks", key)
  return { bookmarks, webhooks: hooks.body.webhooks.map((w) => w.id).sort() }
}

/** The stored library is exactly what the accepted answers said. */
const libraryFaults = (library: Snapshot, model: Model): Array<string> => {
  const faults: Array<string> = []
  const stored = new Map(library.bookmarks.map((b) => [b.id, b.url]))
  if (stored.size !== model.bookmarks.size) {
    faults.push(`${stored.size} bookmarks stored, ${model.bookmarks.size} accepted`)
  }
  for (const [id, url] of model.bookmarks) {
    if (stored.get(id) !== url) faults.push(`bookmark ${id} stored as ${stored.get(id)}, acknowledged as ${url}`)
  }
  const hooks = [...model.webhooks].sort()
  if (JSON.stringify(library.webhooks) !== JSON.stringify(hooks)) {
    faults.push(`webhooks ${library.webhooks.join(",")} ≠ accepted ${hooks.join(",")}`)
  }
  return faults.slice(0, 5)
}
