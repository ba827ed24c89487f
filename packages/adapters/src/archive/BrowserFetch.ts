/**
 * The fetch SingleFile falls back to when the page's own `fetch` is refused by CORS (a cross-origin image without
 * `Access-Control-Allow-Origin`): the same browser loads the resource with CDP `Network.loadNetworkResource`, so the
 * bytes still come through the guarded SOCKS proxy; the request guard's check runs first, so a refused address is
 * logged and never asked for. Bounded per resource and per page (docs/preservation.md, "Every byte through the guard").
 */
import { Effect, Exit } from "effect"
import type { BrowserContext, CDPSession, Page } from "playwright-core"
import type { GuardOptions } from "../net/GuardedLookup.js"
import * as RequestGuard from "../render/RequestGuard.js"

/** The binding's name in every frame of a page being archived. */
export const bindingName = "__bookmarkArchiveFetch"

export interface Budget {
  /** Largest single resource kept (bytes). */
  readonly maxResourceBytes: number
  /** Fallback fetches one page may make. */
  readonly maxRequests: number
}

export type Answer =
  | { readonly status: number; readonly headers: Record<string, string>; readonly data: string }
  | { readonly error: string }

export interface Refusal {
  readonly url: string
  readonly reason: string
}

const READ_CHUNK = 256 * 1024

const readStream = async (cdp: CDPSession, handle: string, limit: number): Promise<Buffer | undefined> => {
  const chunks: Array<Buffer> = []
  let total = 0
  try {
    for (;;) {
      const chunk = await cdp.send("IO.read", { handle, size: READ_CHUNK })
      const bytes = chunk.base64Encoded === true ? Buffer.from(chunk.data, "base64") : Buffer.from(chunk.data)
      total += bytes.length
      if (total > limit) return undefined
      chunks.push(bytes)
      if (chunk.eof) return Buffer.concat(chunks)
    }
  } finally {
    await cdp.send("IO.close", { handle }).catch(() => undefined)
  }
}

/**
 * Exposes the fallback fetch to every frame of `context` (before navigation) and returns the refusals it made.
 * `page` must be the context's page; its main frame is the one the loads are made for.
 */
export const install = Effect.fn("BrowserFetch.install")(function*(
  context: BrowserContext,
  page: Page,
  guard: GuardOptions,
  budget: Budget
) {
  const runPromise = Effect.runPromiseExitWith(yield* Effect.context<never>())
  const refused: Array<Refusal> = []
  let requests = 0
  let session: Promise<CDPSession> | undefined
  const cdp = () => (session ??= context.newCDPSession(page))

  const load = async (url: string): Promise<Answer> => {
    if (typeof url !== "string") return { error: "not a URL" }
    requests += 1
    if (requests > budget.maxRequests) return { error: "too many resources" }
    const verdict = await runPromise(RequestGuard.decide(url, guard))
    if (Exit.isFailure(verdict) || !verdict.value.allowed) {
      refused.push({
        url,
        reason: Exit.isSuccess(verdict) && !verdict.value.allowed ? verdict.value.reason : "check failed"
      })
      return { error: "blocked by the address policy" }
    }
    if (!/^https?:/i.test(url)) return { error: "not http" }
    const client = await cdp()
    const { frameTree } = await client.send("Page.getFrameTree")
    const { resource } = await client.send("Network.loadNetworkResource", {
      frameId: frameTree.frame.id,
      url,
      options: { disableCache: false, includeCredentials: false }
    })
    if (!resource.success || resource.stream === undefined) return { error: resource.netErrorName ?? "failed" }
    const body = await readStream(client, resource.stream, budget.maxResourceBytes)
    if (body === undefined) return { error: "resource over the size cap" }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(resource.headers ?? {})) {
      if (typeof value === "string") headers[name] = value
    }
    return { status: resource.httpStatusCode ?? 200, headers, data: body.toString("base64") }
  }

  yield* Effect.promise(() =>
    context.exposeBinding(bindingName, (_source, url: string) => load(url).catch(() => ({ error: "failed" })))
  )
  return refused as ReadonlyArray<Refusal>
})
