/**
 * Use case: what a feed token opens: the title and the newest bookmarks of its list or tag. An unknown, malformed or
 * revoked token, or a list deleted since, is NotFound (the same answer for each, so a token cannot be probed).
 */
import { Effect, Option } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import { NotFound } from "../../Errors.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import { Lists } from "../../ports/Lists.js"
import { SecretLinks } from "../../ports/SecretLinks.js"
import * as SecretLink from "../../SecretLink.js"
import { constantTimeEqual } from "../../Sha256.js"

export interface Feed {
  /** The link's id: a stable name for the feed that is not its token. */
  readonly id: string
  readonly title: string
  readonly updatedAt: number
  readonly items: ReadonlyArray<Bookmark.Record>
}

/** The live link of `purpose` whose token this is; anything else is the one NotFound. */
export const openLink = Effect.fnUntraced(function*(purpose: SecretLink.Purpose, token: string) {
  const missing = new NotFound({ resource: purpose === "feed" ? "feed" : "shared page", id: "…" })
  if (!SecretLink.isWellFormed(purpose, token)) return yield* missing
  const links = yield* SecretLinks
  const hash = SecretLink.hash(token)
  const found = yield* links.findByHash(hash)
  // The lookup is by the hash; the comparison again in constant time keeps the rule in one visible place.
  if (
    Option.isNone(found) || !constantTimeEqual(found.value.tokenHash, hash) || found.value.revokedAt !== null ||
    found.value.purpose !== purpose
  ) {
    return yield* missing
  }
  return found.value
})

export const readFeed = Effect.fn("ReadFeed")(function*(token: string) {
  const missing = new NotFound({ resource: "feed", id: "…" })
  const link = yield* openLink("feed", token)
  const target = link.target
  if (target._tag === "List") {
    const lists = yield* Lists
    const list = yield* lists.get(target.listId)
    if (Option.isNone(list) || list.value.accountId !== link.accountId) return yield* missing
    const items = yield* lists.page(target.listId, { before: Option.none(), limit: SecretLink.feedItems })
    const feed: Feed = { id: link.id, title: list.value.name, updatedAt: newest(items, link.createdAt), items }
    return feed
  }
  const bookmarks = yield* Bookmarks
  const items = yield* bookmarks.list(link.accountId, {
    limit: SecretLink.feedItems,
    before: Option.none(),
    tag: Option.some(target.tag),
    type: Option.none(),
    q: Option.none()
  })
  const feed: Feed = { id: link.id, title: `#${target.tag}`, updatedAt: newest(items, link.createdAt), items }
  return feed
})

const newest = (items: ReadonlyArray<Bookmark.Record>, otherwise: number) => items[0]?.createdAt ?? otherwise
