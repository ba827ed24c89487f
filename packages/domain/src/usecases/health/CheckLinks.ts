/**
 * One run of link-health checks (docs/preservation.md, "Link health"): claims the links that are due, at most `cap`,
 * and checks them one at a time, politely: a host is asked at most once per `hostGap`, and a host that answered
 * `Retry-After` is left alone until then (its links are postponed, not judged). Runs on its own lane, outside the
 * enrichment slots (worker/LinkCheckRunner.ts), so it never holds up a save or an import.
 */
import { Clock, Effect } from "effect"
import { hostOf } from "../../Job.js"
import * as LinkHealth from "../../LinkHealth.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { LinkProbe } from "../../ports/LinkProbe.js"

export interface LinkCheckOptions {
  /** How long a link stays fine before it is checked again (ms); also the wait before a new link's first check. */
  readonly interval: number
  /** Links checked per run at most. */
  readonly cap: number
  /** ms between two checks of one host. */
  readonly hostGap: number
  /** ms a claimed link is held by its checker (a checker that dies frees its links after this). */
  readonly lease: number
}

const day = 24 * 60 * 60 * 1000

export const linkCheckDefaults: LinkCheckOptions = { interval: 7 * day, cap: 100, hostGap: 10_000, lease: 60 * 60_000 }

/** A site's `Retry-After` is honoured up to a day; longer asks are read as a day. */
export const maxRetryAfter = day

/** When each host may be asked next; kept by the runner across its runs (one process, one checker). */
export type HostPace = Map<string, number>

export interface LinkCheckRun {
  readonly checked: number
  /** Left for later: the host asked to wait, or its next turn is further away than one gap. */
  readonly postponed: number
  readonly states: Readonly<Record<LinkHealth.State | "undecided", number>>
}

export const checkLinks = (options: LinkCheckOptions, pace: HostPace) =>
  Effect.gen(function*() {
    const bookmarks = yield* Bookmarks
    const links = yield* LinkProbe
    const start = yield* Clock.currentTimeMillis
    // Hosts whose time has passed need no entry: the map holds only hosts asked within the last gap or waiting.
    for (const [host, free] of pace) if (free <= start) pace.delete(host)
    const claimed = yield* bookmarks.claimLinkChecks({
      now: start,
      firstAfter: options.interval,
      lease: options.lease,
      max: options.cap
    })
    const states = { ok: 0, moved: 0, gone: 0, unreachable: 0, undecided: 0 }
    let checked = 0
    let postponed = 0
    for (const link of claimed) {
      const host = hostOf(link.url)
      const free = pace.get(host) ?? 0
      const before = yield* Clock.currentTimeMillis
      if (free - before > options.hostGap) {
        // Only a host that asked to wait (`Retry-After`) is further away than one gap: its turn is a later run.
        yield* bookmarks.postponeLinkCheck(link.id, free)
        postponed++
        continue
      }
      if (free > before) yield* Effect.sleep(free - before)
      const probe = yield* links.probe(link.url)
      const now = yield* Clock.currentTimeMillis
      const verdict = LinkHealth.verdict(link.url, probe, link.health, now)
      if (verdict._tag === "Later") {
        const wait = Math.min(Math.max(verdict.after, options.hostGap), maxRetryAfter)
        pace.set(host, now + wait)
        yield* bookmarks.postponeLinkCheck(link.id, now + wait)
        postponed++
        continue
      }
      pace.set(host, now + options.hostGap)
      yield* bookmarks.recordLinkCheck(
        link.id,
        verdict.health,
        LinkHealth.nextCheck(verdict.health, now, options.interval)
      )
      checked++
      states[verdict.health.state ?? "undecided"]++
    }
    const run: LinkCheckRun = { checked, postponed, states }
    return run
  }).pipe(Effect.withSpan("checkLinks"))
