/** A whole in-memory domain with recording fakes, built fresh per test, plus helpers that drive the queues. */
import { Deliveries, deliverWebhook, Delivery, Job, Jobs, processJob, type Settings } from "@bookmark-library/domain"
import {
  FakeContentAnalyzer,
  FakePageExtractor,
  FakePageFetcher,
  FakePageRenderer,
  FakeWebhookSender,
  TestApp
} from "@bookmark-library/testkit"
import { Clock, Effect, Layer } from "effect"

export interface WorldOptions {
  readonly settings?: Partial<Settings.SettingsShape>
  readonly renderer?: boolean
  readonly seed?: number
}

export const makeWorld = (options: WorldOptions = {}) => {
  const fetcher = FakePageFetcher.make()
  const renderer = FakePageRenderer.make(options.renderer ?? true)
  const sender = FakeWebhookSender.make()
  const layer = Layer.mergeAll(
    TestApp.layer(options.settings ?? {}, options.seed),
    fetcher.layer,
    renderer.layer,
    sender.layer,
    FakePageExtractor.layer,
    FakeContentAnalyzer.layer
  )
  return { fetcher, renderer, sender, layer }
}

export type World = ReturnType<typeof makeWorld>
export type WorldServices = Layer.Success<World["layer"]>

/** Runs `body` against a fresh world. */
export const inWorld = <A, E, R>(
  body: (world: World) => Effect.Effect<A, E, R>,
  options: WorldOptions = {}
): Effect.Effect<A, E, Exclude<R, WorldServices>> =>
  Effect.suspend(() => {
    const world = makeWorld(options)
    return Effect.provide(body(world), world.layer)
  })

/** Claims every due job now and processes it; returns the outcomes. */
export const runDueJobs = Effect.gen(function*() {
  const jobs = yield* Jobs
  const now = yield* Clock.currentTimeMillis
  const claimed = yield* jobs.claim({ now, lease: Job.lease, max: 100 })
  return yield* Effect.forEach(claimed, (job) => Effect.map(processJob(job), (outcome) => ({ job, outcome })))
})

/** Claims every due delivery now and attempts it once; returns the outcomes. */
export const runDueDeliveries = Effect.gen(function*() {
  const deliveries = yield* Deliveries
  const now = yield* Clock.currentTimeMillis
  const claimed = yield* deliveries.claim({
    now,
    lease: 60_000,
    max: 100,
    maxPerWebhook: Delivery.maxInFlightPerWebhook
  })
  return yield* Effect.forEach(claimed, (c) => Effect.map(deliverWebhook(c), (outcome) => ({ claimed: c, outcome })))
})

/** The HTML of a page with a title, a description and a few sentences. */
export const page = (
  title: string,
  description = "",
  text = "Bookmarks deserve careful enrichment. Another sentence."
) =>
  `<html><head><title>${title}</title><meta name="description" content="${description}"></head>` +
  `<body><p>${text}</p></body></html>`

/** The failure of `effect`, which must be an instance of `kind` (the test dies otherwise). */
export const failureOf = <A, E, R, K>(effect: Effect.Effect<A, E, R>, kind: new(...args: Array<never>) => K) =>
  Effect.flatMap(
    Effect.flip(effect),
    (e) => e instanceof kind ? Effect.succeed(e) : Effect.die(new Error(`expected ${kind.name}, got ${String(e)}`))
  )
