/**
 * The archived copy of a page rendered in a guarded context: SingleFile's engine (from `single-file-cli`) runs inside
 * that very page, so the DOM it keeps is the one the screenshot shows and every resource it inlines is loaded by the
 * same browser, through the request guard and the guarded SOCKS proxy (docs/preservation.md).
 */
import type { Copy } from "@bookmark-library/domain"
import { Duration, Effect } from "effect"
import type { BrowserContext, Page } from "playwright-core"
import type { GuardOptions } from "../net/GuardedLookup.js"
import { shortReason } from "../render/RenderError.js"
import * as BrowserFetch from "./BrowserFetch.js"
import * as CopyImages from "./CopyImages.js"
import * as PageScript from "./PageScript.js"

export interface Bounds {
  /** Largest copy kept (bytes of HTML); over it, images are dropped, then fonts and frames, then the copy. */
  readonly maxBytes: number
  /** The whole capture, all attempts together. */
  readonly timeout: Duration.Duration
}

/** Default: 20 MB a copy, 20 s a capture. */
export const defaultBounds: Bounds = { maxBytes: 20 * 1024 * 1024, timeout: Duration.seconds(20) }

/** Fallback fetches one page may make (a page of thousands of images is kept without the rest). */
const MAX_FALLBACK_REQUESTS = 500

/** What an attempt leaves out, in the order they are tried, with the words a partial copy is described by. */
const attempts: ReadonlyArray<{ readonly drop: PageScript.Drop; readonly left: string }> = [
  { drop: { images: false, fontsAndFrames: false }, left: "" },
  { drop: { images: true, fontsAndFrames: false }, left: "images left out to fit the size cap" },
  { drop: { images: true, fontsAndFrames: true }, left: "images, fonts and frames left out to fit the size cap" }
]

const engine = Effect.promise(() => import("single-file-cli/lib/single-file-bundle.js"))

/**
 * Readies a fresh context for a capture, before its page navigates: SingleFile's hooks and engine in every frame,
 * and the guarded fallback fetch. Returns the fallback's refusals (read after the capture).
 */
export const prepare = Effect.fn("SingleFileCapture.prepare")(function*(
  context: BrowserContext,
  page: Page,
  guard: GuardOptions,
  bounds: Bounds
) {
  const { script, hookScript } = yield* engine
  yield* Effect.promise(() => context.addInitScript({ content: hookScript }))
  // Playwright may run an init script inside a function: the engine's top-level `var` is published explicitly.
  yield* Effect.promise(() =>
    context.addInitScript({ content: `${script};globalThis.singlefile = globalThis.singlefile || singlefile;` })
  )
  return yield* BrowserFetch.install(context, page, guard, {
    maxResourceBytes: bounds.maxBytes,
    maxRequests: MAX_FALLBACK_REQUESTS
  })
})

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`

const run = (page: Page, drop: PageScript.Drop, bounds: Bounds) =>
  Effect.tryPromise({
    try: () => page.evaluate(PageScript.capture(PageScript.options(drop, Math.max(1, bounds.maxBytes / 1024 / 1024)))),
    catch: (e) => shortReason(e)
  }).pipe(Effect.map((content) => (typeof content === "string" ? content : "")))

/**
 * The copy of the page now loaded in `page`: the first attempt within the size cap, or missing with the reason.
 * `refused` counts resources the address policy kept out (they are absent from the copy).
 */
export const capture = Effect.fn("SingleFileCapture.capture")(function*(
  page: Page,
  bounds: Bounds,
  refused: () => number
) {
  const encoder = new TextEncoder()
  const tries = Effect.gen(function*() {
    const kept = (html: Uint8Array, left: string): Copy => {
      const blocked = refused()
      const notes = [left, blocked > 0 ? `${blocked} resource(s) refused by the address policy` : ""]
      return { _tag: "Kept", html, partial: notes.filter((n) => n !== "").join("; ") }
    }
    for (const { drop, left } of attempts) {
      const content = yield* run(page, drop, bounds)
      if (content === "") return { _tag: "Missing", reason: "the page gave an empty copy" } satisfies Copy
      const html = encoder.encode(content)
      if (html.byteLength <= bounds.maxBytes) return kept(html, left)
      // Over the cap with its images: smaller images first, then fewer, largest first (CopyImages.ts).
      if (!drop.images) {
        const fitted = yield* Effect.promise(() => CopyImages.fit(content, bounds.maxBytes))
        if (fitted !== undefined) return kept(encoder.encode(fitted.html), CopyImages.note(fitted))
      }
    }
    return {
      _tag: "Missing",
      reason: `over the size cap of ${megabytes(bounds.maxBytes)} even without images, fonts and frames`
    } satisfies Copy
  })
  return yield* tries.pipe(
    Effect.catch((reason) => Effect.succeed<Copy>({ _tag: "Missing", reason: `capture failed: ${reason}` })),
    Effect.timeoutOrElse({
      duration: bounds.timeout,
      orElse: () =>
        Effect.succeed<Copy>({ _tag: "Missing", reason: `capture timed out after ${Duration.format(bounds.timeout)}` })
    })
  )
})
