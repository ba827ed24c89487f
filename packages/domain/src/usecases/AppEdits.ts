/** Use cases of the app and extension (through the admin API): edits that override derived values, and saves. */
import { Effect, Either, Option, Schema } from "effect"
import * as Bookmark from "../Bookmark.js"
import { BookmarkType } from "../BookmarkType.js"
import { InvalidInput, NotFound } from "../Errors.js"
import { BookmarkId, isWellFormed, WebhookId } from "../Ids.js"
import { Links } from "../Links.js"
import * as Payload from "../Payload.js"
import { Bookmarks } from "../ports/Bookmarks.js"
import { Webhooks } from "../ports/Webhooks.js"
import * as Tags from "../Tags.js"
import * as Text from "../Text.js"
import * as Webhook from "../Webhook.js"
import { getAccount } from "./ManageAccounts.js"
import { saveBookmark } from "./SaveBookmark.js"

export const EditPayload = Schema.Struct({
  title: Schema.optional(Text.field({ description: "The title readers see from now on", maxLength: Bookmark.maxTitleLength })),
  description: Schema.optional(
    Text.field({ description: "The description readers see", maxLength: Bookmark.maxDescriptionLength })
  ),
  tags: Schema.optional(Bookmark.TagsInput),
  note: Schema.optional(Text.field({ description: "The note readers see", maxLength: Bookmark.maxNoteLength })),
  type: Schema.optional(BookmarkType.annotations({ description: "The kind readers see; it also drives the `type` filter" }))
}).annotations({
  identifier: "EditBookmark",
  description: "The members given replace the derived (or saved) values in every later answer",
  ...Payload.strict
})
export type EditPayload = typeof EditPayload.Type

const bounded = (field: string, value: string | undefined, max: number) =>
  value === undefined
    ? Either.right(value)
    : Either.flatMap(Text.check(field, value), (text) =>
      text.length <= max ? Either.right(text) : Either.left(new InvalidInput({ field, reason: `must be at most ${max} characters` })))

/** The overrides an edit sets, checked: each field present replaces the derived or saved value. */
export const overridesFrom = (payload: EditPayload) =>
  Either.gen(function*() {
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

export const editBookmark = Effect.fn("EditBookmark")(function*(id: string, payload: EditPayload) {
  const overrides = yield* overridesFrom(payload)
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "bookmark", id })
  const bookmarks = yield* Bookmarks
  const edited = yield* bookmarks.edit(BookmarkId.make(id), overrides)
  if (Option.isNone(edited)) return yield* new NotFound({ resource: "bookmark", id })
  return Bookmark.present(edited.value, yield* Links)
})

export const AppSavePayload = Schema.Struct({
  ...Bookmark.CreatePayload.fields,
  source: Schema.Literal("app", "extension").annotations({ description: "Where the save was made" })
}).annotations({
  identifier: "AppSaveBookmark",
  description: "A save made in the app or the browser extension: the same rules and event as `POST /v1/api/bookmarks`",
  ...Payload.strict
})
export type AppSavePayload = typeof AppSavePayload.Type

/** A save from the app or the extension: the same path and the same event as an API save. */
export const saveFromApp = Effect.fn("SaveFromApp")(function*(accountId: string, payload: AppSavePayload) {
  const { account } = yield* getAccount(accountId)
  const { source, ...rest } = payload
  return yield* saveBookmark(account.id, rest, source)
})

/** Re-activates a webhook; its failure run starts afresh. */
export const enableWebhook = Effect.fn("EnableWebhook")(function*(id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "webhook", id })
  const webhooks = yield* Webhooks
  const updated = yield* webhooks.setActive(WebhookId.make(id), true)
  if (Option.isNone(updated)) return yield* new NotFound({ resource: "webhook", id })
  return Webhook.present(updated.value)
})
