/** Use cases of the app and extension (through the admin API): edits that override derived values, and saves. */
import { Effect, Either, Option, Schema } from "effect"
import * as Bookmark from "../Bookmark.js"
import { BookmarkType } from "../BookmarkType.js"
import { InvalidInput, NotFound } from "../Errors.js"
import { BookmarkId, WebhookId } from "../Ids.js"
import { Bookmarks } from "../ports/Bookmarks.js"
import { Webhooks } from "../ports/Webhooks.js"
import * as Tags from "../Tags.js"
import * as Text from "../Text.js"
import * as Webhook from "../Webhook.js"
import { getAccount } from "./ManageAccounts.js"
import { saveBookmark } from "./SaveBookmark.js"

export const EditPayload = Schema.Struct({
  title: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  tags: Schema.optional(Schema.Union(Schema.Array(Schema.String), Schema.String)),
  note: Schema.optional(Schema.String),
  type: Schema.optional(BookmarkType)
}).annotations({ identifier: "EditBookmark" })
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
  const bookmarks = yield* Bookmarks
  const edited = yield* bookmarks.edit(BookmarkId.make(id), overrides)
  if (Option.isNone(edited)) return yield* new NotFound({ resource: "bookmark", id })
  return Bookmark.present(edited.value)
})

export const AppSavePayload = Schema.Struct({
  ...Bookmark.CreatePayload.fields,
  source: Schema.Literal("app", "extension")
}).annotations({ identifier: "AppSaveBookmark" })
export type AppSavePayload = typeof AppSavePayload.Type

/** A save from the app or the extension: the same path and the same event as an API save. */
export const saveFromApp = Effect.fn("SaveFromApp")(function*(accountId: string, payload: AppSavePayload) {
  const { account } = yield* getAccount(accountId)
  const { source, ...rest } = payload
  return yield* saveBookmark(account.id, rest, source)
})

/** Re-activates a webhook; its failure run starts afresh. */
export const enableWebhook = Effect.fn("EnableWebhook")(function*(id: string) {
  const webhooks = yield* Webhooks
  const updated = yield* webhooks.setActive(WebhookId.make(id), true)
  if (Option.isNone(updated)) return yield* new NotFound({ resource: "webhook", id })
  return Webhook.present(updated.value)
})
