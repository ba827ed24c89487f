/**
 * Enrichment step: keep the page's archived copy (docs/preservation.md). A web page's copy is the one the render
 * took; a PDF keeps the PDF itself. A copy replaces the previous one only once it is stored; otherwise the previous
 * copy stays and the bookmark says why no new one was kept.
 */
import { Clock, Effect } from "effect"
import * as Archive from "../../Archive.js"
import type * as Bookmark from "../../Bookmark.js"
import { type AccountId, AssetId } from "../../Ids.js"
import { AssetStore } from "../../ports/AssetStore.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import type { FetchedPage } from "../../ports/PageFetcher.js"
import type { Copy } from "../../ports/PageRenderer.js"
import { toHex } from "../../Sha256.js"
import { countStored } from "../assets/AccountStorage.js"

export type Outcome =
  | { readonly _tag: "Kept"; readonly bytes: Uint8Array; readonly contentType: string; readonly partial: string }
  | { readonly _tag: "Missing"; readonly reason: string }

const isPdf = (page: FetchedPage) => /^application\/pdf\b/i.test(page.contentType)

/** What to keep for a fetched PDF: the file itself, unless the fetch cut it at its size cap. */
export const pdfCopy = (page: FetchedPage, maxBytes: number): Outcome | undefined => {
  if (!isPdf(page)) return undefined
  if (page.truncated || page.body.byteLength > maxBytes) {
    return { _tag: "Missing", reason: "the PDF is larger than the size cap: no copy kept" }
  }
  return { _tag: "Kept", bytes: page.body, contentType: "application/pdf", partial: "" }
}

/** What the render's copy gives: kept, or the reason there is none. */
export const renderedCopy = (copy: Copy | undefined): Outcome =>
  copy === undefined
    ? { _tag: "Missing", reason: "no copy: the page could not be rendered" }
    : copy._tag === "Kept"
    ? { _tag: "Kept", bytes: copy.html, contentType: "text/html; charset=utf-8", partial: copy.partial }
    : copy

/** Stores a kept copy and returns the bookmark's new archive; the previous copy's asset is removed after. */
export const archivePage = Effect.fn("ArchivePage")(function*(
  owner: AccountId,
  previous: Bookmark.Derived["archive"],
  outcome: Outcome
) {
  if (outcome._tag === "Missing") return Archive.missed(previous, outcome.reason)
  const assetId = AssetId.make(toHex(yield* (yield* IdGenerator).bytes(16)))
  const store = yield* AssetStore
  const stored = yield* Effect.result(store.put(assetId, { bytes: outcome.bytes, contentType: outcome.contentType }))
  if (stored._tag === "Failure") return Archive.missed(previous, "the copy could not be stored")
  yield* countStored(owner, assetId, outcome.bytes.byteLength)
  return Archive.taken({
    asset: assetId,
    takenAt: yield* Clock.currentTimeMillis,
    bytes: outcome.bytes.byteLength,
    contentType: outcome.contentType,
    partial: outcome.partial
  })
})
