/** Contract: register, list, delete and test webhook endpoints (docs/api.md, "List webhooks" to "Test a webhook"). */
import { DeliveryLogPage, Webhook, WebhookList } from "@bookmark-library/domain"
import { Schema } from "effect"
import * as HttpApiEndpoint from "effect/http-api/HttpApiEndpoint"
import * as HttpApiGroup from "effect/http-api/HttpApiGroup"
import * as HttpApiSchema from "effect/http-api/HttpApiSchema"
import * as OpenApi from "effect/http-api/OpenApi"
import * as ErrorResponses from "../problems/ErrorResponses.js"
import { Authentication } from "./Authentication.js"
import { JsonBody } from "./JsonBody.js"
import { DeliveryPath, IdPath, publicBase } from "./Paths.js"

export const Deleted = Schema.Struct({
  ok: Schema.Literal(true).annotate({ description: "Always true: the webhook is gone" })
}).annotate({ identifier: "WebhookDeleted", description: "The webhook was deleted" })

/** `status` is 0 and `error` says why when the endpoint gave no HTTP answer. */
export const TestResult = Schema.Struct({
  ok: Schema.Boolean.annotate({ description: "Whether the endpoint answered with a 2xx status" }),
  status: Schema.Int.annotate({ description: "The status the endpoint answered with; 0 when it gave no answer" }),
  error: Schema.optionalKey(Schema.String.annotate({ description: "Why there was no answer (timeout, refused, …)" }))
}).annotate({ identifier: "WebhookTestResult", description: "The outcome of a sample delivery" })

export class WebhooksApi extends HttpApiGroup.make("webhooks")
  .add(
    HttpApiEndpoint.get("list", "/webhooks", { success: WebhookList })
      .annotateMerge(
        OpenApi.annotations({ summary: "List the account's webhooks (with secrets) and the known events" })
      ),
    HttpApiEndpoint.post("register", "/webhooks", {
      payload: Webhook.RegisterPayload,
      success: Webhook.Registered.pipe(HttpApiSchema.status(201)),
      error: ErrorResponses.InvalidInput
    }).annotateMerge(OpenApi.annotations({
      summary: "Register an HTTPS endpoint",
      description: "`events` is a list or a comma-separated string of known events (default `bookmark.saved`). " +
        "At most 10 webhooks per account. The `secret` signs every delivery."
    })),
    HttpApiEndpoint.delete("delete", "/webhooks/:id", {
      params: IdPath,
      success: Deleted,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({ summary: "Delete a webhook and cancel its pending deliveries" })),
    HttpApiEndpoint.post("test", "/webhooks/:id/test", {
      params: IdPath,
      success: TestResult,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Send a sample delivery now",
      description: "Reports the status the endpoint answered with; failure counters are not touched."
    })),
    HttpApiEndpoint.get("deliveries", "/webhooks/:id/deliveries", {
      params: IdPath,
      query: DeliveryLogPage.ListParams,
      success: DeliveryLogPage.Page,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "The webhook's delivery log: every attempt, newest first",
      description: "Each attempt of each delivery (retries, tests and redeliveries included) with its HTTP status or " +
        "the reason there was none, its duration and the start of the answer (1 KiB). Attempts are kept 30 days " +
        "(the operator may change that). Page with `before` = the previous answer's `next`; `limit` as for bookmarks."
    })),
    HttpApiEndpoint.post("redeliver", "/webhooks/:id/deliveries/:deliveryId/redeliver", {
      params: DeliveryPath,
      success: DeliveryLogPage.Redelivered,
      error: [ErrorResponses.Forbidden, ErrorResponses.NotFound]
    }).annotateMerge(OpenApi.annotations({
      summary: "Send a delivery again now",
      description: "The same delivery id and body bytes with a fresh timestamp and signatures, answered like a test " +
        "delivery. The attempt is added to the log; the webhook's counters and the delivery's own retries are not changed."
    }))
  )
  .middleware(JsonBody)
  .middleware(Authentication)
  .prefix(publicBase)
  .annotateMerge(OpenApi.annotations({ title: "Webhooks" }))
{}
