/**
 * Traces with an in-memory span exporter in place of the OTLP collector: one save over HTTP produces the request's
 * span tree (request → use case → SQL), and its enrichment and delivery their own (use case → fetch / deliver → SQL).
 */
import { Waiting } from "@bookmark-library/testkit"
import { SpanKind } from "@opentelemetry/api"
import { InMemorySpanExporter, SimpleSpanProcessor } from "@opentelemetry/sdk-trace-base"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import * as SpanTree from "../support/SpanTree.js"
import { Receiver } from "../support/WebhookReceiver.js"
import { register } from "../support/WebhookWatch.js"

const exporter = new InMemorySpanExporter()
let receiver: Receiver
let service: Harness.Started

beforeAll(async () => {
  receiver = await Receiver.start()
  service = await Harness.start({
    mode: "embedded",
    env: {
      SCREENSHOTS: "false",
      ALLOW_HTTP_WEBHOOKS: "true",
      // Traces on; the spans go to the in-memory exporter below, nothing is sent to this address.
      OTEL_EXPORTER_OTLP_ENDPOINT: "http://127.0.0.1:4318",
      OTEL_SERVICE_NAME: "bookmarks-test"
    },
    overrides: {
      guard: { allowlist: [receiver.allowlistEntry] },
      spanProcessor: async () => new SimpleSpanProcessor(exporter)
    }
  })
})

afterAll(async () => {
  await service?.stop()
  await service?.storage.cleanup()
  await receiver?.close()
})

describe("traces", () => {
  it("one save: the request's span tree, then the enrichment's and the delivery's", async () => {
    const { client } = service
    const account = await client.account("ultra")
    await register(client, account.key, { url: receiver.respond("/hook", () => ({ status: 204 })) })
    exporter.reset()

    const saved = await client.api("POST", "/bookmarks", account.key, { url: receiver.page("/traced") })
    expect(saved.status).toBe(201)
    await receiver.waitFor("/hook", 1)
    const roots = () => SpanTree.build(exporter.getFinishedSpans())
    await Waiting.pollUntil("the delivery's spans", () => roots().some((root) => root.name === "DeliverWebhook"), {
      timeoutMs: 30_000,
      intervalMs: 25
    })

    const trees = roots()
    const shown = trees.map((root) => SpanTree.render(root)).join("\n")
    const request = trees.find((root) => root.name === "POST /v1/api/bookmarks")
    expect(request, shown).toBeDefined()
    if (request === undefined) return
    // The key lookup runs untraced, and the registration above left the key in the key cache: no statement of its
    // own. The embedded counter counts in memory (it read the account's counts at that first request): no span either.
    // A statement's span is named after its database, as OpenTelemetry's database conventions (and Effect 4) name
    // it: the embedded PGlite's is `postgres`.
    expect(SpanTree.render(request)).toBe([
      "POST /v1/api/bookmarks",
      "  SaveBookmark",
      "    SqlTransactor.atomic",
      "      sql.transaction",
      "        SqlBookmarks.insert",
      "          postgres",
      "        SqlJobs.enqueue",
      "          postgres"
    ].join("\n"))
    expect(request.span.kind).toBe(SpanKind.SERVER)
    expect(request.span.attributes["http.response.status_code"]).toBe(201)
    expect(request.span.resource.attributes["service.name"]).toBe("bookmarks-test")
    expect(new Set(SpanTree.all(request).map((node) => node.span.spanContext().traceId)).size).toBe(1)
    // Credentials never become attributes.
    expect(JSON.stringify(SpanTree.all(request).map((node) => node.span.attributes))).not.toContain(account.key)

    const enrichment = trees.find((root) => root.name === "ProcessBookmark")
    expect(enrichment && SpanTree.names(enrichment), shown).toEqual(expect.arrayContaining([
      "HttpPageFetcher.fetch",
      "PageExtractor.extract",
      "LocalContentAnalyzer.analyze",
      "CompleteBookmark",
      "SqlDeliveries.enqueue"
    ]))
    const delivery = trees.find((root) => root.name === "DeliverWebhook")
    expect(delivery && SpanTree.render(delivery), shown).toContain([
      "DeliverWebhook",
      "  DeliverWebhook.attempt",
      "    DeliverWebhook.send",
      "      HttpWebhookSender.send"
    ].join("\n"))
    // Polling for work makes no trace of its own: only the work does.
    expect(trees.map((root) => root.name).filter((name) => name.endsWith(".claim")), shown).toEqual([])
  })
})
