/**
 * Hot path, hand-checked: see docs/architecture.md. An API key joined with its account: authentication reads one on
 * every request.
 */
import { AccountId, ApiKey, ApiKeyId, type KeyOwner, Plan } from "@bookmark-library/domain"
import * as RowCheck from "./RowCheck.js"
import * as ScopesColumn from "./ScopesColumn.js"

export const query = `
  SELECT k.id, k.account_id, k.label, k.masked, k.source, k.scopes, k.created_at, k.revoked_at,
         a.plan, a.created_at AS account_created_at, a.plan_changed_at
  FROM api_keys k JOIN accounts a ON a.id = k.account_id`

const plan = RowCheck.oneOf(Plan.Plan.literals)
const source = RowCheck.oneOf(ApiKey.KeySource.literals)

const scopes = (row: RowCheck.Row) => {
  const read = ScopesColumn.read(row["scopes"])
  if (read === undefined) throw new RowCheck.MalformedRow({ column: "scopes", value: row["scopes"] })
  return read
}

// The ids are plain strings in the schema too (the brands add no rule), so they are not validated again.
export const toKeyOwner = (row: RowCheck.Row): KeyOwner => {
  const accountId = AccountId.make(RowCheck.text(row, "account_id"), { disableChecks: true })
  return {
    key: {
      id: ApiKeyId.make(RowCheck.text(row, "id"), { disableChecks: true }),
      accountId,
      label: RowCheck.text(row, "label"),
      masked: RowCheck.text(row, "masked"),
      source: source(row, "source"),
      scopes: scopes(row),
      createdAt: RowCheck.int8(row, "created_at"),
      revokedAt: RowCheck.nullableInt8(row, "revoked_at")
    },
    account: {
      id: accountId,
      plan: plan(row, "plan"),
      createdAt: RowCheck.int8(row, "account_created_at"),
      planChangedAt: RowCheck.int8(row, "plan_changed_at")
    }
  }
}
