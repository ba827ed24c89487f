/** The bookmark library's pure core: schemas, rules, errors, ports and use cases. Depends on `effect` only. */
export * as Account from "./Account.js"
export * as Actor from "./Actor.js"
export * as Allowance from "./Allowance.js"
export * as ApiKey from "./ApiKey.js"
export * as Archive from "./Archive.js"
export * as AssetStreams from "./AssetStreams.js"
export * as Base62 from "./Base62.js"
export * as Bookmark from "./Bookmark.js"
export * as BookmarkCard from "./BookmarkCard.js"
export * as BookmarkType from "./BookmarkType.js"
export * as Bulk from "./Bulk.js"
export * as CanonicalUrl from "./CanonicalUrl.js"
export * as ContentHash from "./ContentHash.js"
export * as CreatedAt from "./CreatedAt.js"
export * as Delivery from "./Delivery.js"
export * as DeliveryAttempt from "./DeliveryAttempt.js"
export * as DeliveryLogPage from "./DeliveryLogPage.js"
export * as Duplicates from "./Duplicates.js"
export * as Errors from "./Errors.js"
export * as Highlight from "./Highlight.js"
export * as Ids from "./Ids.js"
export * as Import from "./Import.js"
export * as ImportFormat from "./ImportFormat.js"
export * as ImportItem from "./ImportItem.js"
export * as Job from "./Job.js"
export * as LibraryExport from "./LibraryExport.js"
export * as LinkHealth from "./LinkHealth.js"
export * as List from "./List.js"
export * as Metrics from "./Metrics.js"
export * as OAuth from "./OAuth.js"
export * as PageCopy from "./PageCopy.js"
export * as Pagination from "./Pagination.js"
export * as Password from "./Password.js"
export * as Payload from "./Payload.js"
export * as Plan from "./Plan.js"
export * as Scope from "./Scope.js"
export * as SearchParser from "./SearchParser.js"
export * as SearchQuery from "./SearchQuery.js"
export * as SecretLink from "./SecretLink.js"
export * as Session from "./Session.js"
export * as Sha256 from "./Sha256.js"
export * as Signature from "./Signature.js"
export * as TagEdits from "./TagEdits.js"
export * as Tags from "./Tags.js"
export * as Text from "./Text.js"
export * as TextAnchor from "./TextAnchor.js"
export * as Throttle from "./Throttle.js"
export * as Timestamp from "./Timestamp.js"
export * as Url from "./Url.js"
export * as Usage from "./Usage.js"
export * as User from "./User.js"
export * as Webhook from "./Webhook.js"

export * from "./ports/index.js"
export * from "./usecases/index.js"

/** For receivers of deliveries: see docs/webhooks.md. */
export {
  AccountId,
  ApiKeyId,
  AssetId,
  AttemptId,
  BookmarkId,
  BulkId,
  DeliveryId,
  HighlightId,
  ImportId,
  JobId,
  ListId,
  SecretLinkId,
  UserId,
  WebhookId
} from "./Ids.js"
export { verifyDelivery, verifyStandard } from "./Signature.js"
