/** Who may read what: 401 for every unusable credential (revocation at once), 403 across accounts, 404 unknown. */
import { expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { expectProblem, rateLimitHeaders } from "../support/ApiExpect.js"
import type { ApiContext } from "../support/ApiService.js"

const unknownKey = "bk_" + "Zq3".repeat(13) + "x"

/** Every public endpoint, with a body where it takes one. */
const endpoints: ReadonlyArray<readonly [string, string, unknown?]> = [
  ["GET", "/bookmarks"],
  ["GET", "/bookmarks/bmk_x"],
  ["POST", "/bookmarks", { url: "https://example.com/" }],
  ["GET", "/usage"],
  ["GET", "/tags"],
  ["GET", "/webhooks"],
  ["POST", "/webhooks", { url: "https://example.com/hook" }],
  ["DELETE", "/webhooks/whk_x"],
  ["POST", "/webhooks/whk_x/test"]
]

export const register = (context: () => ApiContext) => {
  it.each([
    ["no Authorization header", undefined],
    ["an empty bearer token", "Bearer "],
    ["another scheme", "Basic dXNlcjpwYXNz"],
    ["a token that is not an API key", "Bearer not-a-key"],
    ["a well-formed key nobody was given", `Bearer ${unknownKey}`]
  ])("answers 401 to %s, on every endpoint", async (_label, authorization) => {
    const { client } = context().service
    const headers: Record<string, string> = authorization === undefined ? {} : { authorization }
    for (const [method, path, body] of endpoints) {
      const answer = await client.request(method, `/v1/api${path}`, {
        headers,
        ...(body === undefined ? {} : { body })
      })
      expectProblem(answer, 401, "unauthenticated")
      expect(answer.headers.get("x-ratelimit-limit")).toBeNull()
      // RFC 6750: every 401 says which scheme to use.
      expect({ method, path, challenge: answer.headers.get("www-authenticate") }).toEqual({
        method,
        path,
        challenge: expect.stringMatching(/^Bearer realm="bookmarks"/)
      })
    }
  })

  it("refuses a key revoked through the admin API on its very next request; the account's other key still works", async () => {
    const { client } = context().service
    const account = await ApiAccounts.create(client, "free", 2)
    const [revoked, kept] = account.keys
    const saved = await client.api("POST", "/bookmarks", revoked!.key, { url: "https://example.com/kept" })
    expect(saved.status).toBe(201)
    expect((await client.api("GET", "/bookmarks", revoked!.key)).status).toBe(200)

    const revocation = await client.admin("DELETE", `/keys/${revoked!.id}`)
    expect(revocation.status, revocation.text).toBeLessThan(300)

    expectProblem(await client.api("GET", "/bookmarks", revoked!.key), 401, "unauthenticated")
    expectProblem(await client.api("GET", `/bookmarks/${saved.body.id}`, revoked!.key), 401, "unauthenticated")
    const other = await client.api("GET", `/bookmarks/${saved.body.id}`, kept!.key)
    expect(other.status).toBe(200)
    expect(other.body.id).toBe(saved.body.id)
  })

  it("answers 403 for another account's bookmark and 404 for an unknown id, with the allowance headers", async () => {
    const { client } = context().service
    const owner = await ApiAccounts.create(client, "free")
    const stranger = await ApiAccounts.create(client, "free")
    const saved = await client.api("POST", "/bookmarks", owner.key, { url: "https://example.com/mine" })
    expect(saved.status).toBe(201)

    const forbidden = await client.api("GET", `/bookmarks/${saved.body.id}`, stranger.key)
    expectProblem(forbidden, 403, "forbidden")
    expect(forbidden.text).not.toContain("example.com/mine")
    rateLimitHeaders(forbidden)

    for (const id of ["bmk_0000000000000000000000", "nope"]) {
      const missing = await client.api("GET", `/bookmarks/${id}`, owner.key)
      expectProblem(missing, 404, "not_found")
      rateLimitHeaders(missing)
    }
    // The stranger's library is untouched and does not show the owner's bookmark.
    const list = await client.api("GET", "/bookmarks", stranger.key)
    expect(list.body.bookmarks).toEqual([])
  })
}
