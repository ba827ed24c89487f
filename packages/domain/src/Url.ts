/** URL rules for saved pages and webhook endpoints (docs/decisions.md, "Bookmarks" and "Webhooks"). */
import { Result } from "effect"
import { InvalidInput } from "./Errors.js"

export const maxUrlLength = 2048

/** Accepts an absolute http(s) URL of at most 2048 characters; returns its WHATWG serialization. */
export const parseHttpUrl = (field: string, input: string): Result.Result<URL, InvalidInput> => {
  const raw = input.trim()
  const fail = (reason: string) => Result.fail(new InvalidInput({ field, reason }))
  if (raw.length === 0) return fail("must not be empty")
  if (raw.length > maxUrlLength) return fail(`must be at most ${maxUrlLength} characters`)
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return fail("must be an absolute URL such as https://example.com/page")
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    return fail(`scheme '${url.protocol.slice(0, -1)}' is not allowed; use http or https`)
  }
  if (url.hostname === "") return fail("must have a host")
  if (url.username !== "" || url.password !== "") return fail("must not contain credentials")
  if (url.href.length > maxUrlLength) return fail(`must be at most ${maxUrlLength} characters`)
  return Result.succeed(url)
}

/** The URL of a page to save, normalised. */
export const normalizeBookmarkUrl = (input: string): Result.Result<string, InvalidInput> =>
  Result.map(parseHttpUrl("url", input), (url) => url.href)
