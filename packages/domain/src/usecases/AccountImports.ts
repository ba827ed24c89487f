/**
 * Use cases of the web app on the signed-in account's imports: start one from an uploaded file, list them, follow
 * one, and export the library. Another account's import is answered like one that does not exist.
 */
import { Effect, Option } from "effect"
import { NotFound } from "../Errors.js"
import * as Import from "../Import.js"
import type { AccountId } from "../Ids.js"
import { ImportId, isWellFormed } from "../Ids.js"
import { Imports } from "../ports/Imports.js"

/** How many imports the Import page lists. */
export const listedImports = 20

/** The account's latest imports, newest first. */
export const accountImports = Effect.fn("AccountImports")(function*(accountId: AccountId) {
  const records = yield* (yield* Imports).list(accountId, listedImports)
  return records.map(Import.present)
})

/** One of the account's imports; NotFound for an id of another account, one that names nothing, or a malformed one. */
export const accountImport = Effect.fn("AccountImport")(function*(accountId: AccountId, id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "import", id })
  const found = yield* (yield* Imports).get(ImportId.make(id))
  if (Option.isNone(found) || found.value.accountId !== accountId) return yield* new NotFound({ resource: "import", id })
  return Import.present(found.value)
})
