/**
 * Wake-up hints across processes: the enqueueing statement NOTIFYs, so the hint is delivered only when
 * its transaction commits. One channel; the payload names the queue.
 */
import { Context, Deferred, Effect, Ref } from "effect"

export const channel = "bookmarks_enqueued"

export type Topic = "jobs" | "deliveries" | "imports"
export const topics: ReadonlyArray<Topic> = ["jobs", "deliveries", "imports"]

const isTopic = (payload: string): payload is Topic => topics.some((topic) => topic === payload)

export class SqlNotifications extends Context.Service<SqlNotifications, {
  /** Completes at the next notification for `topic` after the call (a hint: callers also poll). */
  readonly next: (topic: Topic) => Effect.Effect<void>
}>()("SqlNotifications") {}

/** In-process signals fed by the listening connection: `wait(topic)` completes at the next matching `dispatch`. */
export const makeSignals = Effect.gen(function*() {
  const jobs = yield* Ref.make(yield* Deferred.make<void>())
  const deliveries = yield* Ref.make(yield* Deferred.make<void>())
  const imports = yield* Ref.make(yield* Deferred.make<void>())
  const signal = (topic: Topic) => (topic === "jobs" ? jobs : topic === "deliveries" ? deliveries : imports)
  return {
    wait: (topic: Topic) => Effect.flatMap(Ref.get(signal(topic)), Deferred.await),
    /** Wakes the waiters of the topic a payload names; other payloads are ignored. */
    dispatch: (payload: string): Effect.Effect<void> =>
      isTopic(payload)
        ? Effect.flatMap(Deferred.make<void>(), (next) =>
          Effect.flatMap(Ref.getAndSet(signal(payload), next), (previous) =>
            Deferred.succeed(previous, undefined)))
        : Effect.void
  }
})
