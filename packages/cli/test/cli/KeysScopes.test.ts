/**
 * `bookmarks keys create --scopes`: a narrowed key (docs/oauth.md, "Scopes") works for its scopes and is refused
 * outside them; bad scope names are one line, before anything reaches the server.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Cli from "../support/Cli.js"
import * as Harness from "../support/Harness.js"

let service: Harness.Started
let admin: Record<string, string>

beforeAll(async () => {
  service = await Harness.start({ roles: "api" })
  admin = { BOOKMARKS_URL: service.baseUrl, ADMIN_TOKEN: service.adminToken }
})
afterAll(async () => {
  await service.stop()
  await service.storage.cleanup()
})

describe("bookmarks keys create --scopes", () => {
  it("makes a key with only the scopes named; it is refused outside them; the listing shows them", async () => {
    const account = Cli.json<{ id: string }>(await Cli.run(["accounts", "create", "--json"], admin)).id
    const made = await Cli.run(
      ["keys", "create", "--account", account, "--label", "reader", "--scopes", "bookmarks:write,bookmarks:read"],
      admin
    )
    expect(made.code).toBe(0)
    expect(made.lines[0]).toMatch(/^Created key \S+ \(.+\) with only bookmarks:read, bookmarks:write\. /)
    const key = made.lines[1] ?? ""
    expect((await service.client.api("GET", "/tags", key)).status).toBe(200)
    const usage = await service.client.api("GET", "/usage", key)
    expect([usage.status, usage.body.code, usage.body.required]).toEqual([403, "insufficient_scope", "usage"])
    const listed = await Cli.run(["keys", "list", "--account", account, "--json"], admin)
    const keys = Cli.json<{ keys: ReadonlyArray<{ label: string; scopes: ReadonlyArray<string> }> }>(listed).keys
    expect(keys.find((k) => k.label === "reader")?.scopes).toEqual(["bookmarks:read", "bookmarks:write"])
    // Without --scopes: every scope, as before.
    const full = await Cli.run(["keys", "create", "--account", account, "--json"], admin)
    const fullKey = Cli.json<{ key: string }>(full).key
    expect((await service.client.api("GET", "/usage", fullKey)).status).toBe(200)
  })

  it("says in one line which scope name is unknown, or that none was named", async () => {
    const account = Cli.json<{ id: string }>(await Cli.run(["accounts", "create", "--json"], admin)).id
    const before = Cli.json<{ keys: ReadonlyArray<unknown> }>(
      await Cli.run(["keys", "list", "--account", account, "--json"], admin)
    ).keys.length
    const typo = await Cli.run(
      ["keys", "create", "--account", account, "--scopes", "bookmarks:read,bookmark:write"],
      admin
    )
    expect(typo.code).toBe(1)
    expect(typo.stderr.trim().split("\n")).toEqual([
      "--scopes: unknown scope 'bookmark:write' (known: bookmarks:read, bookmarks:write, webhooks, usage)"
    ])
    const empty = await Cli.run(["keys", "create", "--account", account, "--scopes", " , "], admin)
    expect(empty.code).toBe(1)
    expect(empty.stderr.trim().split("\n")).toEqual([
      "--scopes: name at least one of bookmarks:read, bookmarks:write, webhooks, usage"
    ])
    const after = Cli.json<{ keys: ReadonlyArray<unknown> }>(
      await Cli.run(["keys", "list", "--account", account, "--json"], admin)
    ).keys.length
    expect(after).toBe(before)
  })
})
