/**
 * A bookmark file's folders as lists (docs/import-export.md, "Folders become lists"), over the in-memory domain:
 * nested folders, lists that exist already, the nesting limit, a batch run again after a crash, and tags as before.
 */
import {
  type AccountId,
  Bookmarks,
  createList,
  Import,
  importBatch,
  ImportId,
  type ImportItem,
  Imports,
  ImportTakenOver,
  List,
  ListId,
  listLists,
  Lists
} from "@bookmark-library/domain"
import { Fixtures } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Option, Result } from "effect"
import { TestClock } from "effect/testing"
import { failureOf, inWorld } from "../../support/World.js"

const start = Date.parse("2026-05-01T10:00:00.000Z")

/** A row as the Netscape reader gives it: the file's tags, and its folder path with the tag it would give. */
const row = (n: number, path: ReadonlyArray<string>, tags: ReadonlyArray<string> = []): ImportItem.Row => ({
  position: `line ${n}`,
  candidate: Result.succeed({
    kind: "link",
    url: `https://example.com/page/${n}`,
    title: `Page ${n}`,
    description: "",
    note: "",
    tags,
    createdAt: null,
    ...(path.length === 0 ? {} : { folder: { path, tags: [path.join("/").toLowerCase()] } })
  })
})

let imports = 0

/** An import record of `rows.length` rows, stored as a started import is. */
const importOf = (accountId: AccountId, rows: ReadonlyArray<ImportItem.Row>, folders: Import.Folders) =>
  Effect.gen(function*() {
    const record: Import.Record = {
      id: ImportId.make(`imp_folders${++imports}`),
      accountId,
      format: "netscape",
      events: false,
      duplicatePolicy: "skip",
      folders,
      state: "running",
      total: rows.length,
      position: 0,
      saved: 0,
      duplicates: 0,
      failed: 0,
      enriched: 0,
      failures: [],
      createdAt: start,
      finishedAt: null
    }
    yield* (yield* Imports).create(record, new Uint8Array([1]))
    return record
  })

/** Every batch to the end. */
const runAll = (record: Import.Record, rows: ReadonlyArray<ImportItem.Row>, batchSize = Import.batchSize) =>
  Effect.gen(function*() {
    let current = record
    while (current.position < rows.length) {
      current = yield* importBatch(current, rows, { ...Import.defaultPace, batchSize })
    }
    return current
  })

/** The account's lists depth first as `name (count) ← parent name`. */
const tree = (accountId: AccountId) =>
  Effect.map(listLists(accountId), ({ lists }) => {
    const names = new Map(lists.map((l) => [l.id, l.name]))
    return lists.map((l) => `${l.name} (${l.count})${l.parentId === null ? "" : ` ← ${names.get(l.parentId)}`}`)
  })

const urlsOf = (listName: string, accountId: AccountId) =>
  Effect.gen(function*() {
    const lists = yield* Lists
    const list = yield* Effect.flatMap(lists.findByName(accountId, listName), Effect.fromOption)
    const ids = new Set(yield* lists.memberIds([list.id]))
    const all = yield* (yield* Bookmarks).list(accountId, {
      limit: 1_000,
      before: Option.none(),
      tag: Option.none(),
      type: Option.none(),
      q: Option.none()
    })
    return all.filter((b) => ids.has(b.id)).map((b) => b.url).sort()
  })

describe("folders as lists", () => {
  it.effect("each folder path becomes nested lists; a bookmark joins its folder's list and gets no folder tag", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const rows = [
          row(1, ["Dev"], ["mine"]),
          row(2, ["Dev", "Databases"]),
          row(3, ["Dev", "Databases", "Postgres"]),
          row(4, []),
          row(5, ["dev", "databases"]),
          row(6, ["Reading"])
        ]
        const done = yield* runAll(yield* importOf(account.id, rows, "lists"), rows)
        expect(done).toMatchObject({ saved: 6, failed: 0, folders: "lists" })
        expect(yield* tree(account.id)).toEqual([
          "Dev (1)",
          "Databases (2) ← Dev",
          "Postgres (1) ← Databases",
          "Reading (1)"
        ])
        expect(yield* urlsOf("Databases", account.id)).toEqual([
          "https://example.com/page/2",
          "https://example.com/page/5"
        ])
        const saved = yield* (yield* Bookmarks).list(account.id, {
          limit: 10,
          before: Option.none(),
          tag: Option.none(),
          type: Option.none(),
          q: Option.none()
        })
        // The file's own tags stay; the folder gives none.
        expect(saved.flatMap((b) => b.callerTags)).toEqual(["mine"])
      })
    ))

  it.effect("tags (the default) give the folder path as the last tag and make no list", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const rows = [row(1, ["Dev", "Databases"], ["mine"])]
        yield* runAll(yield* importOf(account.id, rows, Import.defaultFolders), rows)
        const saved = yield* (yield* Bookmarks).list(account.id, {
          limit: 10,
          before: Option.none(),
          tag: Option.none(),
          type: Option.none(),
          q: Option.none()
        })
        expect(saved.map((b) => b.callerTags)).toEqual([["mine", "dev/databases"]])
        expect(yield* tree(account.id)).toEqual([])
      })
    ))

  it.effect("a list of the folder's name under the same parent is reused; one elsewhere is not merged into", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const dev = yield* createList(account.id, { name: "dev" })
        const games = yield* createList(account.id, { name: "Games" })
        yield* createList(account.id, { name: "Rust", parentId: games.id })
        const rows = [row(1, ["Dev"]), row(2, ["Dev", "Rust"]), row(3, ["Games", "Rust"]), row(4, ["Rust"])]
        yield* runAll(yield* importOf(account.id, rows, "lists"), rows)
        // "dev" is the folder Dev (case ignored); "Rust" under Games is Games › Rust; Dev › Rust and a top folder
        // Rust cannot be "Rust" (names are unique per account) and take the next free names (the parent list's own name).
        expect(yield* tree(account.id)).toEqual([
          "dev (1)",
          "Rust (dev) (1) ← dev",
          "Games (0)",
          "Rust (1) ← Games",
          "Rust 2 (1)"
        ])
        expect((yield* listLists(account.id)).lists.find((l) => l.name === "dev")?.id).toBe(dev.id)
        // Importing the same folders again finds every list by its name: none is made twice.
        const again = [row(11, ["Dev", "Rust"]), row(12, ["Rust"]), row(13, ["Games", "Rust"])]
        yield* runAll(yield* importOf(account.id, again, "lists"), again)
        expect(yield* tree(account.id)).toEqual([
          "dev (1)",
          "Rust (dev) (2) ← dev",
          "Games (0)",
          "Rust (2) ← Games",
          "Rust 2 (2)"
        ])
      })
    ))

  it.effect("deeper than the nesting limit: the list at the deepest allowed level holds the rest", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const deep = Array.from({ length: List.maxDepth + 3 }, (_, i) => `Level ${i + 1}`)
        const rows = [row(1, deep), row(2, deep.slice(0, List.maxDepth + 1)), row(3, deep.slice(0, 2))]
        yield* runAll(yield* importOf(account.id, rows, "lists"), rows)
        const names = yield* tree(account.id)
        expect(names).toHaveLength(List.maxDepth)
        expect(names[List.maxDepth - 1]).toBe(`Level ${List.maxDepth} (2) ← Level ${List.maxDepth - 1}`)
        expect(yield* urlsOf(`Level ${List.maxDepth}`, account.id)).toEqual([
          "https://example.com/page/1",
          "https://example.com/page/2"
        ])
        expect(yield* urlsOf("Level 2", account.id)).toEqual(["https://example.com/page/3"])
      })
    ))

  it.effect("at the account's list cap the bookmark goes to the deepest list that could be made; none is an error", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const lists = yield* Lists
        for (let i = 0; i < List.maxPerAccount - 1; i++) {
          yield* lists.insert({
            id: ListId.make(`lst_full${i}`),
            accountId: account.id,
            name: `Full ${i}`,
            parentId: null,
            createdAt: start
          }, List.maxPerAccount)
        }
        const rows = [row(1, ["Last", "Beyond"]), row(2, ["Other"])]
        const done = yield* runAll(yield* importOf(account.id, rows, "lists"), rows)
        expect(done).toMatchObject({ saved: 2, failed: 0 })
        expect(yield* urlsOf("Last", account.id)).toEqual(["https://example.com/page/1"])
        expect(Option.isNone(yield* lists.findByName(account.id, "Other"))).toBe(true)
      })
    ))

  it.effect("a batch run again after a crash, and the next batches, find the lists by name: none made twice", () =>
    inWorld(() =>
      Effect.gen(function*() {
        yield* TestClock.setTime(start)
        const { account } = yield* Fixtures.accountWithKey()
        const rows = Array.from({ length: 7 }, (_, i) => row(i + 1, i % 2 === 0 ? ["Dev", "Databases"] : ["Dev"]))
        const record = yield* importOf(account.id, rows, "lists")
        const pace = { ...Import.defaultPace, batchSize: 3 }
        const first = yield* importBatch(record, rows, pace)
        expect(yield* tree(account.id)).toEqual(["Dev (1)", "Databases (2) ← Dev"])
        // A worker that still holds the old record is refused and its batch rolled back: no list, no member more.
        yield* failureOf(importBatch(record, rows, pace), ImportTakenOver)
        expect(yield* tree(account.id)).toEqual(["Dev (1)", "Databases (2) ← Dev"])
        // The next worker resumes from the stored record.
        const stored = yield* Effect.flatMap((yield* Imports).get(record.id), Effect.fromOption)
        expect(stored.position).toBe(first.position)
        yield* runAll(stored, rows, 3)
        expect(yield* tree(account.id)).toEqual(["Dev (3)", "Databases (4) ← Dev"])
      })
    ))
})
