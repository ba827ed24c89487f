/** Shared step: a bookmark the actor may act on (unknown → NotFound, another account's → Forbidden). */
import { Effect, Option } from "effect"
import * as Actor from "../../Actor.js"
import { Forbidden, NotFound } from "../../Errors.js"
import { type AccountId, BookmarkId, isWellFormed } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import type { Storage } from "../../ports/Storage.js"

/** One rule for every read of a single bookmark, whatever the read brings along with the record. */
const owned = <A>(
  read: (bookmarks: Bookmarks["Service"], id: BookmarkId) => Storage<Option.Option<A>>,
  ownerOf: (found: A) => AccountId
) =>
  Effect.fnUntraced(function*(actor: Actor.Actor, id: string) {
    if (!isWellFormed(id)) return yield* new NotFound({ resource: "bookmark", id })
    const found = yield* read(yield* Bookmarks, BookmarkId.make(id, { disableChecks: true }))
    if (Option.isNone(found)) return yield* new NotFound({ resource: "bookmark", id })
    if (!Actor.actsFor(actor, ownerOf(found.value))) return yield* new Forbidden({ resource: "bookmark", id })
    return found.value
  })

/** The record if it exists and the actor may act on it: unknown → NotFound, another account's → Forbidden. */
export const bookmarkFor = owned((bookmarks, id) => bookmarks.get(id), (record) => record.accountId)

/** The record if it exists and is the account's. */
export const ownedRecord = (accountId: AccountId, id: string) => bookmarkFor(Actor.account(accountId), id)

const withHighlightsFor = owned((bookmarks, id) => bookmarks.getWithHighlights(id), (found) => found.record.accountId)

/** As `ownedRecord`, with the bookmark's highlight count read by the same statement (`Bookmarks.getWithHighlights`). */
export const ownedWithHighlights = (accountId: AccountId, id: string) => withHighlightsFor(Actor.account(accountId), id)
