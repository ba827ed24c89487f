/** Contract of the operator's API (docs/api.md, "Admin API"): accounts, plans, keys, app edits and saves, webhook re-activation. */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { AccountId, ApiKeyId, AppSavePayload, Bookmark, DeliveryLogPage, EditPayload, Payload, Plan, Text, Timestamp, User, Webhook } from "@bookmark-library/domain"
import { Schema } from "effect"
import { AdminAuthentication } from "./AdminAuthentication.js"
import { JsonBody } from "./JsonBody.js"
import { adminBase, DeliveryPath, IdPath } from "./Paths.js"
import * as Problems from "./Problems.js"

export const PlanPayload = Schema.Struct({
  plan: Plan.Plan.annotations({ description: "The plan: free, plus or ultra" })
}).annotations({ identifier: "PlanPayload", description: "A plan", ...Payload.strict })

export const CreateKeyPayload = Schema.Struct({
  label: Schema.optional(Text.field({ description: "A label for the operator; default empty", maxLength: 200 }))
}).annotations({ identifier: "CreateKeyPayload", description: "A new key's label", ...Payload.strict })

const accountId = AccountId.annotations({ description: "The account's id" })
const plan = Plan.Plan.annotations({ description: "The account's plan" })

export const AccountCreated = Schema.Struct({ id: accountId, plan })
  .annotations({ identifier: "AccountCreated", description: "A new account" })

export const AccountInfo = Schema.Struct({
  id: accountId,
  plan,
  createdAt: Timestamp.IsoTimestamp.annotations({ description: "When the account was created" }),
  planChangedAt: Timestamp.IsoTimestamp.annotations({
    description: "When the plan last changed; the monthly allowance period starts here or on the 1st"
  })
}).annotations({ identifier: "AccountInfo", description: "An account and its plan" })
export type AccountInfo = typeof AccountInfo.Type

/** A key as the operator sees it: masked, never the key or its hash. */
const keyId = ApiKeyId.annotations({ description: "The key's id (not the key)" })
const masked = Schema.String.annotations({ description: "The key as usage reports show it: `bk_…` and its last 4 characters" })

export const KeyInfo = Schema.Struct({
  id: keyId,
  label: Schema.String.annotations({ description: "The operator's label" }),
  masked,
  createdAt: Timestamp.IsoTimestamp.annotations({ description: "When the key was created" }),
  revokedAt: Schema.NullOr(Timestamp.IsoTimestamp).annotations({ description: "When it was revoked; null while it works" })
}).annotations({ identifier: "ApiKeyInfo", description: "An API key as the operator sees it" })
export type KeyInfo = typeof KeyInfo.Type

const keys = Schema.Array(KeyInfo).annotations({ description: "The account's keys, oldest first, revoked ones too" })

export const AccountDetails = Schema.Struct({ ...AccountInfo.fields, keys })
  .annotations({ identifier: "AccountDetails", description: "An account, its plan and its keys (masked)" })

export const KeyList = Schema.Struct({ keys }).annotations({ identifier: "ApiKeyList", description: "An account's keys" })

/** One page of accounts, oldest first; `next` is the `after` of the following page (null on the last page). */
export const AccountPage = Schema.Struct({
  accounts: Schema.Array(AccountInfo).annotations({ description: "Accounts of this page, oldest first" }),
  next: Schema.NullOr(AccountId).annotations({ description: "The `after` of the next page; null on the last page" })
}).annotations({ identifier: "AccountPage", description: "A page of accounts" })

export const AccountListParams = Schema.Struct({
  limit: Schema.optional(Schema.String).annotations({ description: "Accounts per page, 1 to 100 (default 50)" }),
  after: Schema.optional(Schema.String).annotations({ description: "The `next` of the previous page" })
}).annotations({ identifier: "AccountListParams" })

/** The only time the key itself is shown. */
export const KeyCreated = Schema.Struct({
  id: keyId,
  key: Schema.String.annotations({ description: "The API key itself (`bk_…`); shown this once, only its hash is kept" }),
  masked
}).annotations({ identifier: "ApiKeyCreated", description: "A new API key" })

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.post("createAccount", "/accounts")
      .setPayload(PlanPayload)
      .addSuccess(AccountCreated, { status: 201 })
      .annotateContext(OpenApi.annotations({ summary: "Create an account on a plan" }))
  )
  .add(
    HttpApiEndpoint.get("listAccounts", "/accounts")
      .setUrlParams(AccountListParams)
      .addSuccess(AccountPage)
      .addError(Problems.InvalidInput)
      .annotateContext(OpenApi.annotations({
        summary: "List accounts, oldest first",
        description: "Page with `after` = the previous answer's `next`; `limit` defaults to 50, values above 100 " +
          "are clamped to 100."
      }))
  )
  .add(
    HttpApiEndpoint.get("getAccount", "/accounts/:id")
      .setPath(IdPath)
      .addSuccess(AccountDetails)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "An account and its keys (masked)" }))
  )
  .add(
    HttpApiEndpoint.put("setPlan", "/accounts/:id/plan")
      .setPath(IdPath)
      .setPayload(PlanPayload)
      .addSuccess(AccountInfo)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "Change the plan; opens a fresh monthly allowance" }))
  )
  .add(
    HttpApiEndpoint.post("createKey", "/accounts/:id/keys")
      .setPath(IdPath)
      .setPayload(CreateKeyPayload)
      .addSuccess(KeyCreated, { status: 201 })
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "Create an API key; the answer is the only time it is shown" }))
  )
  .add(
    HttpApiEndpoint.get("listKeys", "/accounts/:id/keys")
      .setPath(IdPath)
      .addSuccess(KeyList)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "The account's keys (masked)" }))
  )
  .add(
    HttpApiEndpoint.post("createUser", "/accounts/:id/users")
      .setPath(IdPath)
      .setPayload(User.CreatePayload)
      .addSuccess(User.Created, { status: 201 })
      .addError(Problems.InvalidInput)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "Add a person who signs in to the account's web app (email + password)" }))
  )
  .add(
    HttpApiEndpoint.del("revokeKey", "/keys/:id")
      .setPath(IdPath)
      .addSuccess(KeyInfo)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "Revoke a key; its very next request is refused" }))
  )
  .add(
    HttpApiEndpoint.patch("editBookmark", "/bookmarks/:id")
      .setPath(IdPath)
      .setPayload(EditPayload)
      .addSuccess(Bookmark.Bookmark)
      .addError(Problems.InvalidInput)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "An app edit: the values win over derived ones from now on" }))
  )
  .add(
    HttpApiEndpoint.post("saveBookmark", "/accounts/:id/bookmarks")
      .setPath(IdPath)
      .setPayload(AppSavePayload)
      .addSuccess(Bookmark.Ack, { status: 201 })
      .addError(Problems.InvalidInput)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "A save from the app or the browser extension" }))
  )
  .add(
    HttpApiEndpoint.post("enableWebhook", "/webhooks/:id/enable")
      .setPath(IdPath)
      .addSuccess(Webhook.Webhook)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "Re-activate a webhook; its failure run starts afresh" }))
  )
  .add(
    HttpApiEndpoint.get("webhookDeliveries", "/webhooks/:id/deliveries")
      .setPath(IdPath)
      .setUrlParams(DeliveryLogPage.ListParams)
      .addSuccess(DeliveryLogPage.Page)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({
        summary: "Any webhook's delivery log, newest first",
        description: "As `GET /v1/api/webhooks/:id/deliveries`, for any account's webhook."
      }))
  )
  .add(
    HttpApiEndpoint.post("redeliver", "/webhooks/:id/deliveries/:deliveryId/redeliver")
      .setPath(DeliveryPath)
      .addSuccess(DeliveryLogPage.Redelivered)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({
        summary: "Send a delivery of any webhook again now",
        description: "As `POST /v1/api/webhooks/:id/deliveries/:deliveryId/redeliver`, for any account's webhook."
      }))
  )
  .middleware(JsonBody)
  .middleware(AdminAuthentication)
  .prefix(adminBase)
  .annotateContext(OpenApi.annotations({ title: "Admin", description: "The operator's API; not rate limited." }))
{}
