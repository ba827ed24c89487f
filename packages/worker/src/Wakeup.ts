/** Waits for whichever comes first: a wake-up hint, a freed slot, or the poll interval. */
import { type Duration, Effect } from "effect"

export const waitForWork = (hints: ReadonlyArray<Effect.Effect<void>>, poll: Duration.Input) =>
  Effect.raceAll([...hints, Effect.sleep(poll)])
