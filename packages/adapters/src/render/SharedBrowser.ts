/**
 * One Chromium per process, launched on first use, relaunched when it crashed or disconnected, closed with the scope.
 * Every connection it makes goes through the guarded SOCKS proxy (see docs/rendering.md).
 */
import { RenderFailed } from "@bookmark-library/domain"
import { Duration, Effect, Metric, Option, SynchronizedRef } from "effect"
import type { Browser } from "playwright-core"
import { shortReason } from "./RenderError.js"

export interface SharedBrowserOptions {
  readonly executablePath: string
  /** `socks5://127.0.0.1:<port>` of the guarded proxy. */
  readonly proxyServer: string
}

/** The headless flags that work on these machines (docs/rendering.md), plus WebRTC restricted to proxied connections: SOCKS carries no UDP, so WebRTC gets no UDP at all. */
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

/** Launch attempts of the shared browser; `restart`: a relaunch because the previous browser crashed or disconnected. */
const launchesTotal = (reason: "first" | "restart") =>
  Metric.counter("browser_launches_total", {
    description: "Chromium launch attempts by the renderer, by reason (restart: the previous browser crashed or disconnected)",
    incremental: true
  }).pipe(Metric.tagged("reason", reason))
const firstLaunches = launchesTotal("first")
const restarts = launchesTotal("restart")

const LAUNCH_TIMEOUT = Duration.seconds(30)
const CLOSE_TIMEOUT = Duration.seconds(5)

export interface SharedBrowser {
  /** The running browser, launching or relaunching it first when needed. */
  readonly get: Effect.Effect<Browser, RenderFailed>
  /** How many times a browser was launched (a relaunch after a crash counts again). */
  readonly launches: Effect.Effect<number>
}

const close = (browser: Browser) =>
  Effect.promise(() => browser.close()).pipe(Effect.timeout(CLOSE_TIMEOUT), Effect.ignore)

export const make = Effect.fn("SharedBrowser.make")(function*(options: SharedBrowserOptions) {
  const current = yield* SynchronizedRef.make(Option.none<Browser>())
  let launches = 0

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
      }).pipe(Effect.zipRight(Effect.logInfo("browser launched").pipe(Effect.annotateLogs({ version: browser.version() }))))
    ),
    Effect.tapError((e) => Effect.logError("browser launch failed").pipe(Effect.annotateLogs({ reason: e.reason }))),
    Effect.withSpan("SharedBrowser.launch"),
    // A page timeout during a launch must not leave a browser nobody holds: the launch finishes (or times out) first.
    Effect.uninterruptible
  )

  yield* Effect.addFinalizer(() =>
    SynchronizedRef.get(current).pipe(Effect.flatMap(Option.match({ onNone: () => Effect.void, onSome: close })))
  )

  const get = SynchronizedRef.modifyEffect(current, (held) => {
    if (Option.isSome(held) && held.value.isConnected()) return Effect.succeed([held.value, held] as const)
    const relaunch = Option.isSome(held)
      ? Effect.logWarning("browser disconnected, relaunching").pipe(
        Effect.zipRight(close(held.value)),
        Effect.zipRight(Metric.increment(restarts))
      )
      : Metric.increment(firstLaunches)
    return relaunch.pipe(Effect.zipRight(launch), Effect.map((browser) => [browser, Option.some(browser)] as const))
  })

  const shared: SharedBrowser = { get, launches: Effect.sync(() => launches) }
  return shared
})
