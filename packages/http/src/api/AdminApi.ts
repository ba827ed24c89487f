/**
 * Contract of the operator's API (docs/api.md, "Admin API"): accounts, plans, keys, app edits and saves, webhook
 * re-activation, storage recounts.
 */
import {
  AccountId,
  ApiKeyId,
  Bookmark,
  Bulk,
  DeliveryLogPage,
  EditPayload,
  Payload,
  Plan,
  SaveForAccountPayload,
  Scope,
  Text,
  Timestamp,
  User,
  Webhook
} from "@bookmark-library/domain"
import { Schema } from "effect"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { AdminAuthentication } from "./AdminAuthentication.js"
import { JsonBody } from "./JsonBody.js"
import { adminBase, DeliveryPath, IdPath } from "./Paths.js"

export const PlanPayload = Schema.Struct({
  plan: Plan.Plan.annotate({ description: "The plan: free, plus or ultra" })
}).annotate({ identifier: "PlanPayload", description: "A plan", ...Payload.strict })

const scopes = Schema.Array(Scope.Scope).check(Schema.isMinLength(1)).annotate({
  description: "What the key may do: bookmarks:read, bookmarks:write, webhooks, usage (docs/oauth.md, \"Scopes\")"
})

export const CreateKeyPayload = Schema.Struct({
  label: Schema.optionalKey(Text.field({ description: "A label for the operator; default empty", maxLength: 200 })),
  scopes: Schema.optionalKey(scopes.annotate({ description: "The key's scopes; default all four" }))
}).annotate({ identifier: "CreateKeyPayload", description: "A new key's label and scopes", ...Payload.strict })

const accountId = AccountId.annotate({ description: "The account's id" })
const plan = Plan.Plan.annotate({ description: "The account's plan" })

export const AccountCreated = Schema.Struct({ id: accountId, plan })
  .annotate({ identifier: "AccountCreated", description: "A new account" })

export const AccountInfo = Schema.Struct({
  id: accountId,
  plan,
  createdAt: Timestamp.IsoTimestamp.annotate({ description: "When the account was created" }),
  planChangedAt: Timestamp.IsoTimestamp.annotate({
    description: "When the plan last changed; the monthly allowance period starts here or on the 1st"
  })
}).annotate({ identifier: "AccountInfo", description: "An account and its plan" })
export type AccountInfo = typeof AccountInfo.Type

/** A key as the operator sees it: masked, never the key or its hash. */
const keyId = ApiKeyId.annotate({ description: "The key's id (not the key)" })
const masked = Schema.String.annotate({
  description: "The key as usage reports show it: `bk_…` and its last 4 characters"
})

export const KeyInfo = Schema.Struct({
  id: keyId,
  label: Schema.String.annotate({ description: "The operator's label" }),
  masked,
  scopes,
  createdAt: Timestamp.IsoTimestamp.annotate({ description: "When the key was created" }),
  revokedAt: Schema.NullOr(Timestamp.IsoTimestamp).annotate({ description: "When it was revoked; null while it works" })
}).annotate({ identifier: "ApiKeyInfo", description: "An API key as the operator sees it" })
export type KeyInfo = typeof KeyInfo.Type

const keys = Schema.Array(KeyInfo).annotate({ description: "The account's keys, oldest first, revoked ones too" })

export const AccountDetails = Schema.Struct({ ...AccountInfo.fields, keys })
  .annotate({ identifier: "AccountDetails", description: "An account, its plan and its keys (masked)" })

export const KeyList = Schema.Struct({ keys }).annotate({ identifier: "ApiKeyList", description: "An account's keys" })

/** One page of accounts, oldest first; `next` is the `after` of the following page (null on the last page). */
export const AccountPage = Schema.Struct({
  accounts: Schema.Array(AccountInfo).annotate({ description: "Accounts of this page, oldest first" }),
  next: Schema.NullOr(AccountId).annotate({ description: "The `after` of the next page; null on the last page" })
}).annotate({ identifier: "AccountPage", description: "A page of accounts" })

export const AccountListParams = Schema.Struct({
  limit: Schema.optional(Schema.String).annotate({ description: "Accounts per page, 1 to 100 (default 50)" }),
  after: Schema.optional(Schema.String).annotate({ description: "The `next` of the previous page" })
}).annotate({ identifier: "AccountListParams" })

const byteCount = (description: string) => Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).annotate({ description })

export const StorageRecounted = Schema.Struct({
  id: accountId,
  before: byteCount("The account's storage count before the recount, in bytes"),
  bytes: byteCount("The count after it: the bytes of the account's assets in the store"),
  assets: Schema.Int.annotate({ description: "Assets found in the store: held by the bookmarks or counted before" }),
  missing: Schema.Int.annotate({ description: "Assets counted before that are no longer in the store; taken off" })
}).annotate({ identifier: "StorageRecounted", description: "An account's storage, recounted from the store" })
export type StorageRecounted = typeof StorageRecounted.Type

/** The only time the key itself is shown. */
export const KeyCreated = Schema.Struct({
  id: keyId,
  key: Schema.String.annotate({ description: "The API key itself (`bk_…`); shown this once, only its hash is kept" }),
  masked
}).annotate({ identifier: "ApiKeyCreated", description: "A new API key" })

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.post("createAccount", "/accounts", {
      payload: PlanPayload,
      success: AccountCreated.pipe(HttpApiSchema.status(201))
    }).annotateMerge(OpenApi.annotations({ summary: "Create an account on a plan" })),
    HttpApiEndpoint.get("listAccounts", "/accounts", {
      query: AccountListParams,
      success: AccountPage,
      error: ErrorResponses.InvalidInput
    }).annotateMerge(OpenApi.annotations({
      summary: "List accounts, oldest first",
      description: "Page with `after` = the previous answer's `next`; `limit` defaults to 50, values above 100 " +
        "are clamped to 100."
    })),
    HttpApiEndpoint.get("getAccount", "/accounts/:id", {
      params: IdPath,
      success: AccountDetails,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "An account and its keys (masked)" })),
    HttpApiEndpoint.put("setPlan", "/accounts/:id/plan", {
      params: IdPath,
      payload: PlanPayload,
      success: AccountInfo,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "Change the plan; opens a fresh monthly allowance" })),
    HttpApiEndpoint.post("recountStorage", "/accounts/:id/storage/recount", {
      params: IdPath,
      success: StorageRecounted,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({
      summary: "Recount the storage an account uses from the assets in the store",
      description: "Sizes every asset the account's bookmarks hold and every asset counted for it, and sets the " +
        "count to their sum (docs/preservation.md, \"Recount\"). Safe while saves run; running it again changes " +
        "nothing."
    })),
    HttpApiEndpoint.post("createKey", "/accounts/:id/keys", {
      params: IdPath,
      payload: CreateKeyPayload,
      success: KeyCreated.pipe(HttpApiSchema.status(201)),
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "Create an API key; the answer is the only time it is shown" })),
    HttpApiEndpoint.get("listKeys", "/accounts/:id/keys", {
      params: IdPath,
      success: KeyList,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "The account's keys (masked)" })),
    HttpApiEndpoint.post("createUser", "/accounts/:id/users", {
      params: IdPath,
      payload: User.CreatePayload,
      success: User.Created.pipe(HttpApiSchema.status(201)),
      error: [ErrorResponses.InvalidInput, ErrorResponses.NotFound]
    }).annotateMerge(
      OpenApi.annotations({ summary: "Add a person who signs in to the account's web app (email + password)" })
    ),
    HttpApiEndpoint.delete("revokeKey", "/keys/:id", {
      params: IdPath,
      success: KeyInfo,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "Revoke a key; its very next request is refused" })),
    HttpApiEndpoint.patch("editBookmark", "/bookmarks/:id", {
      params: IdPath,
      payload: EditPayload,
      success: Bookmark.Bookmark,
      error: [ErrorResponses.InvalidInput, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({ summary: "An app edit: the values win over derived ones from now on" })),
    HttpApiEndpoint.post("saveBookmark", "/accounts/:id/bookmarks", {
      params: IdPath,
      payload: SaveForAccountPayload,
      success: Bookmark.Ack.pipe(HttpApiSchema.status(201)),
      error: [ErrorResponses.InvalidInput, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({ summary: "A save from the app or the browser extension" })),
    HttpApiEndpoint.post("bookmarksBatch", "/accounts/:id/bookmarks/batch", {
      params: IdPath,
      payload: Bulk.BatchPayload,
      success: Bulk.Progress,
      error: [ErrorResponses.InvalidInput, ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "One action on many of an account's bookmarks, tag edits included",
      description: "As `POST /v1/api/bookmarks/batch` for the account, with every action: `addTags` and " +
        "`removeTags` (with `tags`) too, since app edits are the operator's as well (docs/lists.md, \"Bulk actions\")."
    })),
    HttpApiEndpoint.get("bookmarksBatchProgress", "/bookmarks/batch/:id", {
      params: IdPath,
      success: Bulk.Progress,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "The progress of any account's bulk action" })),
    HttpApiEndpoint.post("enableWebhook", "/webhooks/:id/enable", {
      params: IdPath,
      success: Webhook.Webhook,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({ summary: "Re-activate a webhook; its failure run starts afresh" })),
    HttpApiEndpoint.get("webhookDeliveries", "/webhooks/:id/deliveries", {
      params: IdPath,
      query: DeliveryLogPage.ListParams,
      success: DeliveryLogPage.Page,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({
      summary: "Any webhook's delivery log, newest first",
      description: "As `GET /v1/api/webhooks/:id/deliveries`, for any account's webhook."
    })),
    HttpApiEndpoint.post("redeliver", "/webhooks/:id/deliveries/:deliveryId/redeliver", {
      params: DeliveryPath,
      success: DeliveryLogPage.Redelivered,
      error: ErrorResponses.NotFound
    }).annotateMerge(OpenApi.annotations({
      summary: "Send a delivery of any webhook again now",
      description: "As `POST /v1/api/webhooks/:id/deliveries/:deliveryId/redeliver`, for any account's webhook."
    }))
  )
  .middleware(JsonBody)
  .middleware(AdminAuthentication)
  .prefix(adminBase)
  .annotateMerge(OpenApi.annotations({ title: "Admin", description: "The operator's API; not rate limited." }))
{}
