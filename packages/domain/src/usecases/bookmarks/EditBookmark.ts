/** Use case: an edit of a bookmark, whose values win over derived ones (docs/decisions.md, "App edits"). */
import { Effect, Option, Result, Schema } from "effect"
import type * as Actor from "../../Actor.js"
import * as Bookmark from "../../Bookmark.js"
import { BookmarkType } from "../../BookmarkType.js"
import { InvalidInput } from "../../Errors.js"
import * as Payload from "../../Payload.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Links } from "../../ports/Links.js"
import * as Tags from "../../Tags.js"
import * as Text from "../../Text.js"
import { bookmarkFor } from "./OwnedBookmark.js"

export const EditPayload = Schema.Struct({
  title: Schema.optionalKey(
    Text.field({ description: "The title readers see from now on", maxLength: Bookmark.maxTitleLength })
  ),
  description: Schema.optionalKey(
    Text.field({ description: "The description readers see", maxLength: Bookmark.maxDescriptionLength })
  ),
  tags: Schema.optionalKey(Bookmark.TagsInput),
  note: Schema.optionalKey(Text.field({ description: "The note readers see", maxLength: Bookmark.maxNoteLength })),
  type: Schema.optionalKey(
    BookmarkType.annotate({ description: "The kind readers see; it also drives the `type` filter" })
  )
}).annotate({
  identifier: "EditBookmark",
  description: "The members given replace the derived (or saved) values in every later answer",
  ...Payload.strict
})
export type EditPayload = typeof EditPayload.Type

const bounded = (field: string, value: string | undefined, max: number) =>
  value === undefined
    ? Result.succeed(value)
    : Result.flatMap(Text.check(field, value), (text) =>
      text.length <= max
        ? Result.succeed(text)
        : Result.fail(new InvalidInput({ field, reason: `must be at most ${max} characters` })))

/** The overrides an edit sets, checked: each field present replaces the derived or saved value. */
export const overridesFrom = (payload: EditPayload) =>
  Result.gen(function*() {
    const title = yield* bounded("title", payload.title, Bookmark.maxTitleLength)
    const description = yield* bounded("description", payload.description, Bookmark.maxDescriptionLength)
    const note = yield* bounded("note", payload.note, Bookmark.maxNoteLength)
    const tags = payload.tags === undefined ? undefined : yield* Tags.parse(payload.tags)
    const overrides: Bookmark.Overrides = {
      ...(title === undefined ? {} : { title }),
      ...(description === undefined ? {} : { description }),
      ...(tags === undefined ? {} : { tags }),
      ...(note === undefined ? {} : { note }),
      ...(payload.type === undefined ? {} : { type: payload.type })
    }
    return overrides
  })

/**
 * An edit: the values win over derived ones in every later answer and delivery (docs/decisions.md, "App edits").
 * The operator may edit any bookmark, an account only its own.
 */
export const editBookmark = Effect.fn("EditBookmark")(function*(actor: Actor.Actor, id: string, payload: EditPayload) {
  const overrides = yield* Effect.fromResult(overridesFrom(payload))
  const record = yield* bookmarkFor(actor, id)
  const bookmarks = yield* Bookmarks
  const edited = yield* bookmarks.edit(record.id, overrides)
  return Bookmark.present(Option.getOrElse(edited, () => record), yield* Links)
})
