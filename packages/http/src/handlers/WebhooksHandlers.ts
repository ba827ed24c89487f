/** Handlers of the webhooks group. */
import * as HttpApiBuilder from "@effect/platform/HttpApiBuilder"
import { deleteWebhook, listDeliveries, listWebhooks, redeliverDelivery, registerWebhook, testWebhook } from "@bookmark-library/domain"
import { Effect } from "effect"
import { Api } from "../Api.js"
import { CurrentPrincipal } from "../Authentication.js"

export const layer = HttpApiBuilder.group(Api, "webhooks", (handlers) =>
  handlers
    .handle("list", () => Effect.flatMap(CurrentPrincipal, ({ account }) => listWebhooks(account.id)))
    .handle("register", ({ payload }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => registerWebhook(account.id, payload)))
    .handle("delete", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => deleteWebhook(account.id, path.id)))
    .handle("test", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => testWebhook(account.id, path.id)))
    .handle("deliveries", ({ path, urlParams }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => listDeliveries(account.id, path.id, urlParams)))
    .handle("redeliver", ({ path }) =>
      Effect.flatMap(CurrentPrincipal, ({ account }) => redeliverDelivery(account.id, path.id, path.deliveryId))))
