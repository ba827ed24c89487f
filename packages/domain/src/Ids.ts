/** Branded identifiers of the domain's resources. */
import { Schema } from "effect"

export const AccountId = Schema.String.pipe(Schema.brand("AccountId"))
export type AccountId = typeof AccountId.Type

export const ApiKeyId = Schema.String.pipe(Schema.brand("ApiKeyId"))
export type ApiKeyId = typeof ApiKeyId.Type

export const BookmarkId = Schema.String.pipe(Schema.brand("BookmarkId"))
export type BookmarkId = typeof BookmarkId.Type

export const WebhookId = Schema.String.pipe(Schema.brand("WebhookId"))
export type WebhookId = typeof WebhookId.Type

export const DeliveryId = Schema.String.pipe(Schema.brand("DeliveryId"))
export type DeliveryId = typeof DeliveryId.Type

export const JobId = Schema.String.pipe(Schema.brand("JobId"))
export type JobId = typeof JobId.Type

export const UserId = Schema.String.pipe(Schema.brand("UserId"))
export type UserId = typeof UserId.Type

/** One recorded attempt of a webhook delivery (the delivery log). */
export const AttemptId = Schema.String.pipe(Schema.brand("AttemptId"))
export type AttemptId = typeof AttemptId.Type

export const ImportId = Schema.String.pipe(Schema.brand("ImportId"))
export type ImportId = typeof ImportId.Type

/** A named list of bookmarks (docs/lists.md). */
export const ListId = Schema.String.pipe(Schema.brand("ListId"))
export type ListId = typeof ListId.Type

/** A secret link: a feed of a list or a tag (docs/lists.md, "Feeds"). */
export const SecretLinkId = Schema.String.pipe(Schema.brand("SecretLinkId"))
export type SecretLinkId = typeof SecretLinkId.Type

/** A bulk action's run (docs/lists.md, "Bulk actions"). */
export const BulkId = Schema.String.pipe(Schema.brand("BulkId"))
export type BulkId = typeof BulkId.Type
/** A highlight: a marked passage of a bookmark's readable text (docs/reading.md, "Highlights"). */
export const HighlightId = Schema.String.pipe(Schema.brand("HighlightId"))
export type HighlightId = typeof HighlightId.Type

/** Asset ids are capability URLs: 128 random bits as 32 hex characters. */
export const AssetId = Schema.String.check(Schema.isPattern(/^[0-9a-f]{32}$/u)).pipe(Schema.brand("AssetId"))
export type AssetId = typeof AssetId.Type

/** The kinds of id the IdGenerator hands out, with their prefixes. */
export const idPrefixes = {
  account: "acc_",
  apiKey: "key_",
  bookmark: "bmk_",
  webhook: "whk_",
  delivery: "dlv_",
  job: "job_",
  user: "usr_",
  attempt: "att_",
  import: "imp_",
  list: "lst_",
  secretLink: "sln_",
  bulk: "blk_",
  highlight: "hlt_"
} as const
export type IdKind = keyof typeof idPrefixes

/** The branded type of each kind of id. */
export interface IdOf {
  readonly account: AccountId
  readonly apiKey: ApiKeyId
  readonly bookmark: BookmarkId
  readonly webhook: WebhookId
  readonly delivery: DeliveryId
  readonly job: JobId
  readonly user: UserId
  readonly attempt: AttemptId
  readonly import: ImportId
  readonly list: ListId
  readonly secretLink: SecretLinkId
  readonly bulk: BulkId
  readonly highlight: HighlightId
}

const base62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

/** An id of `kind`: its prefix and 22 base62 characters (~131 bits) drawn from `random` bytes (≥ 22). */
export const fromRandom = <K extends IdKind>(kind: K, random: Uint8Array): IdOf[K] => {
  let body = ""
  for (let i = 0; i < 22; i++) body += base62[(random[i] ?? 0) % 62]
  return (idPrefixes[kind] + body) as IdOf[K]
}

/** The longest id any kind may have; every id handed out is a prefix and 22 base62 characters. */
export const maxIdLength = 64

const wellFormed = /^[A-Za-z0-9_-]{1,64}$/

/**
 * Whether `text` could name a resource: ASCII letters, digits, `_` and `-`, at most 64 characters. Any other
 * text (NUL, other Unicode, a long string) names nothing, so a lookup answers "not found" without asking storage.
 */
export const isWellFormed = (text: string): boolean => wellFormed.test(text)
