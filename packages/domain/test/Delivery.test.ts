/** Delivery rules: the retry-schedule setting and the exact body bytes of an envelope. */
import { type Bookmark, BookmarkId, Delivery, DeliveryId } from "@bookmark-library/domain"
import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"

describe("Delivery", () => {
  it("parses WEBHOOK_RETRY_SCHEDULE durations in ms, s, m, h and d", () => {
    expect(Delivery.parseSchedule("1s,1s,2s")).toEqual(Result.succeed([1_000, 1_000, 2_000]))
    expect(Delivery.parseSchedule(" 500ms , 30m,2h,1d ")).toEqual(
      Result.succeed([500, 1_800_000, 7_200_000, 86_400_000])
    )
  })

  it("refuses anything else, naming the setting and the bad part", () => {
    for (const bad of ["", "5", "5 minutes", "1s,,2s", "-1s", "1.5s"]) {
      const parsed = Delivery.parseSchedule(bad)
      expect(Result.isFailure(parsed)).toBe(true)
      if (Result.isFailure(parsed)) {
        expect(parsed.failure.field).toBe("WEBHOOK_RETRY_SCHEDULE")
        expect(parsed.failure.reason).toMatch(/is not a duration such as 500ms/)
      }
    }
  })

  it("encodes an envelope as fixed JSON bytes with the full bookmark as data", () => {
    const data: Bookmark.Bookmark = {
      id: BookmarkId.make("bmk_1"),
      url: "https://example.com/",
      title: "T",
      description: "",
      type: "article",
      tags: ["a"],
      generatedTags: [],
      note: "",
      summary: "",
      image: "",
      screenshot: "",
      favicon: "",
      createdAt: "2026-01-31T12:00:00.000Z",
      status: "ready",
      processingError: "",
      archive: "",
      archivedAt: "",
      archiveProblem: ""
    }
    const body = Delivery.encodeBody({
      id: DeliveryId.make("dlv_1"),
      event: "bookmark.saved",
      createdAt: "2026-01-31T12:00:01.000Z",
      data
    })
    expect(body).toBe(
      JSON.stringify({ id: "dlv_1", event: "bookmark.saved", createdAt: "2026-01-31T12:00:01.000Z", data })
    )
    expect(() =>
      Delivery.encodeBody({ id: DeliveryId.make("dlv_1"), event: "bookmark.saved", createdAt: "yesterday", data })
    ).toThrow()
  })
})
