/**
 * Use case: a text note written in the app, without a URL (docs/decisions.md, "Text notes"). It is listed and
 * searched like any bookmark; its enrichment only analyses the text, and finishing it emits `bookmark.saved`.
 */
import { Clock, Effect, Result, Schema } from "effect"
import * as Bookmark from "../../Bookmark.js"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Jobs } from "../../ports/Jobs.js"
import { Transactor } from "../../ports/Transactor.js"
import * as Tags from "../../Tags.js"
import * as Text from "../../Text.js"

export const NotePayload = Schema.Struct({
  title: Text.SafeString,
  text: Text.SafeString,
  tags: Schema.optionalKey(Schema.Union([Schema.Array(Text.SafeString), Text.SafeString]))
}).annotate({ identifier: "NewTextNote" })
export type NotePayload = typeof NotePayload.Type

const invalid = (field: string, reason: string) => Result.fail(new InvalidInput({ field, reason }))

export const validateNote = (payload: NotePayload) =>
  Result.gen(function*() {
    const title = payload.title.trim()
    const text = payload.text.trim()
    if (title === "" && text === "") return yield* invalid("text", "a note needs a title or a text")
    if (title.length > Bookmark.maxTitleLength) {
      return yield* invalid("title", `must be at most ${Bookmark.maxTitleLength} characters`)
    }
    if (text.length > Bookmark.maxNoteLength) {
      return yield* invalid("text", `must be at most ${Bookmark.maxNoteLength} characters`)
    }
    const tags = yield* Tags.parse(payload.tags ?? [])
    return { title, text, tags }
  })

export const saveNote = Effect.fn("SaveNote")(
  function*(accountId: AccountId, payload: NotePayload, source: Bookmark.Source = "app") {
    const valid = yield* Effect.fromResult(validateNote(payload))
    const ids = yield* IdGenerator
    const bookmarks = yield* Bookmarks
    const jobs = yield* Jobs
    const tx = yield* Transactor
    const id = yield* ids.make("bookmark")
    const jobId = yield* ids.make("job")
    const now = yield* Clock.currentTimeMillis
    return yield* tx.atomic(Effect.gen(function*() {
      const record = yield* bookmarks.insert({
        id,
        accountId,
        url: Bookmark.noteUrl,
        source,
        now,
        status: "processing",
        processingError: "",
        callerTags: valid.tags,
        note: valid.text,
        derived: { ...Bookmark.emptyDerived, type: "textNote", title: valid.title },
        overrides: {},
        pageText: ""
      })
      yield* jobs.enqueue({ id: jobId, bookmarkId: id, runAt: now })
      return record
    }))
  }
)
