/** Use case of the web app: the signed-in account's latest imports. */
import { Effect } from "effect"
import type { AccountId } from "../../Ids.js"
import * as Import from "../../Import.js"
import { Imports } from "../../ports/Imports.js"

/** How many imports the Import page lists. */
export const listedImports = 20

/** The account's latest imports, newest first. */
export const listImports = Effect.fn("ListImports")(function*(accountId: AccountId) {
  const records = yield* (yield* Imports).list(accountId, listedImports)
  return records.map(Import.present)
})
