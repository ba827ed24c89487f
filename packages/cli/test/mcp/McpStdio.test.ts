/**
 * `bookmarks mcp`, the stdio bridge, driven by the SDKs' stdio clients as Claude Desktop would launch it: the
 * tools work, calls count against the server's allowance under the key given (option or BOOKMARKS_API_KEY),
 * the server's refusals (a bad key, a used-up minute) reach the client as errors, and closing stdin ends it.
 */
import { Client as ClientV2 } from "@modelcontextprotocol/client"
import { StdioClientTransport as StdioV2 } from "@modelcontextprotocol/client/stdio"
import { Client as ClientV1 } from "@modelcontextprotocol/sdk/client/index.js"
import { StdioClientTransport as StdioV1 } from "@modelcontextprotocol/sdk/client/stdio.js"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { useService } from "../support/ApiService.js"

const bin = fileURLToPath(new URL("../../bin/bookmarks.mjs", import.meta.url))
const minute = 60_000

describe("bookmarks mcp (stdio bridge)", () => {
  const context = useService("embedded")

  it("serves the tools to the 1.x stdio client with the key from BOOKMARKS_API_KEY, counted by the server", async () => {
    const { baseUrl, client } = context().service
    const account = await ApiAccounts.create(client, "free")
    const mcp = new ClientV1({ name: "desktop", version: "1" })
    const transport = new StdioV1({
      command: process.execPath,
      args: [bin, "mcp", "--url", baseUrl],
      env: { BOOKMARKS_API_KEY: account.key }
    })
    await mcp.connect(transport)
    try {
      expect(mcp.getServerVersion()?.name).toBe("bookmarks")
      expect((await mcp.listTools()).tools.map((t) => t.name)).toContain("save_bookmark")
      const saved = await mcp.callTool({
        name: "save_bookmark",
        arguments: { url: "https://example.com/stdio", tags: "desk" }
      })
      expect(saved.structuredContent).toMatchObject({ url: "https://example.com/stdio", status: "processing" })
      const usage = await mcp.callTool({ name: "get_usage", arguments: {} })
      expect(usage.structuredContent).toMatchObject({
        usage: { month: 2, byKey: { [ApiAccounts.masked(account.key)]: 2 } }
      })
      const bad = await mcp.callTool({ name: "get_bookmark", arguments: { id: "bmk_nope" } })
      expect(bad).toMatchObject({ isError: true, content: [{ type: "text", text: "No bookmark with id 'bmk_nope'" }] })
    } finally {
      await mcp.close()
    }
    // The server saw every call: the API reports them under the same key.
    const api = await client.api("GET", "/usage", account.key)
    expect(api.body.usage.byKey[ApiAccounts.masked(account.key)]).toBe(4)
  })

  it("relays the 2026-07-28 revision and the server's refusal past the minute's allowance", async () => {
    const { baseUrl, client, clock } = context().service
    const account = await ApiAccounts.create(client, "free")
    const mcp = new ClientV2({ name: "desktop", version: "2" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } })
    await mcp.connect(
      new StdioV2({ command: process.execPath, args: [bin, "mcp", "--url", baseUrl, "--key", account.key] })
    )
    try {
      expect(mcp.getNegotiatedProtocolVersion()).toBe("2026-07-28")
      clock.advance(minute - (clock.now() % minute) + 50)
      for (let i = 0; i < 60; i++) {
        expect((await mcp.callTool({ name: "list_tags", arguments: {} })).isError).not.toBe(true)
      }
      await expect(mcp.callTool({ name: "save_bookmark", arguments: { url: "https://example.com/late" } }))
        .rejects.toThrow(/Per-minute limit of 60 requests reached; retry in \d+ s/)
    } finally {
      await mcp.close()
    }
    clock.advance(minute)
    expect((await client.api("GET", "/bookmarks", account.key)).body.bookmarks).toEqual([])
  })

  it("answers every call with the server's 401 when the key is refused", async () => {
    const { baseUrl } = context().service
    const mcp = new ClientV1({ name: "desktop", version: "1" })
    const connecting = mcp.connect(
      new StdioV1({ command: process.execPath, args: [bin, "mcp", "--url", baseUrl, "--key", `bk_${"x".repeat(40)}`] })
    )
    await expect(connecting).rejects.toThrow(/refused the API key \(HTTP 401\): The API key is not known/)
    await mcp.close()
  })
})
