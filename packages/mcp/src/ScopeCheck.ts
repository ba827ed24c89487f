/**
 * What a message to `/mcp` needs of the caller's scopes (docs/oauth.md, "Scopes"): a `tools/call` the scope of its
 * tool, a `resources/read` `bookmarks:read`. Checked at the edge, before the charge, so a refused call costs nothing;
 * `tools/list` shows only the tools the caller may call (BookmarksServer).
 */
import { type Principal, Scope } from "@bookmark-library/domain"
import * as Tools from "./tools/index.js"

const byName: ReadonlyMap<string, Scope.Scope> = new Map(Tools.all.map((tool) => [tool.name, tool.scope]))

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null

/** The scope the parsed message needs, or undefined when it needs none (or names no tool we have). */
export const needed = (body: unknown): Scope.Scope | undefined => {
  if (!isRecord(body)) return undefined
  if (body["method"] === "resources/read") return "bookmarks:read"
  if (body["method"] !== "tools/call" || !isRecord(body["params"])) return undefined
  const name = body["params"]["name"]
  return typeof name === "string" ? byName.get(name) : undefined
}

/** The scope the caller lacks for this message, if any. */
export const missing = (principal: Principal, body: unknown): Scope.Scope | undefined => {
  const scope = needed(body)
  return scope === undefined || Scope.allows(principal.key.scopes, scope) ? undefined : scope
}
