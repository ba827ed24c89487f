/**
 * Verifying deliveries of the bookmark library's webhooks in a receiver (docs/webhooks.md). Depends on nothing but
 * `node:crypto`, so any Node service can install it without Effect or the rest of the library.
 */
export { type StandardHeaders, verifyDelivery, verifyStandard } from "./Verify.js"
