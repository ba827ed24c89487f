/**
 * The allowance a user notices: the 61st request of a minute refused and the next minute open again, monthly
 * exhaustion until the first of next month or a plan change, usage per key, and the headers on every answer.
 */
import { expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { expectProblem, rateLimitHeaders } from "../support/ApiExpect.js"
import { bursts } from "../support/ApiPaging.js"
import { type ApiContext, plusPerMonth } from "../support/ApiService.js"

const minute = 60_000

/** First instant (ms) of the UTC month after the one containing `now`. */
const nextMonthStart = (now: number) => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
}

export const register = (context: () => ApiContext) => {
  it("refuses the 61st request of a minute on the free plan with 429 and Retry-After, and admits again the next minute", async () => {
    const { client, clock } = context().service
    const { key } = await ApiAccounts.create(client, "free")
    // Start just after a minute boundary so all 61 requests fall inside one window.
    clock.advance(minute - (clock.now() % minute) + 50)
    const admitted = await bursts(60, 10, () => client.api("GET", "/bookmarks?limit=1", key))
    expect(admitted.map((a) => a.status)).toEqual(Array(60).fill(200))
    expect(admitted.map((a) => rateLimitHeaders(a).remaining).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 60 }, (_, i) => i)
    )

    const refused = await client.api("GET", "/bookmarks", key)
    expectProblem(refused, 429, "rate_limited_minute")
    expect(refused.body.window).toBe("minute")
    const retryAfter = Number(refused.headers.get("retry-after"))
    expect(Number.isInteger(retryAfter)).toBe(true)
    expect(retryAfter).toBeGreaterThanOrEqual(1)
    expect(retryAfter).toBeLessThanOrEqual(60)
    const headers = rateLimitHeaders(refused)
    expect(headers).toMatchObject({ limit: 60, remaining: 0 })
    expect(headers.reset * 1000 % minute).toBe(0)
    expect(headers.reset * 1000 - clock.now()).toBeGreaterThan(0)
    expect(headers.reset * 1000 - clock.now()).toBeLessThanOrEqual(minute)
    // A save is refused as well, and nothing is saved.
    expectProblem(await client.api("POST", "/bookmarks", key, { url: "https://example.com/late" }), 429)

    clock.advance(minute)
    const again = await client.api("GET", "/bookmarks", key)
    expect(again.status, again.text).toBe(200)
    expect(again.body.bookmarks).toEqual([])
    expect(rateLimitHeaders(again)).toMatchObject({ limit: 60, remaining: 59 })
    // Refused requests were not counted: 60 admitted, then these two.
    const usage = await client.api("GET", "/usage", key)
    expect(usage.body.usage).toMatchObject({ month: 62, total: 62 })
  })

  it("refuses once the month is used up, until the first of next month UTC; a plan change reopens the allowance", async () => {
    const { client, clock } = context().service
    const account = await ApiAccounts.create(client, "plus")
    for (let i = 0; i < plusPerMonth; i++) {
      expect((await client.api("GET", "/bookmarks", account.key)).status).toBe(200)
    }
    const refused = await client.api("GET", "/bookmarks", account.key)
    expectProblem(refused, 429, "rate_limited_month")
    expect(refused.body.window).toBe("month")
    const headers = rateLimitHeaders(refused)
    expect(headers).toMatchObject({ limit: plusPerMonth, remaining: 0 })
    expect(headers.reset).toBe(nextMonthStart(clock.now()) / 1000)
    const retryAfter = Number(refused.headers.get("retry-after"))
    expect(Math.abs(retryAfter - (headers.reset - clock.now() / 1000))).toBeLessThan(5)
    // The next minute does not help: it is the month that is used up.
    clock.advance(minute)
    expectProblem(await client.api("GET", "/bookmarks", account.key), 429, "rate_limited_month")
    // GET /usage still answers, uncharged, so the client can tell the month from a burst (docs/decisions.md,
    // "`GET /usage` past the monthly allowance").
    const spent = await client.api("GET", "/usage", account.key)
    expect(spent.status, spent.text).toBe(200)
    expect(spent.body.usage).toMatchObject({ month: plusPerMonth, total: plusPerMonth })
    expect(rateLimitHeaders(spent)).toMatchObject({ limit: plusPerMonth, remaining: 0, reset: headers.reset })
    expect(spent.headers.get("retry-after")).toBeNull()

    const upgraded = await client.admin("PUT", `/accounts/${account.id}/plan`, { plan: "ultra" })
    expect(upgraded.status, upgraded.text).toBe(200)
    const usage = await client.api("GET", "/usage", account.key)
    expect(usage.status, usage.text).toBe(200)
    expect(usage.body).toMatchObject({
      tier: "ultra",
      limits: { perMinute: 1000, perMonth: 100_000 },
      usage: { month: 1, total: plusPerMonth + 1 }
    })

    // Back on the small plan, a fresh monthly allowance is open again.
    expect((await client.admin("PUT", `/accounts/${account.id}/plan`, { plan: "plus" })).status).toBe(200)
    const reopened = await bursts(plusPerMonth + 1, 1, () => client.api("GET", "/bookmarks", account.key))
    expect(reopened.map((a) => a.status)).toEqual([...Array(plusPerMonth).fill(200), 429])
  })

  it("reports usage by masked key with separate counts for two keys of one account", async () => {
    const { client } = context().service
    const account = await ApiAccounts.create(client, "free", 2)
    const [first, second] = account.keys
    for (let i = 0; i < 3; i++) expect((await client.api("GET", "/bookmarks", first!.key)).status).toBe(200)
    expect((await client.api("POST", "/bookmarks", second!.key, { url: "https://example.com/k2" })).status).toBe(201)
    expect((await client.api("GET", "/bookmarks", second!.key)).status).toBe(200)

    const usage = await client.api("GET", "/usage", first!.key)
    expect(usage.status).toBe(200)
    const one = ApiAccounts.masked(first!.key)
    const two = ApiAccounts.masked(second!.key)
    expect([first!.masked, second!.masked]).toEqual([one, two])
    expect(one).toMatch(/^bk_…[0-9A-Za-z]{4}$/)
    expect(usage.body).toEqual({
      tier: "free",
      limits: { perMinute: 60, perMonth: 1000 },
      usage: { month: 6, total: 6, byKey: { [one]: 4, [two]: 2 } },
      storage: { bytes: 0 }
    })
    // Every key of the account sees the same shared allowance.
    const fromSecond = await client.api("GET", "/usage", second!.key)
    expect(fromSecond.body.usage).toEqual({ month: 7, total: 7, byKey: { [one]: 4, [two]: 3 } })
    expect(rateLimitHeaders(fromSecond).remaining).toBe(60 - 7)
  })

  it("sends the allowance headers on 200, 201, 400 and 404 answers, counting down one window", async () => {
    const { client, clock } = context().service
    const { key } = await ApiAccounts.create(client, "free")
    clock.advance(minute - (clock.now() % minute) + 50)
    const answers = [
      await client.api("POST", "/bookmarks", key, { url: "https://example.com/h" }),
      await client.api("GET", "/bookmarks", key),
      await client.api("GET", "/bookmarks?limit=abc", key),
      await client.api("GET", "/bookmarks/bmk_unknown", key)
    ]
    expect(answers.map((a) => a.status)).toEqual([201, 200, 400, 404])
    const headers = answers.map(rateLimitHeaders)
    expect(headers.map((h) => h.remaining)).toEqual([59, 58, 57, 56])
    for (const h of headers) {
      expect(h.limit).toBe(60)
      expect(h.reset * 1000 % minute).toBe(0)
      expect(h.reset * 1000 - clock.now()).toBeGreaterThan(0)
      expect(h.reset * 1000 - clock.now()).toBeLessThanOrEqual(minute)
    }
    for (const a of answers) expect(a.headers.get("retry-after")).toBeNull()
  })
}
