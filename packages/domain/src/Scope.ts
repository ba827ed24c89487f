/**
 * What a key or an OAuth access token may do (docs/oauth.md, "Scopes"): four scopes, each a family of endpoints and
 * MCP tools. A key made before scopes existed, or made without naming any, has all four.
 */
import { Schema } from "effect"

export const Scope = Schema.Literals(["bookmarks:read", "bookmarks:write", "webhooks", "usage"])
export type Scope = typeof Scope.Type

/** Every scope, in the order pages and metadata list them. */
export const all: ReadonlyArray<Scope> = Scope.literals

/** What each scope lets a person's app do, in the words the consent page uses. */
export const describe: Record<Scope, string> = {
  "bookmarks:read": "Read your bookmarks, their page text and your tags",
  "bookmarks:write": "Save new bookmarks",
  webhooks: "Register, test and delete webhooks",
  usage: "Read your plan and its usage"
}

const known: ReadonlySet<string> = new Set(all)

export const isScope = (value: string): value is Scope => known.has(value)

/** Scopes in the canonical order, without repeats. */
export const normalize = (scopes: Iterable<Scope>): ReadonlyArray<Scope> => {
  const wanted = new Set(scopes)
  return all.filter((scope) => wanted.has(scope))
}

/** A space-separated list (OAuth's `scope` parameter); an unknown name makes the whole list undefined. */
export const parse = (text: string): ReadonlyArray<Scope> | undefined => {
  const names = text.split(" ").filter((name) => name !== "")
  if (!names.every(isScope)) return undefined
  return normalize(names.filter(isScope))
}

/** The space-separated form stored and sent. */
export const format = (scopes: ReadonlyArray<Scope>): string => normalize(scopes).join(" ")

export const allows = (scopes: ReadonlyArray<Scope>, needed: Scope): boolean => scopes.includes(needed)
