/** The rules that turn one check into a link's health (docs/preservation.md, "Link health"). */
import { LinkHealth } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"

const url = "https://example.com/a"
const answered = (
  status: number,
  hops: ReadonlyArray<LinkHealth.Hop> = [],
  to = url,
  retryAfter: number | null = null
) => ({ _tag: "Answered", status, url: to, hops, retryAfter }) as const
const reset = { _tag: "Failed", reason: "connection", detail: "connection reset" } as const
const health = (probe: LinkHealth.Probe, previous?: LinkHealth.Health) => {
  const verdict = LinkHealth.verdict(url, probe, previous, 1_000)
  return verdict._tag === "Record" ? verdict.health : verdict
}

describe("LinkHealth.verdict", () => {
  it("reads answers: ok, gone, moved only by permanent redirects to another URL", () => {
    expect(health(answered(200))).toEqual({ state: "ok", checkedAt: 1_000, failures: 0 })
    expect(health(answered(403))).toMatchObject({ state: "ok" })
    expect(health(answered(404))).toMatchObject({ state: "gone" })
    expect(health(answered(410))).toMatchObject({ state: "gone" })
    const to = "https://example.org/b"
    expect(health(answered(200, [{ status: 301, to }], to))).toEqual({
      state: "moved",
      checkedAt: 1_000,
      failures: 0,
      movedTo: to
    })
    expect(health(answered(200, [{ status: 308, to: "https://x/" }, { status: 301, to }], to))).toMatchObject({
      state: "moved"
    })
    // One temporary hop makes the chain temporary; a permanent redirect to a page that is gone is gone.
    expect(health(answered(200, [{ status: 301, to: "https://x/" }, { status: 302, to }], to))).toMatchObject({
      state: "ok"
    })
    expect(health(answered(404, [{ status: 301, to }], to))).toMatchObject({ state: "gone" })
  })

  it("marks a link unreachable only after failures in a row; an answer resets the count", () => {
    const first = health(reset)
    expect(first).toEqual({ checkedAt: 1_000, failures: 1 })
    const okBefore: LinkHealth.Health = { state: "ok", checkedAt: 10, failures: 0 }
    const blip = health(reset, okBefore)
    expect(blip).toEqual({ state: "ok", checkedAt: 1_000, failures: 1 })
    const second = health(answered(502), blip as LinkHealth.Health)
    expect(second).toEqual({ state: "ok", checkedAt: 1_000, failures: 2 })
    expect(health({ _tag: "Failed", reason: "timeout", detail: "t" }, second as LinkHealth.Health)).toEqual({
      state: "unreachable",
      checkedAt: 1_000,
      failures: 3
    })
    expect(health(answered(200), { state: "unreachable", checkedAt: 1, failures: 5 })).toEqual({
      state: "ok",
      checkedAt: 1_000,
      failures: 0
    })
    expect(LinkHealth.unreachableAfter).toBe(3)
  })

  it("leaves a link that asks to wait unjudged, and schedules retries sooner than the interval", () => {
    expect(LinkHealth.verdict(url, answered(429, [], url, 30_000), undefined, 0)).toEqual({
      _tag: "Later",
      after: 30_000
    })
    expect(LinkHealth.verdict(url, answered(503, [], url, 5_000), undefined, 0)).toEqual({
      _tag: "Later",
      after: 5_000
    })
    // A 503 that names no time is a failure like any other server error.
    expect(health(answered(503))).toEqual({ checkedAt: 1_000, failures: 1 })
    const week = 7 * 24 * 60 * 60 * 1000
    expect(LinkHealth.nextCheck({ state: "ok", checkedAt: 0, failures: 0 }, 0, week)).toBe(week)
    expect(LinkHealth.nextCheck({ checkedAt: 0, failures: 1 }, 0, week)).toBe(24 * 60 * 60 * 1000)
    expect(LinkHealth.nextCheck({ state: "unreachable", checkedAt: 0, failures: 3 }, 0, week)).toBe(week)
  })
})
