/**
 * One Chromium per process, launched on first use, relaunched when it crashed or disconnected, closed after an idle
 * time with no page open (docs/preservation.md, "Footprint") and with the scope. Every connection it makes goes
 * through the guarded SOCKS proxy (see docs/rendering.md).
 */
import { RenderFailed } from "@bookmark-library/domain"
import { Clock, Duration, Effect, Metric, Option, SynchronizedRef } from "effect"
import type { Browser } from "playwright-core"
import { shortReason } from "./RenderError.js"

export interface SharedBrowserOptions {
  readonly executablePath: string
  /** `socks5://127.0.0.1:<port>` of the guarded proxy. */
  readonly proxyServer: string
  /**
   * Close the browser once it has had no page for this long (BROWSER_IDLE_CLOSE); the next page launches it again.
   * Default 90 s; zero: never (it stays until the scope closes).
   */
  readonly idleClose?: Duration.Input | undefined
}

export const defaultIdleClose = Duration.seconds(90)

/**
 * The headless flags that work on these machines (docs/rendering.md), plus WebRTC restricted to proxied connections:
 * SOCKS carries no UDP, so WebRTC gets no UDP at all.
 */
export const chromiumArgs: ReadonlyArray<string> = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
  "--webrtc-ip-handling-policy=disable_non_proxied_udp"
]

/**
 * Launch attempts of the shared browser; `restart`: a relaunch because the previous browser crashed or disconnected;
 * `after_idle`: a launch after the previous browser was closed for being idle.
 */
const launchesTotal = (reason: "first" | "restart" | "after_idle") =>
  Metric.counter("browser_launches_total", {
    description: "Chromium launch attempts by the renderer, by reason (restart: the previous browser crashed or " +
      "disconnected; after_idle: it had been closed for being idle)",
    incremental: true
  }).pipe(Metric.withAttributes({ reason }))
const firstLaunches = launchesTotal("first")
const restarts = launchesTotal("restart")
const afterIdle = launchesTotal("after_idle")
const idleCloses = Metric.counter("browser_idle_closes_total", {
  description: "Times the renderer closed its Chromium after it had no page for BROWSER_IDLE_CLOSE",
  incremental: true
})

const LAUNCH_TIMEOUT = Duration.seconds(30)
const CLOSE_TIMEOUT = Duration.seconds(5)

export interface SharedBrowser {
  /**
   * The running browser, launching or relaunching it first when needed. It counts as used now; a caller that holds
   * it longer than the idle time without a context open should use `use` instead.
   */
  readonly get: Effect.Effect<Browser, RenderFailed>
  /** Runs `f` with the browser, which is not closed for idleness while `f` runs. */
  readonly use: <A, E, R>(f: (browser: Browser) => Effect.Effect<A, E, R>) => Effect.Effect<A, E | RenderFailed, R>
  /** How many times a browser was launched (a relaunch after a crash or an idle close counts again). */
  readonly launches: Effect.Effect<number>
  /** How many times the browser was closed for being idle. */
  readonly idleCloses: Effect.Effect<number>
  /** Whether a browser is running now. */
  readonly running: Effect.Effect<boolean>
}

const close = (browser: Browser) =>
  Effect.promise(() => browser.close()).pipe(Effect.timeout(CLOSE_TIMEOUT), Effect.ignore)

export const make = Effect.fn("SharedBrowser.make")(function*(options: SharedBrowserOptions) {
  const current = yield* SynchronizedRef.make(Option.none<Browser>())
  let launches = 0
  let closedForIdle = 0
  /** Callers inside `use`, and when the browser was last asked for or let go of. */
  let inUse = 0
  let lastUsed = yield* Clock.currentTimeMillis
  const idleMs = Duration.toMillis(Duration.fromInputUnsafe(options.idleClose ?? defaultIdleClose))

  // Playwright (some 80 MB of RSS) loads with the first launch, not at start (idle memory: docs/decisions.md,
  // "Performance targets").
  // It gives each launch a fresh temporary user-data-dir and deletes it on close.
  const launch = Effect.tryPromise({
    try: async () =>
      (await import("playwright-core")).chromium.launch({
        executablePath: options.executablePath,
        headless: true,
        args: [...chromiumArgs],
        // A SOCKS proxy makes Playwright add `--host-resolver-rules=MAP * ~NOTFOUND` and `<-loopback>`:
        // Chromium resolves no name itself and even loopback traffic goes through the proxy's check.
        proxy: { server: options.proxyServer },
        timeout: Duration.toMillis(LAUNCH_TIMEOUT),
        // The Effect runtime owns shutdown; Playwright still kills the browser if the process exits.
        handleSIGINT: false,
        handleSIGTERM: false,
        handleSIGHUP: false
      }),
    catch: (e) => new RenderFailed({ reason: `browser launch failed: ${shortReason(e)}` })
  }).pipe(
    Effect.tap((browser) =>
      Effect.sync(() => {
        launches += 1
      }).pipe(
        Effect.andThen(Effect.logInfo("browser launched").pipe(Effect.annotateLogs({ version: browser.version() })))
      )
    ),
    Effect.tapError((e) => Effect.logError("browser launch failed").pipe(Effect.annotateLogs({ reason: e.reason }))),
    Effect.withSpan("SharedBrowser.launch"),
    // A page timeout during a launch must not leave a browser nobody holds: the launch finishes (or times out) first.
    Effect.uninterruptible
  )

  yield* Effect.addFinalizer(() =>
    SynchronizedRef.get(current).pipe(Effect.flatMap(Option.match({ onNone: () => Effect.void, onSome: close })))
  )

  const touch = Effect.flatMap(Clock.currentTimeMillis, (now) =>
    Effect.sync(() => {
      lastUsed = now
    }))

  const get = Effect.andThen(
    touch,
    SynchronizedRef.modifyEffect(current, (held) => {
      if (Option.isSome(held) && held.value.isConnected()) return Effect.succeed([held.value, held] as const)
      const relaunch = Option.isSome(held)
        ? Effect.logWarning("browser disconnected, relaunching").pipe(
          Effect.andThen(close(held.value)),
          Effect.andThen(Metric.update(restarts, 1))
        )
        : Metric.update(closedForIdle > 0 ? afterIdle : firstLaunches, 1)
      return relaunch.pipe(Effect.andThen(launch), Effect.map((browser) => [browser, Option.some(browser)] as const))
    })
  )

  const use = <A, E, R>(f: (browser: Browser) => Effect.Effect<A, E, R>) =>
    Effect.acquireUseRelease(
      Effect.sync(() => {
        inUse += 1
      }),
      () => Effect.flatMap(get, f),
      () =>
        Effect.andThen(
          Effect.sync(() => {
            inUse -= 1
          }),
          touch
        )
    )

  // Checked under the same lock as `get`: a page that asks while the browser closes gets a new one, never a closed one.
  // A browser with a page open (a context), or a caller inside `use`, is never idle.
  const closeIfIdle = Effect.flatMap(Clock.currentTimeMillis, (now) =>
    SynchronizedRef.updateEffect(current, (held) => {
      if (Option.isNone(held)) return Effect.succeed(held)
      if (inUse > 0 || held.value.contexts().length > 0 || now - lastUsed < idleMs) return Effect.succeed(held)
      return close(held.value).pipe(
        Effect.andThen(Effect.sync(() => {
          closedForIdle += 1
        })),
        Effect.andThen(Metric.update(idleCloses, 1)),
        Effect.andThen(
          Effect.logInfo("browser closed after being idle").pipe(Effect.annotateLogs({ idleMs: now - lastUsed }))
        ),
        Effect.as(Option.none<Browser>())
      )
    }))

  if (idleMs > 0) {
    // Checked a few times per idle period, so the browser closes within a quarter of it past the mark.
    const every = Duration.millis(Math.max(250, Math.min(idleMs / 4, 15_000)))
    yield* closeIfIdle.pipe(Effect.delay(every), Effect.forever, Effect.forkScoped)
  }

  const shared: SharedBrowser = {
    get,
    use,
    launches: Effect.sync(() => launches),
    idleCloses: Effect.sync(() => closedForIdle),
    running: Effect.map(SynchronizedRef.get(current), (held) => Option.isSome(held) && held.value.isConnected())
  }
  return shared
})
