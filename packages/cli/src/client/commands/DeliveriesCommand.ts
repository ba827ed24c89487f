/** `bookmarks deliveries list|redeliver`: a webhook's delivery log and a redelivery, for the operator (admin token). */
import type { DeliveryLogPage } from "@bookmark-library/domain"
import { Effect, Option } from "effect"
import { Argument, Command, Flag } from "effect/cli"
import * as AdminClient from "../AdminClient.js"
import { print } from "../Output.js"
import { json, url } from "./Flags.js"

const webhookId = Argument.String("webhook-id")

/** One attempt on one line: when, what, the answer or why there was none, how long. */
const line = (a: DeliveryLogPage.Attempt) =>
  `${a.at}  ${a.deliveryId}  ${a.trigger.padEnd(10)}  ${
    a.status === null ? `no answer (${a.error ?? "unknown"})` : `HTTP ${a.status}`
  }  ${a.durationMs} ms`

const list = Command.make(
  "list",
  {
    json,
    url,
    webhookId,
    limit: Flag.Int("limit").pipe(Flag.withDescription("Attempts per page (1-100, default 50)"), Flag.optional),
    before: Flag.String("before").pipe(Flag.withDescription("Continue from a page's 'next'"), Flag.optional),
    all: Flag.Boolean("all").pipe(Flag.withDescription("Follow the pages to the end"), Flag.withDefault(false))
  },
  ({ all, before, json, limit, url, webhookId }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const page = (from: Option.Option<string>) =>
        call(client.admin.webhookDeliveries({
          params: { id: webhookId },
          query: {
            ...Option.match(limit, { onNone: () => ({}), onSome: (n) => ({ limit: String(n) }) }),
            ...Option.match(from, { onNone: () => ({}), onSome: (b) => ({ before: b }) })
          }
        }))
      let answer = yield* page(before)
      const attempts = [...answer.attempts]
      if (all) {
        while (answer.next !== null) {
          answer = yield* page(Option.some(answer.next))
          attempts.push(...answer.attempts)
        }
      }
      yield* print(json, { attempts, next: answer.next }, () => [
        ...(attempts.length === 0 ? [`No delivery attempts of ${webhookId} are kept.`] : attempts.map(line)),
        ...(answer.next === null
          ? []
          : [`More: bookmarks deliveries list ${webhookId} --before ${answer.next}   (or --all)`])
      ])
    })
).pipe(Command.withDescription("A webhook's delivery attempts, newest first"))

const redeliver = Command.make(
  "redeliver",
  { json, url, webhookId, deliveryId: Argument.String("delivery-id") },
  ({ deliveryId, json, url, webhookId }) =>
    Effect.gen(function*() {
      const { call, client } = yield* AdminClient.make(url)
      const done = yield* call(client.admin.redeliver({ params: { id: webhookId, deliveryId } }))
      yield* print(json, done, () => [
        done.ok
          ? `Delivered ${deliveryId} again: HTTP ${done.status} in ${done.attempt.durationMs} ms.`
          : `Sent ${deliveryId} again; ${
            done.status === 0 ? `no answer (${done.error ?? "unknown"})` : `the endpoint answered HTTP ${done.status}`
          }.`
      ])
    })
).pipe(Command.withDescription("Send a delivery again now (same id and body, fresh signature)"))

export const command = Command.make("deliveries").pipe(
  Command.withDescription(
    "A webhook's delivery log and redeliveries (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"
  ),
  Command.withSubcommands([list, redeliver])
)
