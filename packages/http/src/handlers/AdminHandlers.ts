/** Handlers of the operator's API; they present accounts and keys without ever touching a key hash. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import {
  type Account,
  adminListDeliveries,
  adminRedeliver,
  type ApiKey,
  createAccount,
  createKey,
  createUser,
  editBookmark,
  enableWebhook,
  getAccount,
  listAccounts,
  revokeKey,
  saveFromApp,
  setPlan,
  Timestamp
} from "@bookmark-library/domain"
import { Effect } from "effect"
import type { AccountInfo, KeyInfo } from "../AdminApi.js"
import { Api } from "../Api.js"

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
  createdAt: Timestamp.toIso(key.createdAt),
  revokedAt: key.revokedAt === null ? null : Timestamp.toIso(key.revokedAt)
})

export const layer = HttpApiBuilder.group(Api, "admin", (handlers) =>
  handlers
    .handle("createAccount", ({ payload }) =>
      Effect.map(createAccount(payload.plan), (account) => ({ id: account.id, plan: account.plan })))
    .handle("listAccounts", ({ urlParams }) =>
      Effect.map(listAccounts(urlParams), ({ accounts, next }) => ({ accounts: accounts.map(presentAccount), next })))
    .handle("getAccount", ({ path }) =>
      Effect.map(getAccount(path.id), ({ account, keys }) => ({ ...presentAccount(account), keys: keys.map(presentKey) })))
    .handle("setPlan", ({ path, payload }) => Effect.map(setPlan(path.id, payload.plan), presentAccount))
    .handle("createKey", ({ path, payload }) =>
      Effect.map(createKey(path.id, payload.label ?? ""), ({ info, key }) => ({ id: info.id, key, masked: info.masked })))
    .handle("createUser", ({ path, payload }) => createUser(path.id, payload))
    .handle("listKeys", ({ path }) => Effect.map(getAccount(path.id), ({ keys }) => ({ keys: keys.map(presentKey) })))
    .handle("revokeKey", ({ path }) => Effect.map(revokeKey(path.id), presentKey))
    .handle("editBookmark", ({ path, payload }) => editBookmark(path.id, payload))
    .handle("saveBookmark", ({ path, payload }) => saveFromApp(path.id, payload))
    .handle("enableWebhook", ({ path }) => enableWebhook(path.id))
    .handle("webhookDeliveries", ({ path, urlParams }) => adminListDeliveries(path.id, urlParams))
    .handle("redeliver", ({ path }) => adminRedeliver(path.id, path.deliveryId)))
