/** Handlers of the operator's API; they present accounts and keys without ever touching a key hash. */
import {
  type Account,
  Actor,
  type ApiKey,
  bulkProgress,
  createAccount,
  createKey,
  createUser,
  editBookmark,
  enableWebhook,
  getAccount,
  listAccounts,
  listDeliveries,
  recountStorage,
  redeliver,
  revokeKey,
  saveForAccount,
  setPlan,
  startBulk,
  Timestamp
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import type { AccountInfo, KeyInfo } from "../api/AdminApi.js"
import { Api } from "../api/Api.js"

const presentAccount = (account: Account.Account): AccountInfo => ({
  id: account.id,
  plan: account.plan,
  createdAt: Timestamp.toIso(account.createdAt),
  planChangedAt: Timestamp.toIso(account.planChangedAt)
})

const presentKey = (key: ApiKey.Info): KeyInfo => ({
  id: key.id,
  label: key.label,
  masked: key.masked,
  scopes: key.scopes,
  createdAt: Timestamp.toIso(key.createdAt),
  revokedAt: key.revokedAt === null ? null : Timestamp.toIso(key.revokedAt)
})

export const layer = HttpApiBuilder.group(Api, "admin", (handlers) =>
  handlers
    .handle("createAccount", ({ payload }) =>
      Effect.map(createAccount(payload.plan), (account) => ({ id: account.id, plan: account.plan })))
    .handle("listAccounts", ({ query }) =>
      Effect.map(listAccounts(query), ({ accounts, next }) => ({ accounts: accounts.map(presentAccount), next })))
    .handle("getAccount", ({ params }) =>
      Effect.map(
        getAccount(params.id),
        ({ account, keys }) => ({ ...presentAccount(account), keys: keys.map(presentKey) })
      ))
    .handle("setPlan", ({ params, payload }) =>
      Effect.map(setPlan(params.id, payload.plan), presentAccount))
    .handle("recountStorage", ({ params }) =>
      Effect.map(recountStorage(params.id), (recounted) => ({
        id: recounted.accountId,
        before: recounted.before,
        bytes: recounted.bytes,
        assets: recounted.assets,
        missing: recounted.missing
      })))
    .handle("createKey", ({ params, payload }) =>
      Effect.map(
        createKey(params.id, payload.label ?? "", "api", payload.scopes),
        ({ info, key }) => ({ id: info.id, key, masked: info.masked })
      ))
    .handle("createUser", ({ params, payload }) =>
      createUser(params.id, payload))
    .handle("listKeys", ({ params }) =>
      Effect.map(getAccount(params.id), ({ keys }) => ({ keys: keys.map(presentKey) })))
    .handle("revokeKey", ({ params }) =>
      Effect.map(Actor.asOperator(revokeKey)(params.id), presentKey))
    .handle("editBookmark", ({ params, payload }) => Actor.asOperator(editBookmark)(params.id, payload))
    .handle("saveBookmark", ({ params, payload }) => saveForAccount(params.id, payload))
    .handle("bookmarksBatch", ({ params, payload }) =>
      Effect.flatMap(getAccount(params.id), ({ account }) =>
        startBulk(account.id, payload, "full")))
    .handle("bookmarksBatchProgress", ({ params }) =>
      bulkProgress(Actor.operator, params.id))
    .handle("enableWebhook", ({ params }) =>
      Actor.asOperator(enableWebhook)(params.id))
    .handle("webhookDeliveries", ({ params, query }) => Actor.asOperator(listDeliveries)(params.id, query))
    .handle("redeliver", ({ params }) => Actor.asOperator(redeliver)(params.id, params.deliveryId)))
