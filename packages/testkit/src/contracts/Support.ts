/** Helpers shared by the port contract suites. */
import {
  type Account,
  AccountId,
  Accounts,
  Bookmark,
  BookmarkId,
  Bookmarks,
  type NewBookmark
} from "@bookmark-library/domain"
import { Effect } from "effect"

let counter = 0
/** A unique id for contract tests (storage may be shared between tests of one suite). */
export const uid = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}${Math.random().toString(36).slice(2, 8)}`

export const newAccount = Effect.fn("Contract.newAccount")(function*(plan: Account.Account["plan"] = "free", at = 0) {
  const accounts = yield* Accounts
  const account: Account.Account = { id: AccountId.make(uid("acc_")), plan, createdAt: at, planChangedAt: at }
  yield* accounts.create(account)
  return account
})

export const newBookmark = (accountId: AccountId, now: number, overrides: Partial<NewBookmark> = {}): NewBookmark => ({
  id: BookmarkId.make(uid("bmk_")),
  accountId,
  url: "https://example.com/page",
  source: "api",
  now,
  status: "processing",
  processingError: "",
  callerTags: [],
  note: "",
  derived: Bookmark.emptyDerived,
  overrides: {},
  pageText: "",
  ...overrides
})

export const insertBookmark = Effect.fn("Contract.insertBookmark")(function*(
  accountId: AccountId,
  now: number,
  overrides: Partial<NewBookmark> = {}
) {
  const bookmarks = yield* Bookmarks
  return yield* bookmarks.insert(newBookmark(accountId, now, overrides))
})
