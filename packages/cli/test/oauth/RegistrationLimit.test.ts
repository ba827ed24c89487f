/**
 * Dynamic Client Registration is limited per client address in each process (docs/oauth.md, "Clients"): past 20 an
 * hour, 429 `slow_down` with `Retry-After` (the seconds left in the window), and nothing is registered.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"

describe("registration limit", () => {
  let service: Harness.Started | undefined
  beforeAll(async () => {
    service = await Harness.start({ roles: "api" })
  })
  afterAll(async () => {
    await service?.stop()
    await service?.storage.cleanup()
  })

  const register = (name: string) =>
    fetch(new URL("/oauth/register", service?.baseUrl), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client_name: name, redirect_uris: ["http://127.0.0.1:9/callback"] })
    })

  it("registers 20 clients from one address in an hour, then refuses with 429 and Retry-After", async () => {
    for (let i = 0; i < 20; i++) expect((await register(`App ${i}`)).status).toBe(201)
    const refused = await register("One too many")
    expect(refused.status).toBe(429)
    const retryAfter = Number(refused.headers.get("retry-after"))
    expect(retryAfter).toBeGreaterThan(3_500)
    expect(retryAfter).toBeLessThanOrEqual(3_600)
    expect(refused.headers.get("cache-control")).toBe("no-store")
    expect(await refused.json()).toEqual({
      error: "slow_down",
      error_description: "Too many registrations from this address; try again in 60 min"
    })
  })
})
