/**
 * Files written to look like real exports of Chrome, Firefox, Safari, Linkding, Pocket (CSV and zip), Karakeep
 * and Linkwarden, each imported to the end: exact counts, dates, tags, notes, duplicates and failures.
 */
import { Jobs, listLists } from "@bookmark-library/domain"
import { TestApp } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, type Layer } from "effect"
import { TestClock } from "effect/testing"
import { fixture, importFile, library, newAccount, seen, services } from "./ImportSupport.js"

const start = Date.parse("2026-03-01T09:00:00.000Z")
const layer = services(TestApp.storage)
const run = <A, E>(effect: Effect.Effect<A, E, Layer.Success<typeof layer>>) =>
  Effect.provide(Effect.andThen(TestClock.setTime(start), effect), layer)

const iso = (seconds: number) => new Date(seconds * 1000).toISOString()

describe("importing real-world exports", () => {
  it.effect("Chrome: folders below the bookmarks bar become path tags; a bookmarklet fails; a repeat is a duplicate", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("chrome.html"))
      expect(progress).toMatchObject({
        format: "netscape",
        state: "done",
        total: 7,
        read: 7,
        saved: 5,
        duplicates: 1,
        failed: 1,
        enriched: 0
      })
      expect(progress.failures).toEqual([{
        position: "line 21",
        reason:
          "url scheme 'javascript' is not allowed; use http or https ('javascript:(function(){alert('bookmarklet')})();')"
      }])
      expect((yield* library(account)).map(seen)).toEqual([
        { url: "https://news.ycombinator.com/", title: "Hacker News", tags: [], note: "", createdAt: iso(1590000000) },
        {
          url: "https://developer.mozilla.org/en-US/",
          title: "MDN Web Docs",
          tags: [],
          note: "",
          createdAt: iso(1600000000)
        },
        {
          url: "https://www.rust-lang.org/",
          title: "Rust Programming Language",
          tags: ["dev"],
          note: "",
          createdAt: iso(1610000000)
        },
        {
          url: "https://effect.website/docs",
          title: "Effect & friends – Docs",
          tags: ["dev"],
          note: "",
          createdAt: iso(1620000000)
        },
        {
          url: "https://www.postgresql.org/docs/current/",
          title: "PostgreSQL: Documentation",
          tags: ["dev/databases"],
          note: "",
          createdAt: iso(1630000000)
        }
      ])
      const rows = yield* library(account)
      expect(rows.every((r) => r.source === "import" && r.status === "processing" && r.derived.type === "website"))
        .toBe(true)
      // Every saved bookmark waits in the import lane, quiet (events off by default).
      const claimed = yield* (yield* Jobs).claim({ now: start, lease: 1_000, max: 100, lane: "import", hostGap: 0 })
      expect(claimed.map((j) => [j.lane, j.events, j.importId]).sort()).toEqual(
        Array.from({ length: 5 }, () => ["import", false, progress.id])
      )
      expect(yield* (yield* Jobs).claim({ now: start, lease: 1_000, max: 100 })).toEqual([])
    })))

  it.effect("folders=lists: the folders below the browser's own become nested lists and give no tag", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("chrome.html"), { folders: "lists" })
      expect(progress).toMatchObject({ folders: "lists", total: 7, saved: 5, duplicates: 1, failed: 1 })
      expect((yield* library(account)).map((r) => [r.url, seen(r).tags])).toEqual([
        ["https://news.ycombinator.com/", []],
        ["https://developer.mozilla.org/en-US/", []],
        ["https://www.rust-lang.org/", []],
        ["https://effect.website/docs", []],
        ["https://www.postgresql.org/docs/current/", []]
      ])
      const { lists } = yield* listLists(account)
      expect(lists.map((l) => [l.name, l.count, lists.find((p) => p.id === l.parentId)?.name ?? null])).toEqual([
        ["Dev", 2, null],
        ["Databases", 1, "Dev"]
      ])
      // Firefox's own roots (menu, toolbar, unfiled) make no list; its folder Mozilla Firefox does. TAGS stay.
      yield* importFile(account, fixture("firefox.html"), { folders: "lists" })
      expect((yield* listLists(account)).lists.map((l) => [l.name, l.count])).toEqual([
        ["Dev", 2],
        ["Databases", 1],
        ["Mozilla Firefox", 1]
      ])
      expect((yield* library(account)).filter((r) => r.url.includes("example.org")).map((r) => seen(r).tags))
        .toEqual([["cooking", "Bread"]])
    })))

  it.effect("Firefox: TAGS and DD notes kept, place: queries fail, the toolbar and unfiled roots give no tag", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("firefox.html"))
      expect(progress).toMatchObject({ total: 5, saved: 4, duplicates: 0, failed: 1 })
      expect(progress.failures.map((f) => f.position)).toEqual(["line 12"])
      expect((yield* library(account)).map(seen)).toEqual([
        { url: "https://lwn.net/", title: "LWN.net", tags: ["news"], note: "", createdAt: iso(1560000000) },
        { url: "https://www.wikipedia.org/", title: "Wikipedia", tags: [], note: "", createdAt: iso(1570000000) },
        {
          url: "https://example.org/recipes/bread",
          title: "Sourdough bread",
          tags: ["cooking", "Bread"],
          note: "Grandma's recipe, halve the salt",
          createdAt: iso(1580000000)
        },
        {
          url: "https://support.mozilla.org/products/firefox",
          title: "Get Help",
          tags: ["mozilla firefox"],
          note: "",
          createdAt: iso(1690000000)
        }
      ])
    })))

  it.effect("Safari: no dates (dated at import, in file order), no top list, the Reading List is a tag", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("safari.html"))
      expect(progress).toMatchObject({ total: 3, saved: 3, duplicates: 0, failed: 0 })
      expect((yield* library(account)).map(seen)).toEqual([
        { url: "https://www.apple.com/", title: "Apple", tags: [], note: "", createdAt: new Date(start).toISOString() },
        {
          url: "https://www.sbb.ch/en",
          title: "SBB – Swiss trains",
          tags: ["travel"],
          note: "",
          createdAt: new Date(start + 1).toISOString()
        },
        {
          url: "https://www.theatlantic.com/technology/archive/2024/01/long-read/",
          title: "Long read & more",
          tags: ["reading list"],
          note: "Preview text from Safari’s reading list",
          createdAt: new Date(start + 2).toISOString()
        }
      ])
    })))

  it.effect("Linkding: description and [linkding-notes] told apart; the same URL in capitals with its port is a duplicate", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("linkding.html"))
      expect(progress).toMatchObject({ total: 3, saved: 2, duplicates: 1, failed: 0 })
      const rows = yield* library(account)
      expect(rows.map(seen)).toEqual([
        {
          url: "https://github.com/sissbruecker/linkding",
          title: "linkding",
          tags: ["self-hosted", "bookmarks"],
          note: "Try the REST API",
          createdAt: iso(1672531200)
        },
        {
          url: "https://docs.python.org/3/",
          title: "Python 3 documentation",
          tags: ["python"],
          note: "",
          createdAt: iso(1672617600)
        }
      ])
      expect(rows[0]?.derived.description).toBe("Self-hosted bookmark manager")
    })))

  it.effect("Pocket, the zip as downloaded: | tags, a title that is the URL is no title, ftp fails, a repeat is a duplicate", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("pocket.zip"))
      expect(progress).toMatchObject({ format: "pocket", total: 5, saved: 3, duplicates: 1, failed: 1 })
      expect(progress.failures).toEqual([{
        position: "line 5",
        reason: "url scheme 'ftp' is not allowed; use http or https ('ftp://example.com/file')"
      }])
      expect((yield* library(account)).map(seen)).toEqual([
        {
          url: "https://example.com/bread",
          title: "How to bake bread, properly",
          tags: ["cooking", "bread"],
          note: "",
          createdAt: iso(1577836800)
        },
        { url: "https://example.com/untitled", title: "", tags: [], note: "", createdAt: iso(1577923200) },
        {
          url: "https://example.com/quotes",
          title: "Quotes \"inside\" the title",
          tags: ["reading"],
          note: "",
          createdAt: iso(1578009600)
        }
      ])
    })))

  it.effect("Pocket CSV unzipped reads the same", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      expect(yield* importFile(account, fixture("pocket.csv"))).toMatchObject({
        format: "pocket",
        total: 5,
        saved: 3,
        duplicates: 1,
        failed: 1
      })
    })))

  it.effect("Karakeep: links, a text item becomes a text note, an uploaded file fails, seconds and ISO dates", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("karakeep.json"))
      expect(progress).toMatchObject({ format: "karakeep", total: 4, saved: 3, duplicates: 0, failed: 1 })
      expect(progress.failures).toEqual([{
        position: "bookmarks[2]",
        reason: "an item without a link or text (an uploaded file) cannot be imported"
      }])
      const rows = yield* library(account)
      expect(rows.map(seen)).toEqual([
        {
          url: "https://effect.website/",
          title: "Effect documentation",
          tags: ["typescript", "effect"],
          note: "Start with the tutorial",
          createdAt: iso(1704067200)
        },
        {
          url: "",
          title: "",
          tags: [],
          note: "Remember to renew the passport before June",
          createdAt: iso(1704153600)
        },
        {
          url: "https://example.net/old?utm=1",
          title: "An item from Hoarder days",
          tags: ["Legacy"],
          note: "",
          createdAt: "2024-01-04T08:30:00.000Z"
        }
      ])
      expect(rows.map((r) => r.derived.type)).toEqual(["website", "textNote", "website"])
      // Importing the same file again saves nothing: the links by URL, the text note by its text.
      expect(yield* importFile(account, fixture("karakeep.json"))).toMatchObject({ saved: 0, duplicates: 3, failed: 1 })
    })))

  it.effect("Linkwarden: collections (and sub-collections) become path tags beside the links' own", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const progress = yield* importFile(account, fixture("linkwarden.json"))
      expect(progress).toMatchObject({ format: "linkwarden", total: 3, saved: 2, duplicates: 0, failed: 1 })
      expect(progress.failures.map((f) => f.position)).toEqual(["collections[0].links[1]"])
      const rows = yield* library(account)
      expect(rows.map(seen)).toEqual([
        {
          url: "https://doc.rust-lang.org/book/",
          title: "The Rust Programming Language",
          tags: ["rust", "reading"],
          note: "",
          createdAt: "2023-05-01T10:00:00.000Z"
        },
        {
          url: "https://use-the-index-luke.com/",
          title: "Use The Index, Luke",
          tags: ["reading/databases"],
          note: "",
          createdAt: "2023-06-01T12:30:00.000Z"
        }
      ])
      expect(rows[0]?.derived.description).toBe("The official book")
    })))

  it.effect("a file with broken rows imports the good ones and reports each bad one with its line and reason", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const html = yield* importFile(account, fixture("broken.html"))
      expect(html).toMatchObject({ total: 9, saved: 3, duplicates: 0, failed: 6 })
      expect(html.failures).toEqual([
        { position: "line 7", reason: "title must not contain the NUL character (U+0000)" },
        { position: "line 8", reason: "link has no HREF" },
        {
          position: "line 9",
          reason: `url must be at most 2048 characters ('https://example.com/${"a".repeat(59)}…')`
        },
        { position: "line 11", reason: "at most 32 tags are allowed, got 40" },
        { position: "line 12", reason: "note must be at most 10000 characters" },
        { position: "line 14", reason: "url must be an absolute URL such as https://example.com/page ('not a url')" }
      ])
      expect((yield* library(account)).map((r) => [r.url, new Date(r.createdAt).toISOString()])).toEqual([
        ["https://good.example.com/one", iso(1500000000)],
        ["https://good.example.com/three", iso(1500000008)],
        // An unreadable date keeps the row, dated at the import.
        ["https://good.example.com/two", new Date(start).toISOString()]
      ])
      const csv = yield* importFile(account, fixture("broken.csv"))
      expect(csv).toMatchObject({ total: 6, saved: 3, failed: 3 })
      expect(csv.failures.map((f) => f.position)).toEqual(["line 5", "line 6", "line 7"])
      expect(csv.failures[2]?.reason).toMatch(/^unreadable CSV record: Quote Not Closed/)
    })))

  it.effect("a file in no known format is refused before anything is saved; a named format is read as that", () =>
    run(Effect.gen(function*() {
      const account = yield* newAccount
      const refused = yield* Effect.flip(importFile(account, new TextEncoder().encode("just some words\nand more")))
      expect(refused).toMatchObject({ _tag: "InvalidInput", field: "file" })
      const wrong = yield* Effect.flip(importFile(account, fixture("chrome.html"), { format: "karakeep" }))
      expect(wrong).toMatchObject({ _tag: "InvalidInput", reason: expect.stringMatching(/^is not valid JSON/) })
      expect(yield* library(account)).toEqual([])
    })))
})
