/** Use cases: mark a passage of a bookmark's readable text, recolour or annotate it, and take it away. */
import { Clock, Effect, Option } from "effect"
import { Forbidden, InvalidInput, NotFound } from "../../Errors.js"
import * as Highlight from "../../Highlight.js"
import { type AccountId, HighlightId, isWellFormed } from "../../Ids.js"
import { Highlights } from "../../ports/Highlights.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { ownedRecord } from "../bookmarks/OwnedBookmark.js"

/** A highlight of the caller's account (unknown → NotFound, another account's → Forbidden). */
export const ownedHighlight = Effect.fn("Highlights.owned")(function*(accountId: AccountId, id: string) {
  const missing = new NotFound({ resource: "highlight", id })
  if (!isWellFormed(id)) return yield* missing
  const found = yield* (yield* Highlights).get(HighlightId.make(id))
  if (Option.isNone(found)) return yield* missing
  if (found.value.accountId !== accountId) return yield* new Forbidden({ resource: "highlight", id })
  return found.value
})

export const createHighlight = Effect.fn("CreateHighlight")(
  function*(accountId: AccountId, bookmarkId: string, payload: Highlight.CreatePayload) {
    const anchor = yield* Effect.fromResult(Highlight.parseAnchor({
      exact: payload.exact,
      prefix: payload.prefix ?? "",
      suffix: payload.suffix ?? "",
      start: payload.start,
      end: payload.end
    }))
    const note = yield* Effect.fromResult(Highlight.parseNote(payload.note ?? ""))
    const bookmark = yield* ownedRecord(accountId, bookmarkId)
    const now = yield* Clock.currentTimeMillis
    const record: Highlight.Record = {
      id: yield* (yield* IdGenerator).make("highlight"),
      bookmarkId: bookmark.id,
      accountId,
      colour: payload.colour ?? Highlight.colours[0],
      note,
      ...anchor,
      createdAt: now,
      updatedAt: now
    }
    const outcome = yield* (yield* Highlights).insert(record, Highlight.maxPerBookmark)
    if (outcome === "missing") return yield* new NotFound({ resource: "bookmark", id: bookmarkId })
    if (outcome === "full") {
      return yield* new InvalidInput({
        field: "highlights",
        reason: `a bookmark may have at most ${Highlight.maxPerBookmark} highlights`
      })
    }
    return Highlight.present(record)
  }
)

export const updateHighlight = Effect.fn("UpdateHighlight")(
  function*(accountId: AccountId, id: string, payload: Highlight.UpdatePayload) {
    const note = payload.note === undefined ? undefined : yield* Effect.fromResult(Highlight.parseNote(payload.note))
    const found = yield* ownedHighlight(accountId, id)
    const updated: Highlight.Record = {
      ...found,
      colour: payload.colour ?? found.colour,
      note: note ?? found.note,
      updatedAt: yield* Clock.currentTimeMillis
    }
    if (!(yield* (yield* Highlights).update(updated))) return yield* new NotFound({ resource: "highlight", id })
    return Highlight.present(updated)
  }
)

export const deleteHighlight = Effect.fn("DeleteHighlight")(function*(accountId: AccountId, id: string) {
  const found = yield* ownedHighlight(accountId, id)
  if (!(yield* (yield* Highlights).delete(found.id))) return yield* new NotFound({ resource: "highlight", id })
  return { ok: true as const }
})
