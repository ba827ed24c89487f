/** Use case: validate a save, store the bookmark and enqueue its enrichment in one transaction. */
import { Clock, Effect, Result } from "effect"
import * as Bookmark from "../../Bookmark.js"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Jobs } from "../../ports/Jobs.js"
import { Transactor } from "../../ports/Transactor.js"
import * as Tags from "../../Tags.js"
import { normalizeBookmarkUrl } from "../../Url.js"

export const validate = (payload: Bookmark.CreatePayload) =>
  Result.gen(function*() {
    const url = yield* normalizeBookmarkUrl(payload.url)
    const tags = yield* Tags.parse(payload.tags ?? [])
    const note = payload.note ?? ""
    if (note.length > Bookmark.maxNoteLength) {
      return yield* Result.fail(
        new InvalidInput({ field: "note", reason: `must be at most ${Bookmark.maxNoteLength} characters` })
      )
    }
    return { url, tags, note }
  })

export const saveBookmark = Effect.fn("SaveBookmark")(function*(
  accountId: AccountId,
  payload: Bookmark.CreatePayload,
  source: Bookmark.Source
) {
  const valid = yield* Effect.fromResult(validate(payload))
  const ids = yield* IdGenerator
  const bookmarks = yield* Bookmarks
  const jobs = yield* Jobs
  const tx = yield* Transactor
  const id = yield* ids.make("bookmark")
  const jobId = yield* ids.make("job")
  const now = yield* Clock.currentTimeMillis
  yield* tx.atomic(Effect.gen(function*() {
    yield* bookmarks.insert({
      id,
      accountId,
      url: valid.url,
      source,
      now,
      status: "processing",
      processingError: "",
      callerTags: valid.tags,
      note: valid.note,
      derived: Bookmark.emptyDerived,
      overrides: {},
      pageText: ""
    })
    yield* jobs.enqueue({ id: jobId, bookmarkId: id, runAt: now })
  }))
  const ack: Bookmark.Ack = { id, url: valid.url, status: "processing" }
  return ack
})
