/**
 * The browser extension loaded unpacked into real Chromium, for the tests in test/extension: the build, the launch,
 * the worker and the extension's id, the popup opened as a page, and the axe-checked screenshots.
 *
 * The test copy of the manifest grants the loopback host up front: headless Chromium has no browser UI, so nobody
 * could grant it when the Connect button asks (docs/extension.md, "Tests").
 */
import { execFileSync } from "node:child_process"
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import type { Server } from "node:http"
import type { AddressInfo } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { type BrowserContext, chromium, type Page, type Worker } from "playwright-core"
import { expect } from "vitest"
import { seriousViolations } from "../web/Axe.js"
import * as Chromium from "../web/Chromium.js"

const extensionDir = fileURLToPath(new URL("../../../extension/", import.meta.url))
/** Where the extension tests' screenshots go. */
export const shots = fileURLToPath(new URL("../../../../test-output/extension/", import.meta.url))

/** The extension built as `npm run build` builds it, into a folder of the test's own, with the loopback host granted. */
const unpackedCopy = (suffix: string) => {
  const dir = mkdtempSync(join(tmpdir(), `bookmarks-extension-${suffix}`))
  execFileSync(process.execPath, [join(extensionDir, "scripts", "bundle.mjs"), dir], {
    cwd: extensionDir,
    stdio: "ignore"
  })
  const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"))
  writeFileSync(join(dir, "manifest.json"), JSON.stringify({ ...manifest, host_permissions: ["http://127.0.0.1/*"] }))
  return dir
}

export interface ExtensionBrowser {
  readonly context: BrowserContext
  /** The extension's service worker: code evaluated there sees `chrome`. */
  readonly worker: Worker
  /** The extension's id, the host of its `chrome-extension://` pages. */
  readonly id: string
  /** Closes Chromium and removes the unpacked copy and the profile. */
  readonly close: () => Promise<void>
}

/**
 * Chromium with a fresh unpacked copy of the extension in a fresh profile (`suffix` names both temporary folders),
 * once its service worker runs. The screenshot folder is made too.
 */
export const launch = async (executablePath: string, suffix = ""): Promise<ExtensionBrowser> => {
  mkdirSync(shots, { recursive: true })
  const unpacked = unpackedCopy(suffix)
  const profile = mkdtempSync(join(tmpdir(), `bookmarks-profile-${suffix}`))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [...Chromium.flags, `--disable-extensions-except=${unpacked}`, `--load-extension=${unpacked}`]
  })
  const worker = context.serviceWorkers()[0] ?? await context.waitForEvent("serviceworker")
  return {
    context,
    worker,
    id: new URL(worker.url()).host,
    close: async () => {
      await context.close()
      rmSync(unpacked, { recursive: true, force: true })
      rmSync(profile, { recursive: true, force: true })
    }
  }
}

// Worker code is passed as text: it runs in the extension, where `chrome` is defined (not in the tests' types).

/** The id of the tab showing `url` (0 when none does). */
export const tabOf = (browser: ExtensionBrowser, url: string) =>
  browser.worker.evaluate<number>(`chrome.tabs.query({ url: ${JSON.stringify(url)} }).then((tabs) => tabs[0]?.id ?? 0)`)

/** Stores a connection to `server` with `key` (on the plus plan), as the options page would after connecting. */
export const connect = (browser: ExtensionBrowser, server: string, key: string) =>
  browser.worker.evaluate(
    `chrome.storage.local.set({ connection: ${JSON.stringify({ server, key, email: "", plan: "plus" })} })`
  )

/** The popup as the toolbar would open it over `tabId`, at a popup's width and the given height. */
export const popup = async (browser: ExtensionBrowser, tabId: number, height: number) => {
  const page = await browser.context.newPage()
  await page.setViewportSize({ width: 380, height })
  await page.goto(`chrome-extension://${browser.id}/popup.html?tabId=${tabId}`)
  return page
}

const checkAndShoot = async (page: Page, where: string, file: string) => {
  expect({ page: where, violations: await seriousViolations(page) }).toEqual({ page: where, violations: [] })
  await page.screenshot({ path: join(shots, file), fullPage: true })
}

/** A screenshot as the page is, after the axe check (serious and critical violations fail the test). */
export const shoot = (page: Page, name: string) => checkAndShoot(page, name, `${name}.png`)

/** A screenshot in light and in dark, each after the axe check; the page is left light. */
export const shootLightAndDark = async (page: Page, name: string) => {
  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme })
    await checkAndShoot(page, `${name}, ${scheme}`, `${name}-${scheme}.png`)
  }
  await page.emulateMedia({ colorScheme: "light" })
}

/** `server` listening on a free loopback port: its origin, its host (as an allowlist entry takes it) and a close. */
export const listenLoopback = async (server: Server) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}
