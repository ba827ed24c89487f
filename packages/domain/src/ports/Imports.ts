/** Port: imports in progress: the uploaded file, counts and position, claimed by one worker at a time. */
import { Context, type Effect, type Option } from "effect"
import type { AccountId, ImportId } from "../Ids.js"
import type * as Import from "../Import.js"
import type { Storage } from "./Storage.js"

export class Imports extends Context.Service<Imports, {
  readonly create: (record: Import.Record, file: Uint8Array) => Storage<void>
  readonly get: (id: ImportId) => Storage<Option.Option<Import.Record>>
  readonly file: (id: ImportId) => Storage<Option.Option<Uint8Array>>
  /** The account's most recent imports, newest first, at most `limit`. */
  readonly list: (accountId: AccountId, limit: number) => Storage<ReadonlyArray<Import.Record>>
  /** Leases one running import whose lease is free or expired until `now + lease`; none when there is none. */
  readonly claim: (input: { readonly now: number; readonly lease: number }) => Storage<Option.Option<Import.Record>>
  /**
   * Moves the import from `from` to `step.position`, adds the step's counts, keeps its failures (up to
   * `Import.maxFailuresKept` in all) and renews the lease until `leaseUntil`. False, changing nothing, when the
   * import is no longer at `from` (another worker took it over): the caller must then abandon its batch.
   */
  readonly advance: (id: ImportId, from: number, step: Import.Step, leaseUntil: number) => Storage<boolean>
  /** Marks the import done at `at` and frees its lease. */
  readonly finish: (id: ImportId, at: number) => Storage<void>
  /** Counts one more of the import's bookmarks as enriched. */
  readonly countEnriched: (id: ImportId) => Storage<void>
  /** Frees the lease without other change (graceful shutdown). */
  readonly release: (id: ImportId) => Storage<void>
  /** Completes when an import may have been created since the call (a hint; callers also poll). */
  readonly awaitCreated: Effect.Effect<void>
}>()("Imports") {}
