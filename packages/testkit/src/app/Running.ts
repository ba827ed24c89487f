/**
 * A running in-memory service for tests of other teams: every port in memory, ids from a seed, a clock that moves
 * only when told, recording fakes for pages and webhook endpoints, and the JSON API (and admin API) answering
 * web-standard requests without a socket. Usable from any test, Effect or not (docs/packages.md, "The testkit for
 * other teams").
 */
import type { AccountId, Plan } from "@bookmark-library/domain"
import { WebHandler } from "@bookmark-library/http"
import { Clock, Context, type Duration, Effect, Exit, Layer, type LogLevel, References, Scope } from "effect"
import * as FetchHttpClient from "effect/http/FetchHttpClient"
import type * as HttpClient from "effect/http/HttpClient"
import { TestClock } from "effect/testing"
import * as FakePageFetcher from "../fakes/FakePageFetcher.js"
import * as FakePageRenderer from "../fakes/FakePageRenderer.js"
import * as FakeWebhookSender from "../fakes/FakeWebhookSender.js"
import * as Fixtures from "../Fixtures.js"
import * as Queues from "./Queues.js"
import * as Services from "./Services.js"

export interface Options {
  /** Seed of the id generator: the same seed gives the same ids. Default 42. */
  readonly seed?: number
  /** Where the clock starts (it moves only with `advance`). Default 2026-01-01T00:00:00.000Z. */
  readonly now?: Date | number | string
  /** Settings overrides: plans and their limits, `allowHttpWebhooks`, the retry schedule… */
  readonly settings?: Services.Setup["settings"]
  /** Origin of `fetch`'s relative URLs and of asset links. Default `http://bookmarks.test`. */
  readonly baseUrl?: string
  /** Bearer token of the admin API (`/admin/…`). Default `adm_test-token`. */
  readonly adminToken?: string
  /** Whether the fake renderer is available (screenshots of rendered pages). Default false. */
  readonly screenshots?: boolean
  /** Least level logged by the service. Default "Warn" (request logs off). */
  readonly logLevel?: LogLevel.LogLevel
}

export interface Running {
  readonly baseUrl: string
  readonly adminToken: string
  /** The whole HTTP surface as `(request) => Promise<Response>`: JSON API, admin API, OpenAPI document. */
  readonly handler: WebHandler.Handler
  /** `fetch` against the service; a relative URL is resolved against `baseUrl`. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>
  /** An `HttpClient` whose requests go to `handler`: give it to the typed client (`ApiClient.make`). */
  readonly httpClient: Layer.Layer<HttpClient.HttpClient>
  /** The pages on the (fake) web: `serve(url, answer)`, `script(url, result)`; `calls` lists every fetch. */
  readonly pages: ReturnType<typeof FakePageFetcher.make>
  /** Shorthand: `url` answers 200 with this HTML. */
  readonly servePage: (url: string, html: string) => void
  /** The rendering browser (when `screenshots`): `script(url, html)`; `calls` lists every render. */
  readonly renderer: ReturnType<typeof FakePageRenderer.make>
  /** The webhook endpoints: `sent` lists every delivery that reached one; `endpoint(url, { status })` sets answers. */
  readonly webhooks: ReturnType<typeof FakeWebhookSender.make>
  /** A new account on `plan` (default free) with one API key; the key is shown only here, as the API shows it once. */
  readonly createAccount: (plan?: Plan.Plan) => Promise<{ readonly accountId: AccountId; readonly key: string }>
  /** Processes every enrichment job due now; the number processed. */
  readonly processJobs: () => Promise<number>
  /** Attempts every webhook delivery due now; the number attempted. */
  readonly deliverWebhooks: () => Promise<number>
  /** Jobs, then the deliveries they caused, until nothing is due now. */
  readonly settle: () => Promise<void>
  /** Moves the clock forward (retries and rate-limit windows depend on it). */
  readonly advance: (duration: Duration.Input) => Promise<void>
  /** The clock's time, epoch milliseconds. */
  readonly now: () => Promise<number>
  /** Runs an Effect against the service's ports and use cases. */
  readonly run: <A, E>(effect: Effect.Effect<A, E, Services.Services>) => Promise<A>
  /** The service's services (its TestClock included), for `Effect.provide(app.context)` in Effect tests. */
  readonly context: Context.Context<Services.Services | TestClock.TestClock>
  /** Stops the service (idempotent). */
  readonly close: () => Promise<void>
}

const defaultStart = Date.UTC(2026, 0, 1)

const startOf = (now: Options["now"]): number => {
  const time = now === undefined ? defaultStart : new Date(now).getTime()
  if (!Number.isFinite(time)) throw new Error(`TestApp: now is not a time: ${String(now)}`)
  return time
}

const encoder = new TextEncoder()

/** Builds the service in `scope`: closing the scope stops it. */
const build = (options: Options, scope: Scope.Closeable) =>
  Effect.gen(function*() {
    const baseUrl = (options.baseUrl ?? "http://bookmarks.test").replace(/\/+$/, "")
    const adminToken = options.adminToken ?? "adm_test-token"
    const fakes: Services.Fakes = {
      pages: FakePageFetcher.make(),
      renderer: FakePageRenderer.make(options.screenshots ?? false),
      webhooks: FakeWebhookSender.make()
    }
    const setup = { settings: options.settings ?? {}, seed: options.seed ?? 42, baseUrl, adminToken }
    // The TestClock and the least log level are in the services of everything the service runs, requests included.
    const context = yield* Layer.buildWithScope(
      Services.layer(setup, fakes).pipe(
        Layer.provideMerge(Layer.merge(
          TestClock.layer(),
          Layer.succeed(References.MinimumLogLevel, options.logLevel ?? "Warn")
        ))
      ),
      scope
    )
    const run = <A, E>(effect: Effect.Effect<A, E, Services.Services>) => Effect.runPromiseWith(context)(effect)
    yield* Effect.provide(TestClock.setTime(startOf(options.now)), context)
    const handler = Context.get(context, WebHandler.WebHandler)
    const fetch = (input: string | URL | Request, init?: RequestInit) =>
      handler(input instanceof Request ? new Request(input, init) : new Request(new URL(input, `${baseUrl}/`), init))
    let closed: Promise<void> | undefined
    const running: Running = {
      baseUrl,
      adminToken,
      handler,
      fetch,
      httpClient: FetchHttpClient.layer.pipe(
        Layer.provide(Layer.succeed(FetchHttpClient.Fetch, (input, init) => fetch(input, init)))
      ),
      pages: fakes.pages,
      servePage: (url, html) =>
        fakes.pages.serve(url, { status: 200, contentType: "text/html; charset=utf-8", body: encoder.encode(html) }),
      renderer: fakes.renderer,
      webhooks: fakes.webhooks,
      createAccount: (plan) =>
        run(
          Effect.map(Fixtures.accountWithKey(plan ?? "free"), ({ account, key }) => ({ accountId: account.id, key }))
        ),
      processJobs: () => run(Queues.runDueJobs),
      deliverWebhooks: () => run(Queues.runDueDeliveries),
      settle: () => run(Queues.settle()),
      advance: (duration) => run(TestClock.adjust(duration)),
      now: () => run(Clock.currentTimeMillis),
      run,
      context,
      close: () => (closed ??= Effect.runPromise(Scope.close(scope, Exit.void)))
    }
    return running
  })

/** Starts a service; call `close()` when done (e.g. in `afterEach`). */
export const start = (options: Options = {}): Promise<Running> =>
  Effect.runPromise(
    Effect.flatMap(Scope.make(), (scope) =>
      build(options, scope).pipe(Effect.onError(() => Scope.close(scope, Exit.void))))
  )

/**
 * The service for the enclosing scope (e.g. `it.effect`, which gives each test a scope): it stops when the scope
 * closes.
 */
export const make = (options: Options = {}): Effect.Effect<Running, never, Scope.Scope> =>
  Effect.acquireRelease(Effect.promise(() => start(options)), (running) => Effect.promise(() => running.close()))
