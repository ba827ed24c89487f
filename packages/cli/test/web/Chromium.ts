/**
 * One Chromium per test file (launching costs ~0.3 s; contexts are cheap), with the flags that work on this machine.
 */
import { type Browser, chromium } from "playwright-core"

export const flags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync"
]

export const launch = (executablePath: string): Promise<Browser> =>
  chromium.launch({ executablePath, args: flags, headless: true })
