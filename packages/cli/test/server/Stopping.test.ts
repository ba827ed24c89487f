/**
 * Ctrl-C (SIGINT) on `bookmarks start`: a clean stop, exit status 0, and exactly one line saying so — what was
 * answered and that claimed jobs were released — after the server stopped, not before.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "vitest"
import { freePort } from "../support/FreePort.js"
import * as ProcessService from "../support/ProcessService.js"

const dataDir = mkdtempSync(join(tmpdir(), "bookmarks-stopping-"))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe("stopping with Ctrl-C", () => {
  it("prints one line: requests answered, jobs released; exits 0", { timeout: 120_000 }, async () => {
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const service = ProcessService.spawnBookmarks("start", "start", {
      DATA_DIR: dataDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      LOG_LEVEL: "warning"
    })
    await ProcessService.waitHealthy(service, baseUrl)
    const before = service.lines.length
    service.signal("SIGINT")
    const exit = await service.exited
    expect(exit).toEqual({ code: 0, signal: null })
    const after = service.lines.slice(before).filter((line) => line.trim() !== "" && !line.startsWith("{"))
    expect(after).toEqual(["Stopped: requests in flight answered, claimed jobs released for the next start."])
    // The server stopped before the line: nothing answers any more.
    await expect(fetch(`${baseUrl}/health`, { signal: AbortSignal.timeout(2_000) })).rejects.toThrow()
  })
})
