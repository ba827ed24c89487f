/**
 * What a POST to `/mcp` costs: a `tools/call` or `resources/read` request is one charged request, like one API
 * request; everything else (initialize, tools/list, server/discover, ping, notifications, responses) is free.
 */

/**
 * The tool that tells a spent month from a burst, as `GET /usage` does: still answered (uncharged) once the month is
 * spent, refused like any call during a burst (docs/decisions.md, "`GET /usage` past the monthly allowance").
 */
export const usageTool = "get_usage"

/** The methods that do work for the caller. */
export const chargedMethods: ReadonlySet<string> = new Set(["tools/call", "resources/read"])

export type Cost =
  | { readonly _tag: "Free" }
  /** `pastMonth`: answered uncharged once the month is spent (a `get_usage` call, docs/mcp.md). */
  | { readonly _tag: "Charged"; readonly id: string | number; readonly pastMonth: boolean }
  /** A JSON-RPC batch: no revision we serve has them, so none is run (and none is charged). */
  | { readonly _tag: "Batch" }

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The cost of a parsed body; `undefined` (no body, or not JSON) is free: the SDK answers it with an error. */
export const of = (body: unknown): Cost => {
  if (Array.isArray(body)) return { _tag: "Batch" }
  if (!isRecord(body)) return { _tag: "Free" }
  const { id, method } = body
  // A request without an id is a notification: nothing answers it, nothing is run for the caller.
  if (typeof method !== "string" || !chargedMethods.has(method)) return { _tag: "Free" }
  if (typeof id !== "string" && typeof id !== "number") return { _tag: "Free" }
  const params = body["params"]
  return { _tag: "Charged", id, pastMonth: method === "tools/call" && isRecord(params) && params["name"] === usageTool }
}

/** The request id to echo in an error answered before the SDK saw the message. */
export const idOf = (body: unknown): string | number | null =>
  isRecord(body) && (typeof body["id"] === "string" || typeof body["id"] === "number") ? body["id"] : null
