/**
 * Webhooks: registration rules, the stored record, its API views and failure accounting (docs/decisions.md,
 * "Webhooks").
 */
import { Result, Schema } from "effect"
import { Base64 } from "effect/encoding"
import { InvalidInput } from "./Errors.js"
import { AccountId, WebhookId } from "./Ids.js"
import * as Payload from "./Payload.js"
import * as Text from "./Text.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"
import { maxUrlLength, parseHttpUrl } from "./Url.js"

/** The one event there is (a `Literals` of one would be documented as a one-member `anyOf`). */
export const Event = Schema.Literal("bookmark.saved")
export const events = [Event.literal] as const
export type Event = typeof Event.Type

export const maxPerAccount = 10
export const maxDescriptionLength = 500
export const secretPrefix = "whsec_"

/** `whsec_` + base64 of 32 random bytes. */
export const makeSecret = (random32: Uint8Array): string => secretPrefix + Base64.encode(random32)

export const Record = Schema.Struct({
  id: WebhookId,
  accountId: AccountId,
  url: Schema.String,
  events: Schema.Array(Event),
  description: Schema.String,
  active: Schema.Boolean,
  secret: Schema.String,
  failureCount: Schema.Finite,
  lastStatus: Schema.Finite,
  lastDeliveredAt: Schema.NullOr(Schema.Finite),
  /** Start of the current run of failed attempts; null after a success. */
  failingSince: Schema.NullOr(Schema.Finite),
  createdAt: Schema.Finite
})
export type Record = typeof Record.Type

const view = {
  id: WebhookId.annotate({ description: "Webhook id" }),
  url: Schema.String.annotate({ description: "The endpoint that receives deliveries (normalised)" }),
  events: Schema.Array(Event).annotate({ description: "Subscribed event names" }),
  description: Schema.String.annotate({ description: "Free label; empty string when none was given" }),
  active: Schema.Boolean.annotate({
    description: "Whether deliveries are sent; sustained failure or a 410 turns it off"
  }),
  secret: Schema.String.annotate({
    description: "Signing secret (`whsec_…`) of every delivery's `X-Service-Signature`"
  })
}

/** A webhook as `GET /webhooks` lists it (docs/api.md, "Resources"). */
export const Webhook = Schema.Struct({
  id: view.id,
  url: view.url,
  events: view.events,
  description: view.description,
  active: view.active,
  failureCount: Schema.Int.annotate({ description: "Consecutive failed delivery attempts; a success resets it to 0" }),
  lastStatus: Schema.Int.annotate({
    description: "HTTP status of the last attempt that got an answer; 0 if none ever did"
  }),
  lastDeliveredAt: Schema.NullOr(IsoTimestamp).annotate({
    description: "When the endpoint last answered (any status); null before that"
  }),
  secret: view.secret
}).annotate({ identifier: "Webhook", description: "A registered endpoint and its delivery record" })
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
  id: view.id,
  url: view.url,
  events: view.events,
  active: view.active,
  secret: view.secret
}).annotate({ identifier: "WebhookRegistered", description: "A new webhook; store its `secret` to verify deliveries" })
export type Registered = typeof Registered.Type

/** Body of `POST /webhooks`; unknown members are refused. */
export const RegisterPayload = Schema.Struct({
  url: Text.field({
    description: "The endpoint to POST deliveries to: an https URL (http only where the server allows it) whose " +
      "host passes the outbound address policy",
    maxLength: maxUrlLength
  }),
  events: Schema.optionalKey(
    Schema.Union([
      Schema.Array(Text.field({ description: "An event name, or several separated by commas" })),
      Text.field({ description: "Event names separated by commas" })
    ]).annotate({
      description: `Events to subscribe to, as a list or a comma-separated string; known: ${events.join(", ")}. ` +
        `Default: ${events.join(", ")}.`
    })
  ),
  description: Schema.optionalKey(Text.field({ description: "A free label", maxLength: maxDescriptionLength }))
}).annotate({
  identifier: "RegisterWebhook",
  description: "Only `url`, `events` and `description` can be written; any other member is refused with 400.",
  ...Payload.strict
})
export type RegisterPayload = typeof RegisterPayload.Type

/** Event names from a list or a comma-separated string; only known events; default `bookmark.saved`. */
export const parseEvents = (
  input: string | ReadonlyArray<string> | undefined
): Result.Result<Array<Event>, InvalidInput> => {
  if (input === undefined) return Result.succeed([...events])
  const names = (typeof input === "string" ? [input] : input)
    .flatMap((part) => part.split(","))
    .map((name) => name.trim())
    .filter((name) => name !== "")
  if (names.length === 0) {
    return Result.fail(new InvalidInput({ field: "events", reason: "must name at least one event" }))
  }
  const out: Array<Event> = []
  for (const name of names) {
    if (!Schema.is(Event)(name)) {
      return Result.fail(
        new InvalidInput({
          field: "events",
          reason: `unknown event '${name.slice(0, 50)}'; known: ${events.join(", ")}`
        })
      )
    }
    if (!out.includes(name)) out.push(name)
  }
  return Result.succeed(out)
}

/** Why a plain http endpoint is refused, naming the operator's setting that accepts it (docs/webhooks.md). */
export const httpsOnly = "must use https (the server's ALLOW_HTTP_WEBHOOKS=true setting accepts plain http)"

/** An endpoint URL: https only unless plain http is allowed. */
export const parseEndpoint = (input: string, allowHttp: boolean): Result.Result<URL, InvalidInput> =>
  Result.flatMap(parseHttpUrl("url", input), (url) =>
    url.protocol === "https:" || allowHttp
      ? Result.succeed(url)
      : Result.fail(new InvalidInput({ field: "url", reason: httpsOnly })))

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
