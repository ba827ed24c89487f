/** Enrichment with fakes: derived fields, failures kept as processingError, transient retries, and the saved event. */
import {
  AssetId,
  AssetStore,
  Bookmark,
  Bookmarks,
  completeBookmark,
  Deliveries,
  Delivery,
  Errors,
  FetchFailed,
  getBookmark,
  JobId,
  Jobs,
  listBookmarks,
  PageFetcher,
  processJob,
  registerWebhook,
  Webhooks
} from "@bookmark-library/domain"
import { FakeLinks, FakePageFetcher, Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Fiber, Option, Schema } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld, page, runDueJobs } from "../../support/World.js"

const url = "https://news.example.com/story"
const favicon = "https://news.example.com/favicon.ico"
const start = Date.parse("2026-02-01T09:00:00.000Z")
/** A Windows icon: the conventional /favicon.ico answering with an image. */
const icon = {
  url: favicon,
  status: 200,
  contentType: "image/x-icon",
  body: new Uint8Array([0, 0, 1, 0, 1, 0]),
  truncated: false
}

describe("processJob", () => {
  it.effect("completes with title, description, summary, tags (caller's first) and a stored screenshot", () =>
    inWorld(({ renderer, fetcher }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Big Story", "What happened")))
        fetcher.script(favicon, icon)
        renderer.script(url, page("Big Story", "What happened"))
        const ack = yield* Fixtures.save(principal, { url, tags: ["mine", "Careful"] })
        expect(yield* runDueJobs).toMatchObject([{ outcome: "completed" }])
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done).toMatchObject({
          status: "ready",
          title: "Big Story",
          description: "What happened",
          summary: "Bookmarks deserve careful enrichment.",
          tags: ["mine", "Careful", "bookmarks", "deserve"],
          type: "website",
          favicon: "https://news.example.com/favicon.ico",
          processingError: ""
        })
        const match = /^http:\/\/127\.0\.0\.1:3000\/v1\/api\/assets\/([0-9a-f]{32})$/.exec(done.screenshot)
        expect(match).not.toBeNull()
        const asset = yield* (yield* AssetStore).get(AssetId.make(match?.[1] ?? ""))
        expect(Option.getOrThrow(asset).contentType).toBe("image/jpeg")
        expect(yield* (yield* Jobs).pending).toBe(0)
      })
    ))

  it.effect("storage keeps the screenshot's asset id; answers and webhook bodies carry the link of the moment", () =>
    inWorld(({ renderer, fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/in" })
        fetcher.script(url, FakePageFetcher.html(url, page("Linked", "Shot")))
        renderer.script(url, page("Linked", "Shot"))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const stored = Option.getOrThrow(yield* (yield* Bookmarks).get(ack.id)).derived.screenshot
        expect(stored).toMatch(/^[0-9a-f]{32}$/)
        const link = `http://127.0.0.1:3000/v1/api/assets/${stored}`
        expect((yield* getBookmark(principal.account.id, ack.id)).screenshot).toBe(link)
        const [delivery] = yield* (yield* Deliveries).claim({
          now: Number.MAX_SAFE_INTEGER,
          lease: 1,
          max: 10,
          maxPerWebhook: 4
        })
        const body = Schema.decodeUnknownSync(Schema.fromJsonString(Delivery.Envelope))(delivery?.delivery.body)
        expect(body.data.screenshot).toBe(link)
        // A new PUBLIC_URL changes every answer's link; nothing stored has to change.
        const moved = yield* getBookmark(principal.account.id, ack.id).pipe(
          Effect.provide(FakeLinks.layer("https://bookmarks.example.org"))
        )
        expect(moved.screenshot).toBe(`https://bookmarks.example.org/v1/api/assets/${stored}`)
      })
    ))

  it.effect("a page cut at the fetch cap keeps its metadata but is not rendered", () =>
    inWorld(({ renderer, fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, { ...FakePageFetcher.html(url, page("Huge Page", "Too long")), truncated: true })
        renderer.script(url, page("Huge Page", "Too long"))
        const ack = yield* Fixtures.save(principal, { url })
        expect(yield* runDueJobs).toMatchObject([{ outcome: "completed" }])
        expect(renderer.calls).toEqual([])
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          status: "ready",
          title: "Huge Page",
          screenshot: "",
          processingError: ""
        })
      })
    ))

  it.effect("an HTTP 403 finishes at once with processingError 'HTTP 403' and still emits the event", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/a" })
        fetcher.script(url, FakePageFetcher.html(url, page("Forbidden"), 403))
        const ack = yield* Fixtures.save(principal, { url })
        expect(yield* runDueJobs).toMatchObject([{ outcome: "completed" }])
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          status: "ready",
          processingError: "HTTP 403",
          title: ""
        })
        expect(fetcher.calls).toHaveLength(1)
        expect(yield* (yield* Deliveries).listForWebhook(hook.id)).toHaveLength(1)
      })
    ))

  it.effect("a transient 503 is retried after 30 s, 2 min and 10 min, then finishes with the error", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, "Service Unavailable", 503))
        const ack = yield* Fixtures.save(principal, { url })
        for (const [attempt, wait] of [[1, "30 seconds"], [2, "2 minutes"], [3, "10 minutes"]] as const) {
          const runs = yield* runDueJobs
          expect(runs.map((r) => [r.job.attempts, r.outcome])).toEqual([[attempt, "retry"]])
          expect((yield* getBookmark(principal.account.id, ack.id)).status).toBe("processing")
          // Not due before its delay.
          yield* TestClock.adjust("29 seconds")
          expect(yield* runDueJobs).toEqual([])
          yield* TestClock.adjust(wait)
        }
        expect((yield* runDueJobs).map((r) => [r.job.attempts, r.outcome])).toEqual([[4, "completed"]])
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          status: "ready",
          processingError: "HTTP 503"
        })
        expect(fetcher.calls).toHaveLength(4)
      })
    ))

  it.effect("a transient failure that passes on the next attempt ends without an error", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        let calls = 0
        fetcher.script(url, (u) =>
          ++calls === 1
            ? new FetchFailed({ reason: "timeout", detail: "15 s" })
            : FakePageFetcher.html(u, page("Second Try")))
        const ack = yield* Fixtures.save(principal, { url })
        expect((yield* runDueJobs).map((r) => r.outcome)).toEqual(["retry"])
        yield* TestClock.adjust("30 seconds")
        expect((yield* runDueJobs).map((r) => r.outcome)).toEqual(["completed"])
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          title: "Second Try",
          processingError: ""
        })
      })
    ))

  const failures: ReadonlyArray<[FetchFailed["reason"], string, boolean]> = [
    ["blocked", "blocked by address policy (ALLOW_HOSTS can allow a host on your own network)", false],
    ["redirects", "too many redirects", false],
    ["invalid", "invalid URL: bad host", false],
    ["body", "undecodable response body", false],
    ["timeout", "timeout", true],
    ["dns", "DNS lookup failed", true],
    ["notfound", "host name not found", false],
    ["connection", "connection failed", true]
  ]
  for (const [reason, message, transient] of failures) {
    it.effect(`a fetch failure '${reason}' gives '${message}'${transient ? " after the retries" : " without a retry"}`, () =>
      inWorld(({ fetcher }) =>
        Effect.gen(function*() {
          const { principal } = yield* Fixtures.accountWithKey()
          fetcher.script(url, new FetchFailed({ reason, detail: "bad host" }))
          const ack = yield* Fixtures.save(principal, { url })
          for (const wait of ["30 seconds", "2 minutes", "10 minutes"] as const) {
            if (!transient) break
            expect((yield* runDueJobs).map((r) => r.outcome)).toEqual(["retry"])
            yield* TestClock.adjust(wait)
          }
          expect((yield* runDueJobs).map((r) => r.outcome)).toEqual(["completed"])
          expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
            status: "ready",
            processingError: message
          })
        })
      ))
  }

  it.effect("a bot-challenge page gives no title, text or screenshot", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(
          url,
          FakePageFetcher.html(
            url,
            page("Just a moment...", "Checking your browser", "Enable JavaScript and cookies to continue.")
          )
        )
        renderer.script(url, page("Just a moment..."))
        const ack = yield* Fixtures.save(principal, { url, tags: ["kept"] })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done).toMatchObject({
          status: "ready",
          title: "",
          description: "",
          summary: "",
          screenshot: "",
          tags: ["kept"]
        })
        expect(done.processingError).toMatch(/bot challenge/)
        expect(renderer.calls).toEqual([])
      })
    ))

  it.effect("takes the title and text from the rendered page when the static HTML has none", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, "<html><body><div id=app></div></body></html>"))
        renderer.script(url, page("Rendered Title", "Rendered description", "Scripts rendered everything. Then more."))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          title: "Rendered Title",
          description: "Rendered description",
          summary: "Scripts rendered everything."
        })
      })
    ))

  it.effect("keeps the metadata when the screenshot fails, and goes on without a browser", () =>
    Effect.gen(function*() {
      for (const available of [true, false]) {
        yield* inWorld(({ fetcher, renderer }) =>
          Effect.gen(function*() {
            const { principal } = yield* Fixtures.accountWithKey()
            fetcher.script(url, FakePageFetcher.html(url, page("Static Title")))
            const ack = yield* Fixtures.save(principal, { url })
            yield* runDueJobs
            expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
              title: "Static Title",
              screenshot: "",
              processingError: ""
            })
            expect(renderer.calls).toHaveLength(available ? 1 : 0)
          }), { renderer: available })
      }
    }))

  it.effect("keeps going without a screenshot when the asset store fails", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Stored Nowhere")))
        renderer.script(url, page("Stored Nowhere"))
        const ack = yield* Fixtures.save(principal, { url })
        const assets = yield* AssetStore
        yield* runDueJobs.pipe(Effect.provideService(
          AssetStore,
          AssetStore.of({
            ...assets,
            put: () => Effect.fail(new Errors.StorageUnavailable({ reason: "disk full" }))
          })
        ))
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          status: "ready",
          title: "Stored Nowhere",
          screenshot: ""
        })
      })
    ))

  it.effect("an image is typed 'image' and not rendered", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const image = "https://img.example.com/cat.png"
        fetcher.script(image, {
          url: image,
          status: 200,
          contentType: "image/png",
          body: new Uint8Array([137, 80]),
          truncated: false
        })
        const ack = yield* Fixtures.save(principal, { url: image })
        yield* runDueJobs
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({ type: "image", image, summary: "" })
        expect(renderer.calls).toEqual([])
      })
    ))

  it.effect("an attempt over its 60 s budget is retried as a timeout", () =>
    inWorld(() =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        yield* Fixtures.save(principal, { url })
        const fiber = yield* Effect.forkChild(
          runDueJobs.pipe(Effect.provideService(PageFetcher, PageFetcher.of({ fetch: () => Effect.never })))
        )
        yield* TestClock.adjust("60 seconds")
        const runs = yield* Fiber.join(fiber)
        expect(runs.map((r) => r.outcome)).toEqual(["retry"])
      })
    ))

  it.effect("a job of a missing or finished bookmark is skipped and completed", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const jobs = yield* Jobs
        fetcher.script(url, FakePageFetcher.html(url, page("Once")))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        // A job taken over after its lease.
        yield* jobs.enqueue({ id: JobId.make("job_again"), bookmarkId: ack.id, runAt: 0 })
        expect((yield* runDueJobs).map((r) => r.outcome)).toEqual(["skipped"])
        // A job whose bookmark was deleted after the job was claimed (deleting first takes the job with it).
        const gone = yield* Fixtures.save(principal, { url: "https://example.com/gone" })
        const claimed = yield* jobs.claim({ now: yield* Clock.currentTimeMillis, lease: 1_000, max: 10 })
        expect(claimed.map((j) => j.bookmarkId)).toEqual([gone.id])
        expect(yield* (yield* Bookmarks).delete(gone.id)).toBe(true)
        expect(yield* Effect.forEach(claimed, processJob)).toEqual(["skipped"])
        expect(yield* jobs.pending).toBe(0)
        expect(fetcher.calls.filter((called) => called === url)).toHaveLength(1)
      })
    ))
})

describe("completeBookmark and the bookmark.saved event", () => {
  it.effect("creates one delivery per active subscribed webhook, its body the envelope of the full bookmark", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        const a = yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/a" })
        const b = yield* registerWebhook(principal.account.id, {
          url: "https://hooks.example.com/b",
          events: "bookmark.saved"
        })
        const off = yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/off" })
        const foreign = yield* registerWebhook(other.account.id, { url: "https://hooks.example.com/foreign" })
        yield* (yield* Webhooks).setActive(off.id, false)
        fetcher.script(url, FakePageFetcher.html(url, page("Event Page", "Desc")))
        const ack = yield* Fixtures.save(principal, { url, note: "mine" })
        yield* runDueJobs
        const deliveries = yield* Deliveries
        // The delivery carries the bookmark as saved; the highlight count is the read's own.
        const { highlights: _count, ...full } = yield* getBookmark(principal.account.id, ack.id)
        for (const hook of [a, b]) {
          const rows = yield* deliveries.listForWebhook(hook.id)
          expect(rows).toHaveLength(1)
          const row = rows[0]
          if (row === undefined) return
          expect(row).toMatchObject({
            event: "bookmark.saved",
            state: "pending",
            attempts: 0,
            nextAttemptAt: start,
            accountId: principal.account.id
          })
          const envelope = Schema.decodeUnknownSync(Delivery.Envelope)(JSON.parse(row.body))
          expect(envelope).toEqual({
            id: row.id,
            event: "bookmark.saved",
            createdAt: "2026-02-01T09:00:00.000Z",
            data: full
          })
        }
        expect(yield* deliveries.listForWebhook(off.id)).toEqual([])
        expect(yield* deliveries.listForWebhook(foreign.id)).toEqual([])
      })
    ))

  it.effect("a second completion changes nothing and emits no second delivery", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const hook = yield* registerWebhook(principal.account.id, { url: "https://hooks.example.com/a" })
        fetcher.script(url, FakePageFetcher.html(url, page("First")))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const before = yield* getBookmark(principal.account.id, ack.id)
        const record = Option.getOrThrow(yield* (yield* Bookmarks).get(ack.id))
        const again = yield* completeBookmark(
          ack.id,
          { derived: { ...record.derived, title: "Second" }, processingError: "late", pageText: "other" },
          Option.some({ id: JobId.make("job_late") })
        )
        expect(again).toEqual(Option.none())
        expect(yield* getBookmark(principal.account.id, ack.id)).toEqual(before)
        expect(yield* (yield* Deliveries).listForWebhook(hook.id)).toHaveLength(1)
      })
    ))

  it.effect("getBookmark: own → full shape, another account's → Forbidden, unknown → NotFound", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        const other = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Shape")))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const full = yield* getBookmark(principal.account.id, ack.id)
        expect(Object.keys(full).sort()).toEqual([
          "archive",
          "archiveProblem",
          "archived",
          "archivedAt",
          "createdAt",
          "description",
          "favicon",
          "favourite",
          "generatedTags",
          "highlights",
          "id",
          "image",
          "linkCheckedAt",
          "linkHealth",
          "movedTo",
          "note",
          "processingError",
          "screenshot",
          "status",
          "summary",
          "tags",
          "title",
          "type",
          "url"
        ])
        expect(Schema.is(Bookmark.Bookmark)(full)).toBe(true)
        const forbidden = yield* failureOf(getBookmark(other.account.id, ack.id), Errors.Forbidden)
        expect(forbidden).toMatchObject({ resource: "bookmark", id: ack.id })
        expect(forbidden.message).toMatch(/another account/)
        const missing = yield* failureOf(getBookmark(principal.account.id, "bmk_nope"), Errors.NotFound)
        expect(missing.message).toBe("No bookmark with id 'bmk_nope'")
      })
    ))
})

describe("processJob tells the truth", () => {
  /** A page built by script: its static HTML is an empty shell that says "Loading…". */
  const shell = `<html><head><title>Tide Tables</title></head><body><div id=root>Loading…</div></body></html>`
  const built = `<html><head><title>Tide Tables</title></head><body><div id=root>` +
    "<p>Spring tides bring the highest waters of the month to the harbour. Neap tides follow a week later.</p>" +
    "<p>Fishermen of Quellport read the almanac before every voyage.</p></div></body></html>"

  it.effect("a page built by script: the rendered text feeds the summary, the tags and search", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, shell))
        renderer.script(url, built)
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        const done = yield* getBookmark(principal.account.id, ack.id)
        expect(done).toMatchObject({ status: "ready", title: "Tide Tables", processingError: "" })
        expect(done.summary).toBe("Spring tides bring the highest waters of the month to the harbour.")
        expect(done.summary).not.toContain("Loading")
        expect(done.tags).toEqual(["spring", "highest", "waters"])
        const found = yield* listBookmarks(principal.account.id, { q: "Quellport" })
        expect(found.bookmarks.map((b) => b.id)).toEqual([ack.id])
      })
    ))

  it.effect("a script that takes most of the text away (a paywall, an overlay): the static text stays", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, built))
        renderer.script(url, shell)
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        expect((yield* getBookmark(principal.account.id, ack.id)).summary).toBe(
          "Spring tides bring the highest waters of the month to the harbour."
        )
      })
    ))

  it.effect("an app that sets its title and description by script: the rendered ones win over the static shell's", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Trailhead", "Plan your next hike", "Loading…")))
        renderer.script(
          url,
          page(
            "Five quiet hikes in the Lake District",
            "Walks with big views and empty paths.",
            "Haystacks is quiet early in the morning. So is High Cup Nick."
          )
        )
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          title: "Five quiet hikes in the Lake District",
          description: "Walks with big views and empty paths.",
          summary: "Haystacks is quiet early in the morning."
        })
      })
    ))

  it.effect("a rendered document that is not the page (a wall, a browser error page) changes nothing", () =>
    inWorld(({ fetcher, renderer }) =>
      Effect.gen(function*() {
        const { principal } = yield* Fixtures.accountWithKey()
        fetcher.script(url, FakePageFetcher.html(url, page("Static Title", "Static description")))
        renderer.script(url, page("Just a moment...", "", "Checking your browser before accessing the site."))
        const ack = yield* Fixtures.save(principal, { url })
        yield* runDueJobs
        expect(yield* getBookmark(principal.account.id, ack.id)).toMatchObject({
          title: "Static Title",
          description: "Static description",
          summary: "Bookmarks deserve careful enrichment."
        })
      })
    ))

  it.effect("while retries are pending, processingError says why and when the next attempt runs", () =>
    inWorld(({ fetcher }) =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { principal } = yield* Fixtures.accountWithKey()
        let calls = 0
        fetcher.script(url, (u) =>
          ++calls === 1
            ? FakePageFetcher.html(u, "Service Unavailable", 503)
            : calls === 2
            ? new FetchFailed({ reason: "timeout", detail: "15 s" })
            : FakePageFetcher.html(u, page("Third Time Lucky")))
        const ack = yield* Fixtures.save(principal, { url })
        const seen = () => Effect.map(getBookmark(principal.account.id, ack.id), (b) => [b.status, b.processingError])
        expect(yield* seen()).toEqual(["processing", ""])
        yield* runDueJobs
        expect(yield* seen()).toEqual(["processing", "HTTP 503; next attempt at 2026-02-01T09:00:30.000Z"])
        yield* TestClock.adjust("30 seconds")
        yield* runDueJobs
        expect(yield* seen()).toEqual(["processing", "timeout; next attempt at 2026-02-01T09:02:30.000Z"])
        yield* TestClock.adjust("2 minutes")
        yield* runDueJobs
        expect(yield* seen()).toEqual(["ready", ""])
      })
    ))

  it.effect("the favicon is a declared icon, or /favicon.ico only when it answers with an image", () =>
    Effect.gen(function*() {
      const cases: ReadonlyArray<readonly [string, FakePageFetcher.Script | undefined, string]> = [
        ["an image", icon, favicon],
        ["a 404", FakePageFetcher.html(favicon, "Not Found", 404), ""],
        ["an HTML page with status 200 (a soft 404)", FakePageFetcher.html(favicon, page("Home")), ""],
        ["no answer", undefined, ""]
      ]
      for (const [name, answer, expected] of cases) {
        yield* inWorld(({ fetcher }) =>
          Effect.gen(function*() {
            const { principal } = yield* Fixtures.accountWithKey()
            fetcher.script(url, FakePageFetcher.html(url, page("Icons")))
            if (answer !== undefined) fetcher.script(favicon, answer)
            const ack = yield* Fixtures.save(principal, { url })
            yield* runDueJobs
            const done = yield* getBookmark(principal.account.id, ack.id)
            expect({ name, favicon: done.favicon, processingError: done.processingError }).toEqual({
              name,
              favicon: expected,
              processingError: ""
            })
            expect(fetcher.calls).toEqual([url, favicon])
          })
        )
      }
      // A declared icon is the page's own word: shown as declared, nothing is guessed or requested.
      yield* inWorld(({ fetcher }) =>
        Effect.gen(function*() {
          const { principal } = yield* Fixtures.accountWithKey()
          fetcher.script(
            url,
            FakePageFetcher.html(
              url,
              `<html><head><title>Declared</title><link rel="icon" href="/static/i.png"></head></html>`
            )
          )
          const ack = yield* Fixtures.save(principal, { url })
          yield* runDueJobs
          expect((yield* getBookmark(principal.account.id, ack.id)).favicon).toBe(
            "https://news.example.com/static/i.png"
          )
          expect(fetcher.calls).toEqual([url])
        })
      )
    }))
})
