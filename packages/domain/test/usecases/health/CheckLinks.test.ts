/** A run of link checks: states kept, pace per host, `Retry-After` honoured, the cap (docs/preservation.md). */
import { Bookmark, Bookmarks, checkLinks, type HostPace, IdGenerator } from "@bookmark-library/domain"
import { FakeLinkProbe, Fixtures, TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Option } from "effect"
import { TestClock } from "effect/testing"

const week = 7 * 24 * 60 * 60 * 1000
const options = { interval: week, cap: 10, hostGap: 10_000, lease: 60 * 60_000 }
/** Every bookmark saved "at 0" is due by then (saves of one account take 0, 1, 2, … ms: createdAt is unique). */
const T = week + 1_000

/** Ready bookmarks of these URLs, saved at time 0 (in order). */
const saved = (urls: ReadonlyArray<string>) =>
  Effect.gen(function*() {
    const { principal } = yield* Fixtures.accountWithKey()
    const bookmarks = yield* Bookmarks
    const ids = yield* IdGenerator
    return yield* Effect.forEach(urls, (url) =>
      Effect.gen(function*() {
        const record = yield* bookmarks.insert({
          id: yield* ids.make("bookmark"),
          accountId: principal.account.id,
          url,
          source: "api",
          now: 0,
          status: "processing",
          processingError: "",
          callerTags: [],
          note: "",
          derived: Bookmark.emptyDerived,
          overrides: {},
          pageText: ""
        })
        yield* bookmarks.complete(record.id, { derived: Bookmark.emptyDerived, processingError: "", pageText: "" })
        return record.id
      }))
  })

const healthOf = (id: Bookmark.Record["id"]) =>
  Effect.flatMap(Bookmarks, (b) => Effect.map(b.get(id), Option.flatMap((r) => Option.fromNullishOr(r.health))))

/** Runs `checkLinks` while the test clock moves on in steps of a second. */
const runWithClock = (pace: HostPace, seconds: number) =>
  Effect.gen(function*() {
    const fiber = yield* Effect.forkChild(checkLinks(options, pace))
    for (let i = 0; i < seconds; i++) yield* TestClock.adjust("1 second")
    return yield* Fiber.join(fiber)
  })

describe("checkLinks", () => {
  it.effect("checks due links in turn, one request per host per gap, and keeps each state", () => {
    const probe = FakeLinkProbe.make()
    return Effect.gen(function*() {
      const [a1, a2, b, a3] = yield* saved([
        "https://a.example/1",
        "https://a.example/2",
        "https://b.example/",
        "https://a.example/3"
      ])
      probe.answer("https://a.example/2", FakeLinkProbe.status("https://a.example/2", 404))
      probe.answer("https://a.example/3", { _tag: "Failed", reason: "connection", detail: "connection reset" })
      // Saved at 0: nothing is due before an interval has passed.
      yield* TestClock.setTime(week - 1)
      expect((yield* checkLinks(options, new Map())).checked).toBe(0)
      yield* TestClock.setTime(T)
      const run = yield* runWithClock(new Map(), 30)
      expect(run).toEqual({
        checked: 4,
        postponed: 0,
        states: { ok: 2, moved: 0, gone: 1, unreachable: 0, undecided: 1 }
      })
      expect(probe.probes).toEqual([
        { url: "https://a.example/1", at: T },
        { url: "https://a.example/2", at: T + 10_000 },
        { url: "https://b.example/", at: T + 10_000 },
        { url: "https://a.example/3", at: T + 20_000 }
      ])
      expect(yield* healthOf(a1!)).toEqual(Option.some({ state: "ok", checkedAt: T, failures: 0 }))
      expect(yield* healthOf(a2!)).toEqual(Option.some({ state: "gone", checkedAt: T + 10_000, failures: 0 }))
      expect(yield* healthOf(b!)).toEqual(Option.some({ state: "ok", checkedAt: T + 10_000, failures: 0 }))
      expect(yield* healthOf(a3!)).toEqual(Option.some({ checkedAt: T + 20_000, failures: 1 }))
    }).pipe(Effect.provide(Layer.merge(TestApp.layer(), FakeLinkProbe.layer(probe))))
  })

  it.effect("honours Retry-After: the host's links wait, unjudged, and are checked when it allows", () => {
    const probe = FakeLinkProbe.make()
    return Effect.gen(function*() {
      const [c1, c2, d] = yield* saved(["https://c.example/1", "https://c.example/2", "https://d.example/"])
      probe.answer("https://c.example/1", FakeLinkProbe.status("https://c.example/1", 429, 120_000))
      yield* TestClock.setTime(T)
      const pace: HostPace = new Map()
      const first = yield* runWithClock(pace, 5)
      expect(first).toMatchObject({ checked: 1, postponed: 2 })
      expect(probe.probes.map((p) => p.url)).toEqual(["https://c.example/1", "https://d.example/"])
      expect(yield* healthOf(c1!)).toEqual(Option.none())
      expect(yield* healthOf(c2!)).toEqual(Option.none())
      expect(Option.isSome(yield* healthOf(d!))).toBe(true)
      // Before the host's time nothing of it is due; at its time both links are checked, a gap apart.
      probe.answer("https://c.example/1", FakeLinkProbe.ok("https://c.example/1"))
      yield* TestClock.setTime(T + 119_000)
      expect((yield* checkLinks(options, pace)).checked).toBe(0)
      yield* TestClock.setTime(T + 120_000)
      const second = yield* runWithClock(pace, 15)
      expect(second).toMatchObject({ checked: 2, postponed: 0 })
      expect(probe.probes.slice(2)).toEqual([
        { url: "https://c.example/1", at: T + 120_000 },
        { url: "https://c.example/2", at: T + 130_000 }
      ])
      // The pace keeps only hosts still within their gap.
      yield* TestClock.setTime(T + 200_000)
      yield* checkLinks(options, pace)
      expect([...pace.keys()]).toEqual([])
    }).pipe(Effect.provide(Layer.merge(TestApp.layer(), FakeLinkProbe.layer(probe))))
  })

  it.effect("checks at most the cap per run; the rest wait for the next run", () => {
    const probe = FakeLinkProbe.make()
    return Effect.gen(function*() {
      yield* saved(Array.from({ length: 5 }, (_, i) => `https://site${i}.example/`))
      yield* TestClock.setTime(T)
      const pace: HostPace = new Map()
      expect((yield* checkLinks({ ...options, cap: 3 }, pace)).checked).toBe(3)
      expect((yield* checkLinks({ ...options, cap: 3 }, pace)).checked).toBe(2)
      expect((yield* checkLinks({ ...options, cap: 3 }, pace)).checked).toBe(0)
      expect(new Set(probe.probes.map((p) => p.url)).size).toBe(5)
    }).pipe(Effect.provide(Layer.merge(TestApp.layer(), FakeLinkProbe.layer(probe))))
  })
})
