/** Use case: a save into an account made in the app or the extension, sent through the admin API. */
import { Effect, Schema } from "effect"
import * as Bookmark from "../../Bookmark.js"
import * as Payload from "../../Payload.js"
import { getAccount } from "../accounts/GetAccount.js"
import { saveBookmark } from "./SaveBookmark.js"

export const SaveForAccountPayload = Schema.Struct({
  ...Bookmark.CreatePayload.fields,
  source: Schema.Literals(["app", "extension"]).annotate({ description: "Where the save was made" })
}).annotate({
  identifier: "AppSaveBookmark",
  description: "A save made in the app or the browser extension: the same rules and event as `POST /v1/api/bookmarks`",
  ...Payload.strict
})
export type SaveForAccountPayload = typeof SaveForAccountPayload.Type

/**
 * A save into an account, made in the app or the extension and sent through the admin API: the same path and the
 * same event as an API save, `source` saying where it was made.
 */
export const saveForAccount = Effect.fn("SaveForAccount")(function*(accountId: string, payload: SaveForAccountPayload) {
  const { account } = yield* getAccount(accountId)
  const { source, ...rest } = payload
  return yield* saveBookmark(account.id, rest, source)
})
