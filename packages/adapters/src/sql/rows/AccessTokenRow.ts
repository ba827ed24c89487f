/**
 * Hot path, hand-checked: see docs/architecture.md. An OAuth access token joined with its grant (an API key) and
 * account: authentication reads one on every request made with a token, in one round trip.
 */
import type { AccessTokenOwner } from "@bookmark-library/domain"
import { toKeyOwner } from "./KeyOwnerRow.js"
import * as RowCheck from "./RowCheck.js"

export const query = `
  SELECT k.id, k.account_id, k.label, k.masked, k.source, k.scopes, k.created_at, k.revoked_at,
         a.plan, a.created_at AS account_created_at, a.plan_changed_at,
         t.client_id, t.resource, t.expires_at
  FROM oauth_tokens t JOIN api_keys k ON k.id = t.key_id JOIN accounts a ON a.id = k.account_id`

export const toOwner = (row: RowCheck.Row): AccessTokenOwner => ({
  owner: toKeyOwner(row),
  clientId: RowCheck.text(row, "client_id"),
  resource: RowCheck.text(row, "resource"),
  expiresAt: RowCheck.int8(row, "expires_at")
})
