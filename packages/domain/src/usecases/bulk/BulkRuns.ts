/**
 * Where bulk runs are kept while they work and a while after: in the process that runs them, like the key cache.
 * A run is short (10,000 bookmarks in well under a minute) and its effects are in storage as it goes, so a restart
 * loses only the progress page of a run, never the done part of its work (docs/lists.md, "Bulk actions").
 */
import { Context } from "effect"
import type * as Bulk from "../../Bulk.js"

export interface Registry {
  readonly runs: Map<string, Bulk.Run>
}

/** How many runs are remembered; the oldest finished ones are forgotten first. */
export const maxRemembered = 200

const shared: Registry = { runs: new Map() }

/** The process's runs; a test provides its own registry. */
export const BulkRuns = Context.Reference<Registry>("@bookmark-library/domain/BulkRuns", {
  defaultValue: () => shared
})

export const newRegistry = (): Registry => ({ runs: new Map() })

/** Remembers a run, forgetting the oldest finished ones past `maxRemembered`. */
export const remember = (registry: Registry, run: Bulk.Run): void => {
  registry.runs.set(run.id, run)
  if (registry.runs.size <= maxRemembered) return
  for (const [id, old] of registry.runs) {
    if (registry.runs.size <= maxRemembered) break
    if (old.finishedAt !== null) registry.runs.delete(id)
  }
}
