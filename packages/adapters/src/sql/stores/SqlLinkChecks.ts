/** The link-health methods of the `bookmarks` table (docs/preservation.md, "Link health"), part of SqlBookmarks. */
import { BookmarkId, type Bookmarks, type LinkHealth } from "@bookmark-library/domain"
import { Effect } from "effect"
import type * as SqlClient from "effect/sql/SqlClient"
import { storage } from "../clients/SqlFailure.js"
import { health as readHealth } from "../rows/BookmarkRow.js"
import * as RowCheck from "../rows/RowCheck.js"

type Methods = Pick<Bookmarks["Service"], "claimLinkChecks" | "recordLinkCheck" | "postponeLinkCheck">

const linkRows = RowCheck.all((row): LinkHealth.Due => ({
  id: BookmarkId.make(RowCheck.text(row, "id"), { disableChecks: true }),
  url: RowCheck.text(row, "url"),
  health: readHealth(row)
}))

export const make = (sql: SqlClient.SqlClient): Methods => ({
  // Across accounts; SKIP LOCKED lets two checkers claim at once without waiting for or sharing rows.
  claimLinkChecks: Effect.fn("SqlLinkChecks.claimLinkChecks")(function*({ firstAfter, lease, max, now }) {
    const rows = yield* storage(sql`
      UPDATE bookmarks b SET link_check_due = ${now + lease}
      FROM (
        SELECT id FROM bookmarks
        WHERE url <> '' AND status = 'ready'
          AND (link_check_due <= ${now} OR (link_check_due IS NULL AND created_at <= ${now - firstAfter}))
        LIMIT ${max} FOR UPDATE SKIP LOCKED
      ) due
      WHERE b.id = due.id
      RETURNING b.id, b.url, b.link_state, b.link_checked_at, b.link_failures, b.link_moved_to`)
    return yield* linkRows(rows)
  }),

  recordLinkCheck: Effect.fn("SqlLinkChecks.recordLinkCheck")(function*(id, health, nextAt) {
    const rows = yield* storage(sql`
      UPDATE bookmarks SET link_state = ${health.state ?? ""}, link_checked_at = ${health.checkedAt},
        link_failures = ${health.failures}, link_moved_to = ${health.movedTo ?? ""}, link_check_due = ${nextAt}
      WHERE id = ${id} RETURNING id`)
    return rows.length > 0
  }),

  postponeLinkCheck: Effect.fn("SqlLinkChecks.postponeLinkCheck")(function*(id, at) {
    yield* storage(sql`UPDATE bookmarks SET link_check_due = ${at} WHERE id = ${id}`)
  })
})
