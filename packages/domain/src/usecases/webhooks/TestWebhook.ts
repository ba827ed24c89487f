/** Use case: send a sample `bookmark.saved` delivery now and report the answer; counters are not touched. */
import { Clock, Effect } from "effect"
import type * as Bookmark from "../../Bookmark.js"
import * as Delivery from "../../Delivery.js"
import { type AccountId, BookmarkId } from "../../Ids.js"
import { DeliveryLog } from "../../ports/DeliveryLog.js"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { toIso } from "../../Timestamp.js"
import { attempt, isSuccess } from "./DeliverWebhook.js"
import { ownedWebhook } from "./OwnedWebhook.js"

export const testTimeout = 10_000

export const sampleBookmark = (createdAt: number): Bookmark.Bookmark => ({
  id: BookmarkId.make("bmk_sample"),
  url: "https://example.com/",
  title: "Example Domain",
  description: "This domain is for use in illustrative examples in documents.",
  type: "website",
  tags: ["example"],
  generatedTags: ["example"],
  note: "A sample delivery sent by POST /webhooks/:id/test",
  summary: "This domain is for use in illustrative examples in documents.",
  image: "",
  screenshot: "",
  favicon: "https://example.com/favicon.ico",
  createdAt: toIso(createdAt),
  status: "ready",
  processingError: "",
  archive: "",
  archivedAt: "",
  archiveProblem: ""
})

export interface TestResult {
  readonly ok: boolean
  readonly status: number
  readonly error?: string
}

export const testWebhook = Effect.fn("TestWebhook")(function*(accountId: AccountId, id: string) {
  const hook = yield* ownedWebhook(accountId, id)
  const ids = yield* IdGenerator
  const deliveryId = yield* ids.make("delivery")
  const now = yield* Clock.currentTimeMillis
  const body = Delivery.encodeBody({
    id: deliveryId,
    event: "bookmark.saved",
    createdAt: toIso(now),
    data: sampleBookmark(now)
  })
  const { entry, result } = yield* attempt({
    url: hook.url,
    secret: hook.secret,
    deliveryId,
    webhookId: hook.id,
    accountId: hook.accountId,
    event: "bookmark.saved",
    body,
    timeout: testTimeout,
    trigger: "test"
  })
  yield* (yield* DeliveryLog).record(entry)
  const answer: TestResult = result.error === null || result.status !== null
    ? { ok: isSuccess(result), status: result.status ?? 0 }
    : { ok: false, status: 0, error: result.error }
  return answer
})
