/** Use case of the operator: the accounts, a page at a time. */
import { Effect, Option } from "effect"
import { AccountId } from "../../Ids.js"
import * as Pagination from "../../Pagination.js"
import { Accounts } from "../../ports/Accounts.js"
import * as Text from "../../Text.js"

/** One page of accounts, oldest first; `next` is the `after` of the following page, null on the last. */
export const listAccounts = Effect.fn("ListAccounts")(
  function*(params: { readonly after?: string | undefined; readonly limit?: string | undefined }) {
    const limit = yield* Effect.fromResult(Pagination.parseLimit(params.limit))
    const after = params.after === undefined
      ? Option.none()
      : Option.some(AccountId.make(yield* Effect.fromResult(Text.check("after", params.after))))
    const accounts = yield* Accounts
    const rows = yield* accounts.list({ after, limit: limit + 1 })
    const page = rows.slice(0, limit)
    const last = page[page.length - 1]
    return { accounts: page, next: rows.length > limit && last !== undefined ? last.id : null }
  }
)
