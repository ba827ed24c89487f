/** What a message to /mcp costs: tool calls and resource reads one request each, everything else nothing. */
import { describe, expect, it } from "@effect/vitest"
import * as Metering from "../src/Metering.js"

describe("Metering", () => {
  it("charges tools/call and resources/read requests", () => {
    expect(Metering.of({ jsonrpc: "2.0", id: 7, method: "tools/call", params: { name: "list_tags" } })).toEqual({
      _tag: "Charged",
      id: 7,
      pastMonth: false
    })
    expect(Metering.of({ jsonrpc: "2.0", id: "r", method: "resources/read", params: { uri: "bookmark://x" } })).toEqual(
      { _tag: "Charged", id: "r", pastMonth: false }
    )
  })

  it("marks get_usage as answered past a spent month, and nothing else", () => {
    expect(Metering.of({ jsonrpc: "2.0", id: 8, method: "tools/call", params: { name: "get_usage" } })).toEqual({
      _tag: "Charged",
      id: 8,
      pastMonth: true
    })
    expect(Metering.of({ jsonrpc: "2.0", id: 9, method: "resources/read", params: { name: "get_usage" } }))
      .toMatchObject({ pastMonth: false })
    expect(Metering.of({ jsonrpc: "2.0", id: 10, method: "tools/call", params: "get_usage" }))
      .toMatchObject({ pastMonth: false })
  })

  it("leaves housekeeping, notifications, responses and non-JSON free", () => {
    for (
      const body of [
        { jsonrpc: "2.0", id: 1, method: "initialize", params: {} },
        { jsonrpc: "2.0", id: 2, method: "tools/list" },
        { jsonrpc: "2.0", id: 3, method: "server/discover" },
        { jsonrpc: "2.0", id: 4, method: "ping" },
        { jsonrpc: "2.0", id: 5, method: "resources/templates/list" },
        { jsonrpc: "2.0", method: "notifications/initialized" },
        { jsonrpc: "2.0", method: "tools/call" }, // no id: a notification, nothing is run
        { jsonrpc: "2.0", id: null, method: "tools/call" },
        { jsonrpc: "2.0", id: 6, result: {} },
        undefined,
        "tools/call",
        null
      ]
    ) {
      expect(Metering.of(body), JSON.stringify(body)).toEqual({ _tag: "Free" })
    }
  })

  it("marks batches, which are not run at all", () => {
    expect(Metering.of([{ jsonrpc: "2.0", id: 1, method: "tools/call" }])).toEqual({ _tag: "Batch" })
  })
})
