/**
 * Link health (docs/preservation.md, "Link health"): whether a saved URL still answers, found by checks made on a
 * low-priority lane long after the save. A check's outcome (a `Probe`) becomes the bookmark's next `Health` here, by
 * pure rules, so the SQL store, the in-memory twin and the worker agree on them.
 */
import { Schema } from "effect"
import type { BookmarkId } from "./Ids.js"

/**
 * `ok`: the address answers. `moved`: a chain of permanent redirects (301, 308) leads to another URL that answers.
 * `gone`: 404 or 410. `unreachable`: no answer (DNS, TLS, refused, reset, timeout, 5xx) on `unreachableAfter` checks
 * in a row, so one blip never marks a link broken.
 */
export const State = Schema.Literals(["ok", "moved", "gone", "unreachable"])
export type State = typeof State.Type

/**
 * The filter of `GET /bookmarks?health=` and the web app's view: `broken` (gone or unreachable) or one state that
 * needs attention. Each is also a state of the search language (`is:broken`, …), which is how the filter runs.
 */
export const filters = ["broken", "moved", "gone", "unreachable"] as const
export type Filter = typeof filters[number]
export const isFilter = (text: string): text is Filter => (filters as ReadonlyArray<string>).includes(text)

/** The states `broken` stands for, in the search language (`is:broken`) and the filter. */
export const brokenStates: ReadonlyArray<State> = ["gone", "unreachable"]

export const isBroken = (health: Health | undefined): boolean =>
  health?.state !== undefined && brokenStates.includes(health.state)

/** What a bookmark keeps of its checks. `state` is absent until a check decided one (failures alone do not). */
export const Health = Schema.Struct({
  state: Schema.optionalKey(State),
  /** When the last check ran (epoch ms). */
  checkedAt: Schema.Finite,
  /** Failed checks in a row (no answer); reset by any answer. */
  failures: Schema.Finite,
  /** Where a `moved` link leads now. */
  movedTo: Schema.optionalKey(Schema.String)
})
export type Health = typeof Health.Type

/** Failed checks in a row before a link is `unreachable`. */
export const unreachableAfter = 3

/** One hop of a redirect chain. */
export interface Hop {
  readonly status: number
  readonly to: string
}

/** What one check found (the `LinkProbe` port's answer; it never fails). */
export type Probe =
  | {
    readonly _tag: "Answered"
    /** The final answer's status and URL, after every redirect followed. */
    readonly status: number
    readonly url: string
    readonly hops: ReadonlyArray<Hop>
    /** A `Retry-After` of the final answer, in ms from now, when it had one. */
    readonly retryAfter: number | null
  }
  | {
    readonly _tag: "Failed"
    /** As `FetchFailed.reason`: `blocked` (the address policy), `timeout`, `dns`, `notfound`, `connection`, … */
    readonly reason: string
    readonly detail: string
  }

/** What the checker does with a probe: keep a new health, or come back later without judging (a `Retry-After`). */
export type Verdict =
  | { readonly _tag: "Record"; readonly health: Health }
  | { readonly _tag: "Later"; readonly after: number }

const isPermanent = (status: number) => status === 301 || status === 308

/** `429`, or a `503` that says when to come back: the site asks for patience; nothing is judged. */
const asksToWait = (probe: Probe): probe is Extract<Probe, { _tag: "Answered" }> & { retryAfter: number } =>
  probe._tag === "Answered" && probe.retryAfter !== null && (probe.status === 429 || probe.status === 503)

const failed = (previous: Health | undefined, now: number): Health => {
  const failures = (previous?.failures ?? 0) + 1
  const { movedTo: _m, state: _s, ...rest } = { ...previous, checkedAt: now, failures }
  if (failures >= unreachableAfter) return { ...rest, state: "unreachable" }
  // Below the threshold the last decided state stands (a moved link keeps where it leads).
  return {
    ...rest,
    ...(previous?.state === undefined ? {} : { state: previous.state }),
    ...(previous?.movedTo === undefined ? {} : { movedTo: previous.movedTo })
  }
}

/** The next health of a link checked at `now` whose last health was `previous`. */
export const verdict = (url: string, probe: Probe, previous: Health | undefined, now: number): Verdict => {
  if (asksToWait(probe)) return { _tag: "Later", after: probe.retryAfter }
  if (probe._tag === "Failed" || probe.status >= 500) return { _tag: "Record", health: failed(previous, now) }
  const answered = { checkedAt: now, failures: 0 }
  if (probe.status === 404 || probe.status === 410) return { _tag: "Record", health: { ...answered, state: "gone" } }
  const permanent = probe.hops.length > 0 && probe.hops.every((hop) => isPermanent(hop.status))
  if (permanent && probe.url !== url) {
    return { _tag: "Record", health: { ...answered, state: "moved", movedTo: probe.url } }
  }
  // Any other answer (a temporary redirect, 401/403 of a site that turns robots away) means the address lives.
  return { _tag: "Record", health: { ...answered, state: "ok" } }
}

/** Delay before checking again a link whose last check failed without reaching `unreachable`: a day at most. */
export const retryAfterFailure = (interval: number): number => Math.min(interval, 24 * 60 * 60 * 1000)

/** When the link is due again after `health` was recorded at `now`. */
export const nextCheck = (health: Health, now: number, interval: number): number =>
  health.failures > 0 && health.state !== "unreachable" ? now + retryAfterFailure(interval) : now + interval

/** A bookmark due for a check, as storage hands it to the checker. */
export interface Due {
  readonly id: BookmarkId
  readonly url: string
  readonly health: Health | undefined
}
