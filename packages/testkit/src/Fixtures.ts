/** Ready-made accounts, keys and bookmarks for tests. */
import {
  type Bookmark,
  createAccount,
  createKey,
  type Plan,
  type Principal,
  saveBookmark
} from "@bookmark-library/domain"
import { Effect } from "effect"

/** An account on `plan` with one key; `principal` is what authentication would yield. */
export const accountWithKey = Effect.fn("Fixtures.accountWithKey")(function*(plan: Plan.Plan = "free", label = "test") {
  const account = yield* createAccount(plan)
  const { info, key } = yield* createKey(account.id, label)
  const principal: Principal = { account, key: info }
  return { account, key, keyInfo: info, principal }
})

export const save = (principal: Principal, payload: Bookmark.CreatePayload) =>
  saveBookmark(principal.account.id, payload, "api")
