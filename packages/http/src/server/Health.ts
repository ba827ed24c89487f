/** The readiness check behind `GET /health`: the composition root says what "storage answers" means. */
import type { Errors } from "@bookmark-library/domain"
import { Context, Effect, Layer } from "effect"

export class Health extends Context.Service<Health, {
  /** Succeeds once migrations ran and storage answers. */
  readonly check: Effect.Effect<void, Errors.StorageUnavailable>
}>()("Health") {}

/** For tests and hosts without storage of their own. */
export const healthy: Layer.Layer<Health> = Layer.succeed(Health, { check: Effect.void })
