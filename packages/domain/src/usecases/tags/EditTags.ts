/**
 * Use cases: rename, merge (also every variant of a word) and delete a tag across the library, each one transaction.
 */
import { Effect, Result } from "effect"
import { InvalidInput } from "../../Errors.js"
import type { AccountId } from "../../Ids.js"
import { Bookmarks } from "../../ports/Bookmarks.js"
import * as TagEdits from "../../TagEdits.js"
import * as Tags from "../../Tags.js"

export interface TagsChanged {
  /** Bookmarks whose tags changed. */
  readonly changed: number
}

/** One tag as a person typed it: trimmed, a single tag (no comma), within the length limit. */
const oneTag = (field: string, input: string) =>
  Effect.fromResult(Result.flatMap(Tags.parse(input), (tags): Result.Result<string, InvalidInput> => {
    const [tag] = tags
    if (tag === undefined) return Result.fail(new InvalidInput({ field, reason: "must not be empty" }))
    if (tags.length > 1) return Result.fail(new InvalidInput({ field, reason: "must be one tag (no commas)" }))
    return Result.succeed(tag)
  })).pipe(Effect.mapError((e) => new InvalidInput({ field, reason: e.reason, ...(e.code ? { code: e.code } : {}) })))

const retag = Effect.fnUntraced(function*(accountId: AccountId, edit: TagEdits.Retag) {
  const bookmarks = yield* Bookmarks
  const changed: TagsChanged = { changed: yield* bookmarks.retag(accountId, edit) }
  return changed
})

/** `from` becomes `to` on every bookmark; `to` may be another spelling of the same tag or a tag already in use. */
export const renameTag = Effect.fn("RenameTag")(function*(accountId: AccountId, from: string, to: string) {
  const old = yield* oneTag("from", from)
  const into = yield* oneTag("to", to)
  return yield* retag(accountId, { from: [old], into })
})

/** Every tag of `tags` becomes `into` (a bookmark carrying several keeps one). */
export const mergeTags = Effect.fn("MergeTags")(
  function*(accountId: AccountId, tags: ReadonlyArray<string>, into: string) {
    const target = yield* oneTag("into", into)
    const from = yield* Effect.forEach(tags, (tag) => oneTag("tags", tag))
    if (from.length === 0) return yield* new InvalidInput({ field: "tags", reason: "choose at least one tag" })
    return yield* retag(accountId, { from: [...from, target], into: target })
  }
)

/** Every tag sharing `tag`'s variant key (`TagEdits.variantKey`) becomes `tag`. */
export const mergeVariants = Effect.fn("MergeVariants")(function*(accountId: AccountId, tag: string) {
  const target = yield* oneTag("tag", tag)
  const bookmarks = yield* Bookmarks
  const key = TagEdits.variantKey(target)
  const variants = (yield* bookmarks.tags(accountId)).map((t) => t.tag).filter((t) => TagEdits.variantKey(t) === key)
  return yield* retag(accountId, { from: [...variants, target], into: target })
})

/** The tag leaves every bookmark; the bookmarks stay. */
export const deleteTag = Effect.fn("DeleteTag")(function*(accountId: AccountId, tag: string) {
  const gone = yield* oneTag("tag", tag)
  return yield* retag(accountId, { from: [gone], into: null })
})
