/**
 * Import and export through the admin API and the `bookmarks` command, on the embedded default: upload, progress,
 * problems for bad input, the export streamed in both formats, and the CLI's own import and export.
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

/**
 * The fixtures name real sites: every name resolves to loopback, which the address policy refuses, so the
 * enrichment of imported bookmarks sends no traffic anywhere (tests talk to loopback only).
 */
const offline = {
  mode: "embedded" as const,
  env: { SCREENSHOTS: "false" },
  overrides: { guard: { resolver: async () => [{ address: "127.0.0.1", family: 4 as const }] } }
}

interface Progress {
  readonly id: string
  readonly state: string
  readonly format: string
  readonly total: number
  readonly saved: number
  readonly duplicates: number
  readonly failed: number
  readonly failures: ReadonlyArray<{ readonly position: string; readonly reason: string }>
}

describe("import and export over the admin API and the CLI", () => {
  it(
    "uploads, follows, refuses bad input with problems, and exports the library in both formats",
    { timeout: 120_000 },
    async () => {
      await Harness.withService(offline, async (service) => {
        const { id: accountId } = await service.client.account("ultra")
        const upload = (path: string, body: Uint8Array | string, token = service.adminToken) =>
          fetch(`${service.baseUrl}/admin${path}`, {
            method: "POST",
            headers: { authorization: `Bearer ${token}`, "content-type": "application/octet-stream" },
            body
          })

        const started = await upload(`/accounts/${accountId}/imports`, fixture("karakeep.json"))
        expect(started.status).toBe(201)
        const first = (await started.json()) as Progress
        expect(first).toMatchObject({ format: "karakeep", total: 4 })
        let progress = first
        await Waiting.pollUntil(() => `import ${first.id} to finish; last ${JSON.stringify(progress)}`, async () => {
          progress = (await service.client.admin<Progress>("GET", `/imports/${first.id}`)).body
          return progress.state === "done"
        }, { timeoutMs: 30_000 })
        expect(progress).toMatchObject({ state: "done", saved: 3, duplicates: 0, failed: 1 })

        const unknown = await upload(`/accounts/${accountId}/imports`, "plain words, no bookmarks")
        expect(unknown.status).toBe(400)
        expect(unknown.headers.get("content-type")).toContain("application/problem+json")
        expect(await unknown.json()).toMatchObject({ code: "invalid_input", field: "file" })
        const named = await upload(`/accounts/${accountId}/imports?format=json`, fixture("karakeep.json"))
        expect(named.status).toBe(400)
        expect((await upload(`/accounts/${accountId}/imports?format=word`, "x")).status).toBe(400)
        const choice = await upload(`/accounts/${accountId}/imports?duplicates=merge`, fixture("chrome.html"))
        expect(choice.status).toBe(400)
        expect(await choice.json()).toMatchObject({ code: "invalid_input" })
        expect((await upload(`/accounts/acc_nobody/imports`, fixture("chrome.html"))).status).toBe(404)
        expect((await upload(`/accounts/${accountId}/imports`, fixture("chrome.html"), "wrong")).status).toBe(401)
        expect((await service.client.admin("GET", "/imports/imp_nothing")).status).toBe(404)

        const json = await fetch(`${service.baseUrl}/admin/accounts/${accountId}/export`, {
          headers: { authorization: `Bearer ${service.adminToken}` }
        })
        expect(json.status).toBe(200)
        expect(json.headers.get("content-type")).toBe("application/json; charset=utf-8")
        expect(json.headers.get("content-disposition")).toBe(`attachment; filename="bookmarks-${accountId}.json"`)
        const library = (await json.json()) as {
          format: string
          bookmarks: ReadonlyArray<{ url: string; note: string }>
        }
        expect(library.format).toBe("bookmark-library-export")
        expect(library.bookmarks.map((b) => b.url)).toEqual([
          "https://example.net/old?utm=1",
          "",
          "https://effect.website/"
        ])
        const html = await fetch(`${service.baseUrl}/admin/accounts/${accountId}/export?format=html`, {
          headers: { authorization: `Bearer ${service.adminToken}` }
        })
        expect(html.headers.get("content-type")).toBe("text/html; charset=utf-8")
        expect(await html.text()).toContain(
          `<DT><A HREF="https://effect.website/" ADD_DATE="1704067200" TAGS="typescript,effect">Effect documentation</A>\n    <DD>Start with the tutorial`
        )
        // The highlights as Markdown (docs/reading.md, "Highlights"): none yet, so the heading alone.
        const markdown = await fetch(`${service.baseUrl}/admin/accounts/${accountId}/export?format=markdown`, {
          headers: { authorization: `Bearer ${service.adminToken}` }
        })
        expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8")
        expect(markdown.headers.get("content-disposition")).toBe(`attachment; filename="highlights-${accountId}.md"`)
        expect(await markdown.text()).toMatch(/^# Highlights\n\nExported [\d-]+T[\d:.]+Z\.\n\n$/u)
        expect(
          (await fetch(`${service.baseUrl}/admin/accounts/${accountId}/export?format=pdf`, {
            headers: { authorization: `Bearer ${service.adminToken}` }
          })).status
        ).toBe(400)
      })
    }
  )

  it("bookmarks import and bookmarks export: progress on stderr, summary and failures, the file on stdout", {
    timeout: 120_000
  }, async () => {
    await Harness.withService(offline, async (service) => {
      const { id: accountId } = await service.client.account("ultra")
      const port = new URL(service.baseUrl).port
      const env = environment({
        ADMIN_TOKEN: service.adminToken,
        PORT: port,
        HOST: "127.0.0.1",
        DATA_DIR: service.storage.dataDir
      })
      const file = `${service.storage.dataDir}/chrome.html`
      writeFileSync(file, fixture("chrome.html"))
      const imported = await run(process.execPath, [bin, "import", file, "--account", accountId], { env })
      expect(imported.stdout).toMatch(/^Import imp_\w+: 5 saved, 1 duplicates skipped, 1 failed, of 7 rows\.$/m)
      expect(imported.stderr).toContain("7/7 read · 5 saved · 1 duplicates · 1 failed")
      expect(imported.stderr).toContain("line 21: url scheme 'javascript' is not allowed")
      const exported = await run(process.execPath, [bin, "export", "--account", accountId, "--format", "json"], {
        env,
        maxBuffer: 10_000_000
      })
      const library = JSON.parse(exported.stdout) as {
        bookmarks: ReadonlyArray<{ url: string; tags: ReadonlyArray<string> }>
      }
      expect(library.bookmarks.map((b) => [b.url, b.tags])).toEqual([
        ["https://www.postgresql.org/docs/current/", ["dev/databases"]],
        ["https://effect.website/docs", ["dev"]],
        ["https://www.rust-lang.org/", ["dev"]],
        ["https://developer.mozilla.org/en-US/", []],
        ["https://news.ycombinator.com/", []]
      ])
      const refused = await run(process.execPath, [bin, "import", file, "--account", "acc_nobody"], { env }).catch((
        e: { stderr: string; code: number }
      ) => e)
      // The same file again, keeping what is already there: every good row saved a second time.
      const kept = await run(process.execPath, [bin, "import", file, "--account", accountId, "--duplicates", "keep"], {
        env
      })
      expect(kept.stdout).toMatch(/^Import imp_\w+: 6 saved, duplicates kept, 1 failed, of 7 rows\.$/m)
      expect(refused).toMatchObject({ code: 1 })
      expect((refused as { stderr: string }).stderr).toContain("No account with id 'acc_nobody'")
    })
  })
})
