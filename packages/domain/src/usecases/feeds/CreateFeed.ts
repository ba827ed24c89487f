/** Use case: a secret feed link for a list or a tag of the account; the token is answered once, stored hashed. */
import { Clock, Effect } from "effect"
import * as Base62 from "../../Base62.js"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { SecretLinks } from "../../ports/SecretLinks.js"
import * as SecretLink from "../../SecretLink.js"
import * as Tags from "../../Tags.js"
import { ownedList } from "../lists/OwnedList.js"

export interface FeedTarget {
  readonly list?: string | undefined
  readonly tag?: string | undefined
}

/** A feed of a list or a tag (`purpose` "feed"), or a list's public page ("page"; a list only). */
export const createFeed = Effect.fn("CreateFeed")(function*(
  accountId: AccountId,
  target: FeedTarget,
  purpose: SecretLink.Purpose = "feed"
) {
  if (purpose === "page" && (target.list === undefined || target.list === "")) {
    return yield* new InvalidInput({ field: "list", reason: "a shared page shows a list: name one" })
  }
  const chosen: SecretLink.Target = target.list !== undefined && target.list !== ""
    ? { _tag: "List", listId: (yield* ownedList(accountId, target.list)).id }
    : yield* Effect.gen(function*() {
      const [tag] = yield* Effect.fromResult(Tags.parse(target.tag ?? ""))
      if (tag === undefined) return yield* new InvalidInput({ field: "tag", reason: "name a list or a tag" })
      return { _tag: "Tag" as const, tag }
    })
  const ids = yield* IdGenerator
  let body = ""
  while (body.length < SecretLink.tokenBodyLength) {
    body += Base62.fromBytes(yield* ids.bytes(64), SecretLink.tokenBodyLength - body.length)
  }
  const token = SecretLink.tokenPrefixes[purpose] + body
  const record: SecretLink.Record = {
    id: yield* ids.make("secretLink"),
    accountId,
    target: chosen,
    purpose,
    tokenHash: SecretLink.hash(token),
    createdAt: yield* Clock.currentTimeMillis,
    revokedAt: null
  }
  const links = yield* SecretLinks
  if (!(yield* links.insert(record, SecretLink.maxPerAccount))) {
    return yield* new InvalidInput({
      field: "feeds",
      reason: `an account may have at most ${SecretLink.maxPerAccount} feeds and shared pages; revoke one first`
    })
  }
  return { feed: SecretLink.present(record), token }
})
