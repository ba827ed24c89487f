/**
 * A key's scopes as stored: null for every scope (keys made before scopes existed, and full-access keys made since,
 * so they keep full access as scopes are added), else the space-separated list (docs/oauth.md, "Scopes").
 */
import { Scope } from "@bookmark-library/domain"
import { Schema, SchemaTransformation } from "effect"

const isAll = (names: ReadonlyArray<string>) => Scope.all.every((scope) => names.includes(scope))

/** The column's value for `scopes`. */
export const toColumn = (names: ReadonlyArray<string>): string | null => (isAll(names) ? null : names.join(" "))

const names = (value: string | null): ReadonlyArray<string> =>
  value === null ? Scope.all : value.split(" ").filter((name) => name !== "")

/** The column read through a row schema; a name we do not know fails the read. */
export const ScopesColumn = Schema.NullOr(Schema.String).pipe(
  Schema.decodeTo(Schema.Array(Schema.String), SchemaTransformation.transform({ decode: names, encode: toColumn })),
  Schema.decodeTo(Schema.Array(Scope.Scope), SchemaTransformation.passthroughSupertype())
)

/** The same rule for a hand-checked row (the hot path): undefined when a name is not known. */
export const read = (value: unknown): ReadonlyArray<Scope.Scope> | undefined => {
  if (value !== null && typeof value !== "string") return undefined
  const listed = names(value)
  return listed.every(Scope.isScope) ? listed.filter(Scope.isScope) : undefined
}
