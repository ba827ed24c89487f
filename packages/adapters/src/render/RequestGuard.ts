/**
 * The address policy at the browser's request level: every request a context makes is checked (scheme and host)
 * before it leaves, and WebRTC is taken away from pages. The SOCKS proxy re-checks at connection level.
 */
import { RenderFailed } from "@bookmark-library/domain"
import { Effect, Exit } from "effect"
import type { BrowserContext, Route } from "playwright-core"
import { type GuardOptions, resolveUrl } from "../net/GuardedLookup.js"
import { shortReason } from "./RenderError.js"

/** `data:` and `blob:` never touch the network; everything else but http(s) (file:, ftp:, chrome:…) is refused. */
const localSchemes = new Set(["data:", "blob:"])

/**
 * Runs in every frame before the page's scripts; the launch flag already keeps WebRTC off UDP, this removes the API.
 */
const disableWebRtc = `(() => {
  for (const name of ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCIceTransport"]) {
    try { Object.defineProperty(globalThis, name, { value: undefined, writable: false, configurable: false }) } catch {}
  }
})()`

export interface Blocked {
  readonly url: string
  readonly reason: string
}

export type Verdict = { readonly allowed: true } | { readonly allowed: false; readonly reason: string }

export const decide = (raw: string, options: GuardOptions): Effect.Effect<Verdict> => {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return Effect.succeed({ allowed: false, reason: "malformed URL" })
  }
  if (localSchemes.has(url.protocol)) return Effect.succeed({ allowed: true })
  return resolveUrl(url, options).pipe(
    Effect.as<Verdict>({ allowed: true }),
    Effect.catch((e) => Effect.succeed<Verdict>({ allowed: false, reason: e.detail }))
  )
}

/** Installs the guard on a fresh context; returns the list of requests it blocked (for the page's log line). */
export const install = Effect.fn("RequestGuard.install")(function*(context: BrowserContext, options: GuardOptions) {
  const runPromise = Effect.runPromiseExitWith(yield* Effect.context<never>())
  const blocked: Array<Blocked> = []
  // One check per origin per page: a page loads many resources from a few origins.
  const verdicts = new Map<string, Promise<Verdict>>()

  const verdictFor = (raw: string): Promise<Verdict> => {
    let key = raw
    try {
      const url = new URL(raw)
      key = `${url.protocol}//${url.host}`
    } catch {
      // a malformed URL is keyed by itself and refused by `decide`
    }
    const known = verdicts.get(key)
    if (known !== undefined) return known
    const pending = runPromise(decide(raw, options)).then((exit) =>
      Exit.isSuccess(exit) ? exit.value : { allowed: false as const, reason: "policy check failed" }
    )
    verdicts.set(key, pending)
    return pending
  }

  const handle = async (route: Route): Promise<void> => {
    const url = route.request().url()
    const verdict = await verdictFor(url)
    try {
      if (verdict.allowed) {
        await route.continue()
      } else {
        blocked.push({ url, reason: verdict.reason })
        await route.abort("blockedbyclient")
      }
    } catch {
      // The page or context closed while the check ran: nothing left to answer.
    }
  }

  yield* Effect.tryPromise({
    try: () => Promise.all([context.addInitScript({ content: disableWebRtc }), context.route("**/*", handle)]),
    catch: (e) => new RenderFailed({ reason: `request guard: ${shortReason(e)}` })
  })
  return blocked as ReadonlyArray<Blocked>
})
