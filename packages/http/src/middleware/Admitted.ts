/**
 * A request the hot-read fast path (server/HotReads.ts) already authenticated and charged, then handed to the general
 * path because its answer is not the plain 200 (refused by the allowance, unknown bookmark, bad query…). The
 * authentication middleware takes this outcome instead of authenticating and charging again: a request is charged
 * once, whichever path answers it.
 */
import type { Allowance, Errors, Principal } from "@bookmark-library/domain"
import { Context, type Exit, type Option } from "effect"

export interface Outcome {
  readonly principal: Principal
  /** What charging the request gave: the allowance state (none when the counter was unreachable), or the refusal. */
  readonly charge: Exit.Exit<Option.Option<Allowance.State>, Errors.RateLimited>
}

/** Absent (undefined) on every request the fast path did not charge. */
export const Admitted = Context.Reference<Outcome | undefined>("@bookmark-library/http/Admitted", {
  defaultValue: () => undefined
})
