/** HttpWebhookSender passes the WebhookSender contract against a loopback server, with the address policy on. */
import { WebhookSender } from "@bookmark-library/domain"
import * as Contracts from "@bookmark-library/testkit/contracts"
import { Context, Effect, Layer } from "effect"
import type * as http from "node:http"
import * as HttpWebhookSender from "../../src/net/HttpWebhookSender.js"
import { closedPort, serve } from "./LoopbackServers.js"

/** One loopback server answering per path; only its origin and a closed port are allowlisted. */
const harness = Layer.effectContext(Effect.gen(function*() {
  const replies = new Map<string, Contracts.EndpointReply>()
  const server = yield* serve((req: http.IncomingMessage, res: http.ServerResponse) => {
    const reply = replies.get(req.url ?? "")
    if (reply === undefined) return void res.writeHead(404).end()
    if (reply.hang === true) return
    res.writeHead(reply.status, reply.headers ?? {}).end(reply.body)
  })
  const closed = yield* closedPort
  const sender = HttpWebhookSender.make({
    allowPrivateNetwork: false,
    allowlist: [server.origin, `127.0.0.1:${closed}`]
  })
  let next = 0
  const endpoints = Contracts.WebhookEndpoints.of({
    endpoint: (reply) =>
      Effect.sync(() => {
        const path = `/endpoint-${next++}`
        replies.set(path, reply)
        return {
          url: `http://${server.origin}${path}`,
          received: Effect.sync(() =>
            server.requests.filter((r) => r.url === path).map((r) => ({
              method: r.method,
              body: r.body.toString("utf8"),
              headers: Object.fromEntries(
                Object.entries(r.headers).flatMap(([k, v]) => (typeof v === "string" ? [[k, v]] : []))
              )
            }))
          )
        }
      }),
    unreachable: Effect.succeed(`http://127.0.0.1:${closed}/hook`)
  })
  return Context.make(WebhookSender, sender).pipe(Context.add(Contracts.WebhookEndpoints, endpoints))
}))

Contracts.webhookSenderContract("http", harness)
