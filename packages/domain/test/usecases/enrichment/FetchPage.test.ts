/** FetchPage: a 2xx page is read; any other answer or a failure says why, and whether another attempt may pass. */
import { FetchFailed } from "@bookmark-library/domain"
import { FakePageFetcher } from "@bookmark-library/testkit"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { fetchPage } from "../../../src/usecases/enrichment/FetchPage.js"

const url = "https://example.com/page"

const fetched = (script: FakePageFetcher.Script) => {
  const fetcher = FakePageFetcher.make()
  fetcher.script(url, script)
  return fetchPage(url).pipe(Effect.provide(fetcher.layer))
}

describe("fetchPage", () => {
  it.effect("gives the page of a 2xx answer, as fetched", () =>
    Effect.gen(function*() {
      const page = FakePageFetcher.html(url, "<title>Hello</title>", 203)
      expect(yield* fetched(page)).toEqual(Result.succeed(page))
    }))

  it.effect("an HTTP answer other than 2xx: 5xx and 429 may pass on another attempt, 4xx will not", () =>
    Effect.gen(function*() {
      for (
        const [status, transient] of [[404, false], [410, false], [403, false], [429, true], [500, true], [
          503,
          true
        ]] as const
      ) {
        const result = yield* fetched(FakePageFetcher.html(url, "", status))
        expect(result, String(status)).toEqual(Result.fail({ reason: `HTTP ${status}`, transient }))
      }
    }))

  it.effect("a failed fetch gives its reason in processingError's words, with the fetcher's transience", () =>
    Effect.gen(function*() {
      expect(yield* fetched(new FetchFailed({ reason: "invalid", detail: "no host" })))
        .toEqual(Result.fail({ reason: "invalid URL: no host", transient: false }))
      expect(yield* fetched(new FetchFailed({ reason: "connection", detail: "refused" })))
        .toEqual(Result.fail({ reason: "connection failed", transient: true }))
    }))
})
