/**
 * PageRenderer on Playwright + Chromium: final HTML and a full-page JPEG (1280 wide, at most 16,384 px tall),
 * one shared browser, a fresh context per page, the SSRF policy on every connection. See docs/rendering.md.
 */
import { type Copy, PageRenderer, type Rendered, RenderFailed, type RenderOptions } from "@bookmark-library/domain"
import { Duration, Effect, Layer, Semaphore } from "effect"
import type { Browser, BrowserContext, Page } from "playwright-core"
import * as SingleFileCapture from "../archive/SingleFileCapture.js"
import { addressPolicyRefusal } from "../net/AddressPolicy.js"
import type * as AllowHosts from "../net/AllowHosts.js"
import type { GuardOptions, Resolver } from "../net/GuardedLookup.js"
import { detectBrowser } from "./BrowserDiscovery.js"
import * as GuardedSocksProxy from "./GuardedSocksProxy.js"
import { jpegSize } from "./JpegSize.js"
import { shortReason } from "./RenderError.js"
import * as RequestGuard from "./RequestGuard.js"
import * as SharedBrowser from "./SharedBrowser.js"

export { detectBrowser } from "./BrowserDiscovery.js"

export interface Options {
  /** `SCREENSHOTS=false` turns rendering off. Default true. */
  readonly enabled?: boolean | undefined
  /** `CHROMIUM_PATH`; when unset the system Chromium, then Playwright's own, are looked for. */
  readonly chromiumPath?: string | undefined
  /** `ALLOW_PRIVATE_NETWORK=true`: lifts the address check (development and tests only). */
  readonly allowPrivateNetwork?: boolean | undefined
  /** `ALLOW_HOSTS`: the exceptions the fetcher makes, made by the browser's guard too. */
  readonly allowHosts?: AllowHosts.AllowHosts | undefined
  /** Test only: exact `host:port` origins exempt from the address check. */
  readonly allowlist?: ReadonlyArray<string> | undefined
  readonly resolver?: Resolver | undefined
  /** Whole budget of one page, from navigation to screenshot. Default 25 s. */
  readonly pageTimeout?: Duration.Input | undefined
  /** Pages rendered at once in the shared browser. Default 2. */
  readonly maxConcurrentPages?: number | undefined
  readonly userAgent?: string | undefined
  /** BROWSER_IDLE_CLOSE: Chromium closes after this long without a page (default 90 s; zero: never). */
  readonly browserIdleClose?: Duration.Input | undefined
  /** Time cap of an archived copy, added to the page's budget when a copy is asked for (docs/preservation.md). */
  readonly copyTimeout?: Duration.Input | undefined
}

export const VIEWPORT = { width: 1280, height: 800 } as const
/** Chromium's compositor cannot capture taller surfaces in one piece. */
export const MAX_HEIGHT = 16_384
const JPEG_QUALITY = 70
const NAVIGATION_TIMEOUT = Duration.seconds(15)
/** Pages that never go quiet (analytics beacons, long polling) are captured after this anyway. */
const NETWORK_IDLE_WAIT = Duration.seconds(5)
const SCREENSHOT_TIMEOUT = Duration.seconds(10)
const CLOSE_TIMEOUT = Duration.seconds(5)

/** A plain desktop Chrome UA: the headless default says "HeadlessChrome", which many sites answer with a challenge. */
const userAgentFor = (browser: Browser): string =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${
    browser.version().split(".")[0] ?? "120"
  }.0.0.0 Safari/537.36`

const attempt = <A>(step: string, run: () => Promise<A>) =>
  Effect.tryPromise({ try: run, catch: (e) => new RenderFailed({ reason: `${step}: ${describe(e)}` }) })

/**
 * The full-page JPEG of a rendered page and its size. With fullPage, Playwright trims the clip to the document: the
 * width stays the viewport's, the height is capped.
 */
const fullPageJpeg = Effect.fnUntraced(function*(page: Page) {
  const screenshot = yield* attempt("screenshot", () =>
    page.screenshot({
      type: "jpeg",
      quality: JPEG_QUALITY,
      fullPage: true,
      clip: { x: 0, y: 0, width: VIEWPORT.width, height: MAX_HEIGHT },
      timeout: Duration.toMillis(SCREENSHOT_TIMEOUT)
    }))
  const size = jpegSize(screenshot)
  if (size === undefined) return yield* new RenderFailed({ reason: "screenshot: not a readable JPEG" })
  return { screenshot, size }
})

/** Chromium's net error names, in words a bookmark's processingError can show. */
const describe = (e: unknown): string => {
  const reason = shortReason(e)
  if (
    /ERR_BLOCKED_BY_CLIENT|ERR_SOCKS_CONNECTION_FAILED|ERR_PROXY_CONNECTION_FAILED|ERR_TUNNEL_CONNECTION_FAILED/.test(
      reason
    )
  ) {
    return addressPolicyRefusal
  }
  if (/ERR_NAME_NOT_RESOLVED|ERR_SOCKS_CONNECTION_HOST_UNREACHABLE/.test(reason)) return "host not found or unreachable"
  if (/Download is starting/.test(reason)) return "the page is a download"
  return reason
}

const closeContext = (context: BrowserContext) =>
  Effect.promise(() => context.close()).pipe(Effect.timeout(CLOSE_TIMEOUT), Effect.ignore)

const unavailable = (reason: string) =>
  Effect.logWarning(`screenshots are off: ${reason}`).pipe(
    Effect.as(PageRenderer.of({
      available: false,
      render: () => Effect.fail(new RenderFailed({ reason: `screenshots are off: ${reason}` }))
    }))
  )

export const make = Effect.fn("PlaywrightRenderer.make")(function*(options: Options = {}) {
  if (options.enabled === false) return yield* unavailable("SCREENSHOTS=false")
  const discovery = detectBrowser(options.chromiumPath)
  if (!discovery.found) return yield* unavailable(discovery.reason)

  const guard: GuardOptions = {
    allowPrivateNetwork: options.allowPrivateNetwork ?? false,
    allowHosts: options.allowHosts,
    allowlist: options.allowlist,
    resolver: options.resolver
  }
  const proxy = yield* GuardedSocksProxy.make(guard)
  const browser = yield* SharedBrowser.make({
    executablePath: discovery.path,
    proxyServer: proxy.server,
    idleClose: options.browserIdleClose
  })
  const pages = yield* Semaphore.make(Math.max(1, options.maxConcurrentPages ?? 2))
  const pageTimeout = Duration.fromInputUnsafe(options.pageTimeout ?? Duration.seconds(25))
  yield* Effect.logInfo("rendering with Chromium").pipe(
    Effect.annotateLogs({ path: discovery.path, source: discovery.source })
  )

  const copyTimeout = Duration.fromInputUnsafe(options.copyTimeout ?? SingleFileCapture.defaultBounds.timeout)
  const capture = Effect.fn("PlaywrightRenderer.capture")(
    function*(shared: Browser, url: string, copyBounds?: SingleFileCapture.Bounds) {
      const context = yield* Effect.acquireRelease(
        attempt("new context", () =>
          shared.newContext({
            viewport: VIEWPORT,
            userAgent: options.userAgent ?? userAgentFor(shared),
            javaScriptEnabled: true,
            acceptDownloads: false,
            serviceWorkers: "block"
          })),
        closeContext
      )
      const blocked = yield* RequestGuard.install(context, guard)
      const page = yield* attempt("new page", () => context.newPage())
      const refused = copyBounds === undefined ? [] : yield* SingleFileCapture.prepare(context, page, guard, copyBounds)
      yield* attempt(
        "navigation",
        () => page.goto(url, { waitUntil: "domcontentloaded", timeout: Duration.toMillis(NAVIGATION_TIMEOUT) })
      )
      yield* Effect.promise(() =>
        page.waitForLoadState("networkidle", { timeout: Duration.toMillis(NETWORK_IDLE_WAIT) }).catch(() => undefined)
      )
      const html = yield* attempt("content", () => page.content())
      const { screenshot, size } = yield* fullPageJpeg(page)
      if (blocked.length > 0) {
        yield* Effect.logInfo("browser requests blocked").pipe(
          Effect.annotateLogs({ count: blocked.length, first: blocked[0]?.url ?? "", reason: blocked[0]?.reason ?? "" })
        )
      }
      // The copy is taken after the screenshot: SingleFile scrolls the page to load its lazy images.
      const copy: Copy | undefined = copyBounds === undefined
        ? undefined
        : yield* SingleFileCapture.capture(page, copyBounds, () => blocked.length + refused.length)
      const rendered: Rendered = {
        html,
        screenshot: new Uint8Array(screenshot.buffer, screenshot.byteOffset, screenshot.byteLength),
        width: size.width,
        height: size.height,
        copy
      }
      return rendered
    }
  )

  const render = (url: string, renderOptions?: RenderOptions): Effect.Effect<Rendered, RenderFailed> => {
    const copyBounds = renderOptions?.copy === undefined
      ? undefined
      : { maxBytes: renderOptions.copy.maxBytes, timeout: copyTimeout }
    const budget = copyBounds === undefined ? pageTimeout : Duration.sum(pageTimeout, copyTimeout)
    return (/^https?:\/\//i.test(url)
      ? RequestGuard.decide(url, guard)
      : Effect.succeed<RequestGuard.Verdict>({ allowed: false, reason: "only http and https pages are rendered" }))
      .pipe(
        Effect.flatMap((verdict) =>
          verdict.allowed
            // `use`: the browser is not closed for idleness while a page renders in it.
            ? browser.use((shared) => Effect.scoped(capture(shared, url, copyBounds))).pipe(
              Effect.timeoutOrElse({
                duration: budget,
                orElse: () => Effect.fail(new RenderFailed({ reason: `timed out after ${Duration.format(budget)}` }))
              }),
              pages.withPermits(1)
            )
            : Effect.fail(new RenderFailed({ reason: `blocked: ${verdict.reason}` }))
        ),
        Effect.withSpan("PlaywrightRenderer.render", { attributes: { url } }),
        Effect.annotateLogs({ url })
      )
  }

  /**
   * A copy from the person's browser (docs/preservation.md, "Copies from the browser"): set as the page's content
   * with scripts off and every request refused (a copy is self-contained; data: URIs make none), so the screenshot
   * fetches nothing, not even what a left-over remote address names.
   */
  const shootDocument = Effect.fn("PlaywrightRenderer.shootDocument")(function*(shared: Browser, html: string) {
    const context = yield* Effect.acquireRelease(
      attempt("new context", () =>
        shared.newContext({
          viewport: VIEWPORT,
          javaScriptEnabled: false,
          acceptDownloads: false,
          serviceWorkers: "block"
        })),
      closeContext
    )
    yield* attempt("offline", () => context.route("**/*", (route) => route.abort("blockedbyclient")))
    const page = yield* attempt("new page", () => context.newPage())
    yield* attempt(
      "content",
      () => page.setContent(html, { waitUntil: "load", timeout: Duration.toMillis(NAVIGATION_TIMEOUT) })
    )
    const { screenshot, size } = yield* fullPageJpeg(page)
    return {
      screenshot: new Uint8Array(screenshot.buffer, screenshot.byteOffset, screenshot.byteLength),
      width: size.width,
      height: size.height
    }
  })

  const screenshotDocument = (html: string) =>
    browser.use((shared) => Effect.scoped(shootDocument(shared, html))).pipe(
      Effect.timeoutOrElse({
        duration: pageTimeout,
        orElse: () => Effect.fail(new RenderFailed({ reason: `timed out after ${Duration.format(pageTimeout)}` }))
      }),
      pages.withPermits(1)
    )

  return PageRenderer.of({ available: true, render, screenshotDocument })
})

/** The renderer for the process; without a browser it is `available: false` and says so once in the log. */
export const layer = (options: Options = {}) => Layer.effect(PageRenderer, make(options))
