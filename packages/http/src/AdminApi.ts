/** Contract of the operator's API (docs/api.md, "Admin API"): accounts, plans, keys, app edits and saves, webhook re-activation. */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { AccountId, ApiKeyId, AppSavePayload, Bookmark, EditPayload, Plan, Timestamp, Webhook } from "@bookmark-library/domain"
import { Schema } from "effect"
import { AdminAuthentication } from "./AdminAuthentication.js"
import { JsonBody } from "./JsonBody.js"
import { adminBase, IdPath } from "./Paths.js"
import * as Problems from "./Problems.js"

export const PlanPayload = Schema.Struct({ plan: Plan.Plan }).annotations({ identifier: "PlanPayload" })

export const CreateKeyPayload = Schema.Struct({
  label: Schema.optional(Schema.String.pipe(Schema.maxLength(200)))
}).annotations({ identifier: "CreateKeyPayload" })

export const AccountCreated = Schema.Struct({ id: AccountId, plan: Plan.Plan }).annotations({ identifier: "AccountCreated" })

export const AccountInfo = Schema.Struct({
  id: AccountId,
  plan: Plan.Plan,
  createdAt: Timestamp.IsoTimestamp,
  planChangedAt: Timestamp.IsoTimestamp
}).annotations({ identifier: "AccountInfo" })
export type AccountInfo = typeof AccountInfo.Type

/** A key as the operator sees it: masked, never the key or its hash. */
export const KeyInfo = Schema.Struct({
  id: ApiKeyId,
  label: Schema.String,
  masked: Schema.String,
  createdAt: Timestamp.IsoTimestamp,
  revokedAt: Schema.NullOr(Timestamp.IsoTimestamp)
}).annotations({ identifier: "ApiKeyInfo" })
export type KeyInfo = typeof KeyInfo.Type

export const AccountDetails = Schema.Struct({ ...AccountInfo.fields, keys: Schema.Array(KeyInfo) })
  .annotations({ identifier: "AccountDetails" })

export const KeyList = Schema.Struct({ keys: Schema.Array(KeyInfo) }).annotations({ identifier: "ApiKeyList" })

/** The only time the key itself is shown. */
export const KeyCreated = Schema.Struct({ id: ApiKeyId, key: Schema.String, masked: Schema.String })
  .annotations({ identifier: "ApiKeyCreated" })

export class AdminApi extends HttpApiGroup.make("admin")
  .add(
    HttpApiEndpoint.post("createAccount", "/accounts")
      .setPayload(PlanPayload)
      .addSuccess(AccountCreated, { status: 201 })
      .annotateContext(OpenApi.annotations({ summary: "Create an account on a plan" }))
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
  .middleware(JsonBody)
  .middleware(AdminAuthentication)
  .prefix(adminBase)
  .annotateContext(OpenApi.annotations({ title: "Admin", description: "The operator's API; not rate limited." }))
{}
