/**
 * First run: while the server has no user, "Create your account" is offered to loopback clients, and to anyone with
 * the one-time setup link printed at start (for a server reached from elsewhere). The link dies with the first user.
 */
import { IdGenerator, isFirstRun, Session, Sha256 } from "@bookmark-library/domain"
import { Context, Effect, Option, Ref } from "effect"

export interface SetupShape {
  /** The link, while no user exists. */
  readonly url: Effect.Effect<Option.Option<string>>
  /** Whether `token` is the setup token (constant time). */
  readonly valid: (token: string) => Effect.Effect<boolean>
  /** Forgets the token (the first account exists). */
  readonly consume: Effect.Effect<void>
}

export class SetupLink extends Context.Service<SetupLink, SetupShape>()("SetupLink") {}

export const make = (publicUrl: string) =>
  Effect.gen(function*() {
    const first = yield* isFirstRun
    const ids = yield* IdGenerator
    const token = yield* Ref.make(
      first ? Option.some(Session.tokenFromBytes(yield* ids.bytes(32))) : Option.none<string>()
    )
    const base = publicUrl.replace(/\/+$/, "")
    const shape: SetupShape = {
      url: Effect.map(Ref.get(token), Option.map((t) => `${base}/setup/${t}`)),
      valid: (candidate) =>
        Effect.map(Ref.get(token), (t) => Option.isSome(t) && Sha256.constantTimeEqual(t.value, candidate)),
      consume: Ref.set(token, Option.none())
    }
    return shape
  })
