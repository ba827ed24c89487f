/** Webhooks: registration rules, the stored record, its API views and failure accounting (docs/decisions.md, "Webhooks"). */
import { Either, Encoding, Schema } from "effect"
import { InvalidInput } from "./Errors.js"
import { AccountId, WebhookId } from "./Ids.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"
import { parseHttpUrl } from "./Url.js"

export const events = ["bookmark.saved"] as const
export const Event = Schema.Literal(...events)
export type Event = typeof Event.Type

export const maxPerAccount = 10
export const maxDescriptionLength = 500
export const secretPrefix = "whsec_"

/** `whsec_` + base64 of 32 random bytes. */
export const makeSecret = (random32: Uint8Array): string => secretPrefix + Encoding.encodeBase64(random32)

export const Record = Schema.Struct({
  id: WebhookId,
  accountId: AccountId,
  url: Schema.String,
  events: Schema.Array(Event),
  description: Schema.String,
  active: Schema.Boolean,
  secret: Schema.String,
  failureCount: Schema.Number,
  lastStatus: Schema.Number,
  lastDeliveredAt: Schema.NullOr(Schema.Number),
  /** Start of the current run of failed attempts; null after a success. */
  failingSince: Schema.NullOr(Schema.Number),
  createdAt: Schema.Number
})
export type Record = typeof Record.Type

/** A webhook as the API shows it (docs/api.md, "Resources"). */
export const Webhook = Schema.Struct({
  id: WebhookId,
  url: Schema.String,
  events: Schema.Array(Event),
  description: Schema.String,
  active: Schema.Boolean,
  failureCount: Schema.Number,
  lastStatus: Schema.Number,
  lastDeliveredAt: Schema.NullOr(IsoTimestamp),
  secret: Schema.String
}).annotations({ identifier: "Webhook" })
export type Webhook = typeof Webhook.Type

export const present = (r: Record): Webhook => ({
  id: r.id,
  url: r.url,
  events: r.events,
  description: r.description,
  active: r.active,
  failureCount: r.failureCount,
  lastStatus: r.lastStatus,
  lastDeliveredAt: r.lastDeliveredAt === null ? null : toIso(r.lastDeliveredAt),
  secret: r.secret
})

/** The registration response: `id, url, events, active, secret` only. */
export const Registered = Schema.Struct({
  id: WebhookId,
  url: Schema.String,
  events: Schema.Array(Event),
  active: Schema.Boolean,
  secret: Schema.String
}).annotations({ identifier: "WebhookRegistered" })
export type Registered = typeof Registered.Type

export const RegisterPayload = Schema.Struct({
  url: Schema.String,
  events: Schema.optional(Schema.Union(Schema.Array(Schema.String), Schema.String)),
  description: Schema.optional(Schema.String)
}).annotations({ identifier: "RegisterWebhook" })
export type RegisterPayload = typeof RegisterPayload.Type

/** Event names from a list or a comma-separated string; only known events; default `bookmark.saved`. */
export const parseEvents = (input: string | ReadonlyArray<string> | undefined): Either.Either<Array<Event>, InvalidInput> => {
  if (input === undefined) return Either.right([...events])
  const names = (typeof input === "string" ? [input] : input)
    .flatMap((part) => part.split(","))
    .map((name) => name.trim())
    .filter((name) => name !== "")
  if (names.length === 0) return Either.left(new InvalidInput({ field: "events", reason: "must name at least one event" }))
  const out: Array<Event> = []
  for (const name of names) {
    if (!Schema.is(Event)(name)) {
      return Either.left(
        new InvalidInput({ field: "events", reason: `unknown event '${name.slice(0, 50)}'; known: ${events.join(", ")}` })
      )
    }
    if (!out.includes(name)) out.push(name)
  }
  return Either.right(out)
}

/** An endpoint URL: https only unless plain http is allowed. */
export const parseEndpoint = (input: string, allowHttp: boolean): Either.Either<URL, InvalidInput> =>
  Either.flatMap(parseHttpUrl("url", input), (url) =>
    url.protocol === "https:" || allowHttp
      ? Either.right(url)
      : Either.left(new InvalidInput({ field: "url", reason: "must use https" })))

/** The outcome of one delivery attempt. `status` is absent when the endpoint gave no HTTP answer. */
export interface AttemptOutcome {
  readonly at: number
  readonly status: number | null
  readonly ok: boolean
}

/**
 * Failure accounting: `failureCount` counts consecutive failed attempts and a success resets it;
 * `lastStatus` is the last HTTP status received (kept when there was none); `lastDeliveredAt`
 * is when the endpoint last answered at all.
 */
export const recordAttempt = (r: Record, outcome: AttemptOutcome): Record => ({
  ...r,
  failureCount: outcome.ok ? 0 : r.failureCount + 1,
  lastStatus: outcome.status ?? r.lastStatus,
  lastDeliveredAt: outcome.status === null ? r.lastDeliveredAt : outcome.at,
  failingSince: outcome.ok ? null : (r.failingSince ?? outcome.at)
})

/** When sustained failure deactivates a webhook. */
export interface DeactivationRule {
  readonly failingFor: number
  readonly minFailures: number
}

export const defaultDeactivation: DeactivationRule = { failingFor: 5 * 24 * 3600_000, minFailures: 10 }

/** 410 Gone deactivates at once; otherwise every attempt failing for the whole period and enough of them. */
export const shouldDeactivate = (r: Record, lastStatus: number | null, now: number, rule: DeactivationRule): boolean =>
  lastStatus === 410 ||
  (r.failingSince !== null && now - r.failingSince >= rule.failingFor && r.failureCount >= rule.minFailures)
