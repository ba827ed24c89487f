/**
 * Port: bulk runs (docs/lists.md, "Bulk actions"): the record and its resolved selection, worked by one process at
 * a time under a lease, steps only from where the run stood; any process reads the progress.
 */
import { Context, type Option } from "effect"
import type * as Bulk from "../Bulk.js"
import type { BulkId } from "../Ids.js"
import type { Storage } from "./Storage.js"

export class BulkRuns extends Context.Service<BulkRuns, {
  /** Keeps a new run with its selection, leased until `lockedUntil` (0: free for any claimer). */
  readonly create: (record: Bulk.Record, ids: ReadonlyArray<string>, lockedUntil: number) => Storage<void>
  readonly get: (id: BulkId) => Storage<Option.Option<Bulk.Record>>
  /** The selection, in the order it is worked through. */
  readonly selection: (id: BulkId) => Storage<Option.Option<ReadonlyArray<string>>>
  /** Leases one running run whose lease is free or expired until `now + lease`, the oldest first. */
  readonly claim: (input: { readonly now: number; readonly lease: number }) => Storage<Option.Option<Bulk.Record>>
  /**
   * Moves the run from `from` to `step.position`, adds the step's counts, keeps its results (up to
   * `Bulk.maxKeptProblems` in all) and renews the lease until `leaseUntil`. False, changing nothing, when the run is
   * no longer at `from` (another process took it over): the caller must then abandon its step.
   */
  readonly advance: (id: BulkId, from: number, step: Bulk.Step, leaseUntil: number) => Storage<boolean>
  /** Marks the run done at `at` and frees its lease. */
  readonly finish: (id: BulkId, at: number) => Storage<void>
  /** Frees the lease without other change (a process stopping). */
  readonly release: (id: BulkId) => Storage<void>
  /** Forgets every run finished before `before`; how many it forgot. */
  readonly pruneFinished: (before: number) => Storage<number>
}>()("BulkRuns") {}
