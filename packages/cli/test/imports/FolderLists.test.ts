/**
 * A browser's folders as lists, through the real import path on the embedded default (PGlite): the admin API's
 * `folders` parameter and the CLI's `--folders`, bad values refused, and a second import finding the lists again.
 */
import { Waiting } from "@bookmark-library/testkit"
import { execFile } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import * as Harness from "../support/Harness.js"
import { environment } from "../support/ProcessService.js"

const fixture = (name: string) =>
  readFileSync(fileURLToPath(new URL(`../../../adapters/test/imports/fixtures/${name}`, import.meta.url)))
const bin = fileURLToPath(new URL("../../bin/bookmarks.mjs", import.meta.url))
const run = promisify(execFile)

/** Every fixture name resolves to loopback, which the address policy refuses: enrichment sends nothing anywhere. */
const offline = {
  mode: "embedded" as const,
  env: { SCREENSHOTS: "false" },
  overrides: { guard: { resolver: async () => [{ address: "127.0.0.1", family: 4 as const }] } }
}

interface ListView {
  readonly id: string
  readonly name: string
  readonly parentId: string | null
  readonly count: number
}

describe("a bookmark file's folders as lists", () => {
  it("--folders lists and folders=lists make nested lists, found again by a second import; bad values refused", {
    timeout: 120_000
  }, async () => {
    await Harness.withService(offline, async (service) => {
      const { id: accountId, key } = await service.client.account("ultra")
      const env = environment({
        ADMIN_TOKEN: service.adminToken,
        PORT: new URL(service.baseUrl).port,
        HOST: "127.0.0.1",
        DATA_DIR: service.storage.dataDir
      })
      const file = `${service.storage.dataDir}/chrome.html`
      writeFileSync(file, fixture("chrome.html"))

      const wrong = await run(process.execPath, [bin, "import", file, "--account", accountId, "--folders", "dirs"], {
        env
      }).catch((e: { stderr: string; code: number }) => e)
      // A command-line mistake: one line and status 2, as for every option with choices.
      expect(wrong).toMatchObject({ code: 2 })
      expect((wrong as { stderr: string }).stderr).toBe(
        "bookmarks: Expected one of the following cases: tags, lists (see: bookmarks import --help)\n"
      )

      const imported = await run(
        process.execPath,
        [bin, "import", file, "--account", accountId, "--folders", "lists"],
        {
          env
        }
      )
      expect(imported.stdout).toMatch(/^Import imp_\w+: 5 saved, 1 duplicates skipped, 1 failed, of 7 rows\.$/m)

      const lists = async () =>
        (await service.client.api<{ lists: ReadonlyArray<ListView> }>("GET", "/lists", key)).body.lists
      const after = await lists()
      // The bookmarks bar and "Other bookmarks" are the browser's own folders: no list for them.
      expect(after.map((l) => [l.name, l.count])).toEqual([["Dev", 2], ["Databases", 1]])
      const [dev, databases] = after
      expect(databases?.parentId).toBe(dev?.id)
      const members = await service.client.api<{ bookmarks: ReadonlyArray<{ url: string; tags: Array<string> }> }>(
        "GET",
        `/lists/${databases?.id}/bookmarks`,
        key
      )
      // With lists the folder gives no tag.
      expect(members.body.bookmarks).toMatchObject([{ url: "https://www.postgresql.org/docs/current/", tags: [] }])

      const upload = (query: string) =>
        fetch(`${service.baseUrl}/admin/accounts/${accountId}/imports?${query}`, {
          method: "POST",
          headers: { authorization: `Bearer ${service.adminToken}`, "content-type": "application/octet-stream" },
          body: fixture("chrome.html")
        })
      const bad = await upload("folders=dirs")
      expect(bad.status).toBe(400)
      expect(bad.headers.get("content-type")).toContain("application/problem+json")
      const problem = (await bad.json()) as { code: string }
      expect(problem.code).toBe("invalid_input")
      expect(JSON.stringify(problem)).toContain("folders")

      // The same file again, keeping duplicates: the lists are found by name, none is made twice.
      const again = await upload("folders=lists&duplicates=keep")
      expect(again.status).toBe(201)
      const started = (await again.json()) as { id: string; folders: string }
      expect(started.folders).toBe("lists")
      await Waiting.pollUntil(() => `import ${started.id} to finish`, async () => {
        const progress = await service.client.admin<{ state: string }>("GET", `/imports/${started.id}`)
        return progress.body.state === "done"
      }, { timeoutMs: 30_000 })
      expect((await lists()).map((l) => [l.id, l.name, l.count])).toEqual([
        [dev?.id, "Dev", 4],
        [databases?.id, "Databases", 2]
      ])
    })
  })
})
