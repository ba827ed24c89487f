/**
 * Test helper: opens an archived copy in Chromium with the network cut (every request but the copy's own URL is
 * aborted and counted), for the checks of what a person sees offline.
 */
import { Effect } from "effect"
import type { Browser, Page } from "playwright-core"

export interface Opened {
  readonly page: Page
  /** Requests the copy tried to make (a self-contained copy makes none). */
  readonly attempts: () => ReadonlyArray<string>
}

export const COPY_URL = "http://copy.invalid/copy.html"

export const launch = (executablePath: string) =>
  Effect.acquireRelease(
    Effect.promise(async () =>
      (await import("playwright-core")).chromium.launch({
        executablePath,
        headless: true,
        args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
      })
    ),
    (browser) => Effect.promise(() => browser.close())
  )

export const open = (browser: Browser, html: Uint8Array) =>
  Effect.acquireRelease(
    Effect.promise(async () => {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
      const attempts: Array<string> = []
      await context.route("**/*", (route) => {
        const url = route.request().url()
        if (url === COPY_URL) {
          return route.fulfill({ status: 200, contentType: "text/html; charset=utf-8", body: Buffer.from(html) })
        }
        attempts.push(url)
        return route.abort("internetdisconnected")
      })
      const page = await context.newPage()
      await page.goto(COPY_URL, { waitUntil: "load" })
      await page.evaluate(`document.fonts.ready.then(() => undefined)`)
      return { context, opened: { page, attempts: () => attempts } satisfies Opened }
    }),
    ({ context }) => Effect.promise(() => context.close())
  ).pipe(Effect.map(({ opened }) => opened))
