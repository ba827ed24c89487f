// Plain node, no TypeScript, no bundler: the installed packages load from their compiled dist/ and work.
// The service signs a delivery with the domain; a receiver verifies it with the webhook-receiver helper.
import { Signature, Tags, Url, Webhook } from "@bookmark-library/domain"
import { verifyDelivery, verifyStandard } from "@bookmark-library/webhook-receiver"
import { Result } from "effect"
import assert from "node:assert/strict"

assert.deepEqual(Result.getOrThrow(Tags.parse("reading, Later, reading")), ["reading", "Later"])
assert.equal(Result.getOrThrow(Url.normalizeBookmarkUrl("HTTPS://Example.COM/a b")), "https://example.com/a%20b")
assert.ok(Result.isFailure(Url.normalizeBookmarkUrl("javascript:alert(1)")))

const secret = Webhook.makeSecret(crypto.getRandomValues(new Uint8Array(32)))
const body = JSON.stringify({ id: "dlv_1", event: "bookmark.saved", data: { url: "https://example.com/" } })
const now = Math.floor(Date.now() / 1000)
const headers = Signature.deliveryHeaders({
  secret,
  deliveryId: "dlv_1",
  event: "bookmark.saved",
  body,
  timestampSeconds: now
})

assert.equal(verifyDelivery(secret, Buffer.from(body), headers["x-service-signature"]), true)
assert.equal(verifyDelivery(secret, body.replace("example", "exampl3"), headers["x-service-signature"]), false)
assert.equal(verifyStandard(secret, body, new Headers(headers)), true)
assert.equal(verifyStandard(secret, body, headers, { nowSeconds: now + 600 }), false)

console.log("plain node: the domain and the webhook receiver work from the installed packages")
