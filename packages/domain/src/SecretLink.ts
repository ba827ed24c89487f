/**
 * Secret links: a feed of a list or of a tag, or a list's read-only public page, opened by whoever holds its token
 * (docs/lists.md, "Feeds", "Shared pages"). Only the token's SHA-256 is stored; a revoked link answers nothing.
 */
import { Schema } from "effect"
import { type AccountId, type ListId, SecretLinkId } from "./Ids.js"
import { sha256, toHex } from "./Sha256.js"
import { IsoTimestamp, toIso } from "./Timestamp.js"

/** What a link opens: a feed (RSS and Atom) or a public page. */
export type Purpose = "feed" | "page"

export const tokenPrefixes: { readonly [P in Purpose]: string } = { feed: "fd_", page: "sh_" }
export const tokenBodyLength = 40
/** Feeds per account (every list and a good many tags). */
export const maxPerAccount = 500
/** Items a feed shows: the newest bookmarks of its list or tag. */
export const feedItems = 50

const tokenFormat: { readonly [P in Purpose]: RegExp } = { feed: /^fd_[0-9A-Za-z]{40}$/, page: /^sh_[0-9A-Za-z]{40}$/ }

/** What the link opens: the bookmarks of a list, or those carrying a tag. */
export type Target =
  | { readonly _tag: "List"; readonly listId: ListId }
  | { readonly _tag: "Tag"; readonly tag: string }

export interface Record {
  readonly id: SecretLinkId
  readonly accountId: AccountId
  readonly target: Target
  readonly purpose: Purpose
  readonly tokenHash: string
  readonly createdAt: number
  readonly revokedAt: number | null
}

export const isWellFormed = (purpose: Purpose, token: string): boolean => tokenFormat[purpose].test(token)
export const hash = (token: string): string => toHex(sha256(token))

/** A feed as the owner sees it (never the token, which is shown once). */
export const View = Schema.Struct({
  id: SecretLinkId,
  kind: Schema.Literals(["list", "tag"]),
  purpose: Schema.Literals(["feed", "page"]),
  target: Schema.String.annotate({ description: "The list's id, or the tag" }),
  createdAt: IsoTimestamp,
  revoked: Schema.Boolean
})
export type View = typeof View.Type

export const present = (record: Record): View => ({
  id: record.id,
  kind: record.target._tag === "List" ? "list" : "tag",
  purpose: record.purpose,
  target: record.target._tag === "List" ? record.target.listId : record.target.tag,
  createdAt: toIso(record.createdAt),
  revoked: record.revokedAt !== null
})
