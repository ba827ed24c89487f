/** Contract: register, list, delete and test webhook endpoints (docs/api.md, "List webhooks" to "Test a webhook"). */
import * as HttpApiEndpoint from "@effect/platform/HttpApiEndpoint"
import * as HttpApiGroup from "@effect/platform/HttpApiGroup"
import * as OpenApi from "@effect/platform/OpenApi"
import { DeliveryLogPage, Webhook, WebhookList } from "@bookmark-library/domain"
import { Schema } from "effect"
import { Authentication } from "./Authentication.js"
import { JsonBody } from "./JsonBody.js"
import { DeliveryPath, IdPath, publicBase } from "./Paths.js"
import * as Problems from "./Problems.js"

export const Deleted = Schema.Struct({
  ok: Schema.Literal(true).annotations({ description: "Always true: the webhook is gone" })
}).annotations({ identifier: "WebhookDeleted", description: "The webhook was deleted" })

/** `status` is 0 and `error` says why when the endpoint gave no HTTP answer. */
export const TestResult = Schema.Struct({
  ok: Schema.Boolean.annotations({ description: "Whether the endpoint answered with a 2xx status" }),
  status: Schema.Int.annotations({ description: "The status the endpoint answered with; 0 when it gave no answer" }),
  error: Schema.optional(Schema.String.annotations({ description: "Why there was no answer (timeout, refused, …)" }))
}).annotations({ identifier: "WebhookTestResult", description: "The outcome of a sample delivery" })

export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("list", "/webhooks")
      .addSuccess(WebhookList)
      .annotateContext(OpenApi.annotations({ summary: "List the account's webhooks (with secrets) and the known events" }))
  )
  .add(
    HttpApiEndpoint.post("register", "/webhooks")
      .setPayload(Webhook.RegisterPayload)
      .addSuccess(Webhook.Registered, { status: 201 })
      .addError(Problems.InvalidInput)
      .annotateContext(OpenApi.annotations({
        summary: "Register an HTTPS endpoint",
        description: "`events` is a list or a comma-separated string of known events (default `bookmark.saved`). " +
          "At most 10 webhooks per account. The `secret` signs every delivery."
      }))
  )
  .add(
    HttpApiEndpoint.del("delete", "/webhooks/:id")
      .setPath(IdPath)
      .addSuccess(Deleted)
      .addError(Problems.Forbidden)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({ summary: "Delete a webhook and cancel its pending deliveries" }))
  )
  .add(
    HttpApiEndpoint.post("test", "/webhooks/:id/test")
      .setPath(IdPath)
      .addSuccess(TestResult)
      .addError(Problems.Forbidden)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({
        summary: "Send a sample delivery now",
        description: "Reports the status the endpoint answered with; failure counters are not touched."
      }))
  )
  .add(
    HttpApiEndpoint.get("deliveries", "/webhooks/:id/deliveries")
      .setPath(IdPath)
      .setUrlParams(DeliveryLogPage.ListParams)
      .addSuccess(DeliveryLogPage.Page)
      .addError(Problems.Forbidden)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({
        summary: "The webhook's delivery log: every attempt, newest first",
        description: "Each attempt of each delivery (retries, tests and redeliveries included) with its HTTP status or " +
          "the reason there was none, its duration and the start of the answer (1 KiB). Attempts are kept 30 days " +
          "(the operator may change that). Page with `before` = the previous answer's `next`; `limit` as for bookmarks."
      }))
  )
  .add(
    HttpApiEndpoint.post("redeliver", "/webhooks/:id/deliveries/:deliveryId/redeliver")
      .setPath(DeliveryPath)
      .addSuccess(DeliveryLogPage.Redelivered)
      .addError(Problems.Forbidden)
      .addError(Problems.NotFound)
      .annotateContext(OpenApi.annotations({
        summary: "Send a delivery again now",
        description: "The same delivery id and body bytes with a fresh timestamp and signatures, answered like a test " +
          "delivery. The attempt is added to the log; the webhook's counters and the delivery's own retries are not changed."
      }))
  )
  .middleware(JsonBody)
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateContext(OpenApi.annotations({ title: "Webhooks" }))
{}
