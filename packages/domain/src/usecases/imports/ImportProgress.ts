/** Use case: the progress of an import. */
import { Effect, Option } from "effect"
import * as Actor from "../../Actor.js"
import { NotFound } from "../../Errors.js"
import { ImportId, isWellFormed } from "../../Ids.js"
import * as Import from "../../Import.js"
import { Imports } from "../../ports/Imports.js"

/**
 * The progress of an import: the operator's of any, an account's of its own. Another account's import is answered
 * like one that does not exist.
 */
export const importProgress = Effect.fn("ImportProgress")(function*(actor: Actor.Actor, id: string) {
  // An id of an impossible shape (NUL, a surrogate, 10 KB) names no import: 404 without asking storage.
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "import", id })
  const found = yield* (yield* Imports).get(ImportId.make(id))
  if (Option.isNone(found) || !Actor.actsFor(actor, found.value.accountId)) {
    return yield* new NotFound({ resource: "import", id })
  }
  return Import.present(found.value)
})
