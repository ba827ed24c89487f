/** Test support for imports: fixture files, running an import to its end, reading a library back. */
import {
  type AccountId,
  type AssetStore,
  Bookmark,
  Bookmarks,
  createAccount,
  exportLibrary,
  Import,
  type ImportFormat,
  ImportId,
  Imports,
  type LibraryExport,
  runImport,
  Settings,
  startImport
} from "@bookmark-library/domain"
import { FakeLinks, MemoryIdGenerator } from "@bookmark-library/testkit"
import type * as Contracts from "@bookmark-library/testkit/contracts"
import { Effect, Layer, Option, Stream } from "effect"
import { readFileSync } from "node:fs"
import * as FileImportReader from "../../src/imports/FileImportReader.js"

export const fixture = (name: string): Uint8Array =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)))

export const text = (content: string): Uint8Array => new TextEncoder().encode(content)

/** What the import use cases need besides storage (links: exports show screenshots as `GET /bookmarks/:id` does). */
export const services = <E>(
  storage: Layer.Layer<Contracts.StoragePorts | AssetStore, E>,
  settings = Settings.layer()
) => Layer.mergeAll(storage, MemoryIdGenerator.layer(7), settings, FileImportReader.layer, FakeLinks.layer())

/** Starts an import and carries it to its end (no worker: the test is the worker); its final progress. */
export const importFile = (
  accountId: AccountId,
  bytes: Uint8Array,
  options: {
    readonly format?: ImportFormat.ImportFormat
    readonly events?: boolean
    readonly duplicates?: Import.Duplicates
    readonly folders?: Import.Folders
  } = {}
) =>
  Effect.gen(function*() {
    const started = yield* startImport(accountId, bytes, {
      format: Option.fromNullishOr(options.format),
      events: options.events ?? false,
      duplicates: options.duplicates,
      folders: options.folders
    })
    const imports = yield* Imports
    const record = yield* Effect.flatMap(imports.get(ImportId.make(started.id)), (found) => Effect.fromOption(found))
    if (record.state === "running") yield* runImport(record)
    return Import.present(yield* Effect.flatMap(imports.get(record.id), (found) => Effect.fromOption(found)))
  })

export const newAccount = Effect.map(createAccount("ultra"), (account) => account.id)

/** The account's bookmarks, oldest first. */
export const library = (accountId: AccountId) =>
  Effect.flatMap(Bookmarks, (bookmarks) =>
    Effect.map(
      bookmarks.list(accountId, {
        limit: 100_000,
        before: Option.none(),
        tag: Option.none(),
        type: Option.none(),
        q: Option.none()
      }),
      (rows) => [...rows].sort((a, b) => a.createdAt - b.createdAt)
    ))

/** What a person sees of a bookmark, in short. */
export const seen = (record: Bookmark.Record) => {
  const eff = Bookmark.effective(record)
  return {
    url: record.url,
    title: eff.title,
    tags: eff.tags,
    note: eff.note,
    createdAt: new Date(record.createdAt).toISOString()
  }
}

/** The whole export as one text. */
export const exported = (accountId: AccountId, format: Exclude<LibraryExport.Format, "zip">) =>
  Effect.flatMap(
    exportLibrary(accountId, format),
    (stream) => Stream.runFold(stream, () => "", (all, piece) => all + piece)
  )
