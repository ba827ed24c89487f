/** Use cases: the account's feeds, and revoking one (its token opens nothing from then on). */
import { Clock, Effect, Option } from "effect"
import { Forbidden, NotFound } from "../../Errors.js"
import { type AccountId, isWellFormed, SecretLinkId } from "../../Ids.js"
import { SecretLinks } from "../../ports/SecretLinks.js"
import * as SecretLink from "../../SecretLink.js"

export const listFeeds = Effect.fn("ListFeeds")(function*(accountId: AccountId) {
  const links = yield* SecretLinks
  return (yield* links.list(accountId)).map(SecretLink.present)
})

export const revokeFeed = Effect.fn("RevokeFeed")(function*(accountId: AccountId, id: string) {
  if (!isWellFormed(id)) return yield* new NotFound({ resource: "feed", id })
  const links = yield* SecretLinks
  const found = yield* links.get(SecretLinkId.make(id))
  if (Option.isNone(found)) return yield* new NotFound({ resource: "feed", id })
  if (found.value.accountId !== accountId) return yield* new Forbidden({ resource: "feed", id })
  yield* links.revoke(found.value.id, yield* Clock.currentTimeMillis)
  return { ok: true as const }
})
