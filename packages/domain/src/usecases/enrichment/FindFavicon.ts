/** Enrichment step: the icon of a page that declares none, where browsers look for it (`/favicon.ico`). */
import { Effect } from "effect"
import { PageExtractor } from "../../ports/PageExtractor.js"
import { PageFetcher } from "../../ports/PageFetcher.js"

/** A favicon check is small: the first bytes tell an image, and it must not eat the attempt's budget. */
const faviconLimits = { maxBytes: 16 * 1024, totalTimeout: 5_000 } as const

/** `/favicon.ico` of the page's origin, where browsers look when a page declares no icon. */
export const conventionalFavicon = (pageUrl: string): string => {
  try {
    const url = new URL("/favicon.ico", pageUrl)
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : ""
  } catch {
    return ""
  }
}

/**
 * The conventional icon, kept only when it answers with an image: a guessed link that 404s is no favicon ("" then).
 * The check goes through the same SSRF-safe fetcher as the page (address policy, redirects re-checked, size cap).
 */
export const findFavicon = Effect.fn("FindFavicon")(function*(pageUrl: string) {
  const guess = conventionalFavicon(pageUrl)
  if (guess === "") return ""
  const answer = yield* Effect.result((yield* PageFetcher).fetch(guess, faviconLimits))
  if (answer._tag === "Failure" || answer.success.status < 200 || answer.success.status > 299) return ""
  const { body, contentType, url } = answer.success
  const seen = yield* (yield* PageExtractor).extract({ url, contentType, body })
  return seen.type === "image" ? url : ""
})
