/**
 * Use case: a person's verdict on generated tags, in bulk (docs/enrichment.md, "Tags"): accept them (they become the
 * person's, kept when the page is analysed again) or drop them (gone, and never generated for that bookmark again),
 * for the bookmarks named, or the whole library; for one tag only, or every generated tag of those bookmarks. At most
 * `maxPerCall` bookmarks change per call; `more` says when another call has more to do.
 */
import { Effect, Option, Schema } from "effect"
import * as Actor from "../../Actor.js"
import * as Bookmark from "../../Bookmark.js"
import type { AccountId } from "../../Ids.js"
import * as Payload from "../../Payload.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import * as Tags from "../../Tags.js"
import * as Text from "../../Text.js"
import { bookmarkFor } from "./OwnedBookmark.js"

export const maxPerCall = 1_000
export const maxIds = 500
const pageSize = 200

export const ReviewPayload = Schema.Struct({
  action: Schema.Literals(["accept", "drop"]).annotate({
    description: "`accept`: the generated tags become the person's; `drop`: they are removed and not generated again"
  }),
  tag: Schema.optionalKey(
    Text.field({ description: "Only this generated tag (ignoring case); all of them when absent", maxLength: 64 })
  ),
  ids: Schema.optionalKey(
    Schema.Array(Text.field({ description: "A bookmark id", maxLength: 64 })).check(Schema.isMaxLength(maxIds))
      .annotate({ description: `These bookmarks (at most ${maxIds}); the whole library when absent` })
  )
}).annotate({
  identifier: "ReviewGeneratedTags",
  description: "Accept or drop generated tags in bulk",
  ...Payload.strict
})
export type ReviewPayload = typeof ReviewPayload.Type

export const ReviewResult = Schema.Struct({
  bookmarks: Schema.Int.annotate({ description: "Bookmarks changed" }),
  tags: Schema.Int.annotate({ description: "Generated tags accepted or dropped, counted per bookmark" }),
  more: Schema.Boolean.annotate({
    description: `True when the call stopped at ${maxPerCall} bookmarks and more carry generated tags: call again`
  })
}).annotate({ identifier: "ReviewGeneratedTagsResult", description: "What a bulk review changed" })
export type ReviewResult = typeof ReviewResult.Type

/** The overrides that record the verdict on `tags` (added to earlier verdicts). */
const verdict = (record: Bookmark.Record, action: ReviewPayload["action"], tags: ReadonlyArray<string>) =>
  action === "accept"
    ? { acceptedTags: Tags.merge(record.overrides.acceptedTags ?? [], tags) }
    : { droppedTags: Tags.merge(record.overrides.droppedTags ?? [], tags) }

export const reviewGeneratedTags = Effect.fn("ReviewGeneratedTags")(function*(
  accountId: AccountId,
  payload: ReviewPayload
) {
  const bookmarks = yield* Bookmarks
  const tag = payload.tag === undefined || payload.tag.trim() === "" ? undefined : payload.tag.trim()
  const result = { bookmarks: 0, tags: 0, more: false }
  /** True once the call has done its share. */
  const review = Effect.fnUntraced(function*(record: Bookmark.Record) {
    const generated = Bookmark.generatedTags(record)
    const chosen = tag === undefined ? generated : generated.filter((t) => Tags.tagKey(t) === Tags.tagKey(tag))
    if (chosen.length === 0) return false
    if (result.bookmarks >= maxPerCall) {
      result.more = true
      return true
    }
    yield* bookmarks.edit(record.id, verdict(record, payload.action, chosen))
    result.bookmarks++
    result.tags += chosen.length
    return false
  })
  if (payload.ids !== undefined) {
    // Every id is checked before anything changes: an unknown or foreign one fails the call (404, 403).
    const records = yield* Effect.forEach(payload.ids, (id) => bookmarkFor(Actor.account(accountId), id))
    for (const record of records) if (yield* review(record)) break
    return result satisfies ReviewResult
  }
  let before = Option.none<number>()
  for (;;) {
    const page = yield* bookmarks.list(accountId, {
      limit: pageSize,
      before,
      tag: Option.fromNullishOr(tag),
      type: Option.none(),
      q: Option.none()
    })
    for (const record of page) if (yield* review(record)) return result satisfies ReviewResult
    const last = page[page.length - 1]
    if (page.length < pageSize || last === undefined) return result satisfies ReviewResult
    before = Option.some(last.createdAt)
  }
})
