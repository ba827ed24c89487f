/** Handlers of the webhooks group. */
import {
  Actor,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  redeliver,
  registerWebhook,
  testWebhook
} from "@bookmark-library/domain"
import { Effect } from "effect"
import * as HttpApiBuilder from "effect/http-api/HttpApiBuilder"
import { Api } from "../api/Api.js"
import { CurrentPrincipal } from "../api/Authentication.js"

export const layer = HttpApiBuilder.group(Api, "webhooks", (handlers) =>
  handlers
    .handle("list", () => Effect.flatMap(CurrentPrincipal, ({ account }) => listWebhooks(account.id)))
    .handle("register", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => registerWebhook(account.id, payload)))
    .handle("delete", ({ params }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        deleteWebhook(account.id, params.id)))
    .handle("test", ({ params }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        testWebhook(account.id, params.id)))
    .handle("deliveries", ({ params, query }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        listDeliveries(Actor.account(account.id), params.id, query)))
    .handle("redeliver", ({ params }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) =>
        redeliver(Actor.account(account.id), params.id, params.deliveryId))))
