/**
 * Importing our zip export through the `bookmarks` command and the admin API (docs/import-export.md, "Importing the
 * zip"), on the embedded default: two PDF bookmarks and an article exported as a zip, imported with
 * `bookmarks import library.zip` into a fresh account, the PDFs' copies open through the API's signed link byte for
 * byte; a zip with a name that climbs out of its folder is a 400 problem+json and a one-line CLI mistake.
 */
import { ZipBuilder } from "@bookmark-library/testkit"
import { execFile } from "node:child_process"
import { writeFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { describe, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { paper } from "../support/ApiFixtureServer.js"
import { useService } from "../support/ApiService.js"
import { environment } from "../support/ProcessService.js"

const { zipOf } = ZipBuilder

const bin = fileURLToPath(new URL("../../bin/bookmarks.mjs", import.meta.url))
const run = promisify(execFile)

describe("importing the zip export (embedded)", () => {
  const context = useService("embedded")

  it(
    "bookmarks import restores the bookmarks and their copies; an unsafe zip is refused",
    { timeout: 180_000 },
    async () => {
      const { client, baseUrl, adminToken, storage } = context().service
      const { fixture } = context()
      const first = await ApiAccounts.create(client, "ultra")
      const saved: Array<string> = []
      for (const path of ["/paper.pdf", "/article.html", "/paper.pdf"]) {
        const answer = await client.api("POST", "/bookmarks", first.key, { url: `${fixture.origin}${path}` })
        expect(answer.status, answer.text).toBe(201)
        saved.push(String(answer.body.id))
      }
      for (const id of saved) await client.ready(first.key, id)
      const exported = await fetch(`${baseUrl}/admin/accounts/${first.id}/export?format=zip`, {
        headers: { authorization: `Bearer ${adminToken}` }
      })
      const file = `${storage.dataDir}/library.zip`
      writeFileSync(file, new Uint8Array(await exported.arrayBuffer()))

      const second = await ApiAccounts.create(client, "ultra")
      const env = environment({
        ADMIN_TOKEN: adminToken,
        PORT: new URL(baseUrl).port,
        HOST: "127.0.0.1",
        DATA_DIR: storage.dataDir
      })
      const imported = await run(process.execPath, [bin, "import", file, "--account", second.id], { env })
      expect(imported.stderr).toMatch(/Importing 3 rows \(zip\) as import imp_\w+/)
      expect(imported.stdout).toMatch(/^Import imp_\w+: 3 saved, duplicates kept, 0 failed, of 3 rows\.$/m)
      expect(imported.stdout).toContain("Every imported bookmark is enriched.")

      const listed = await client.api("GET", "/bookmarks", second.key)
      const listedItems = listed.body.bookmarks as ReadonlyArray<{ id: string }>
      // The full view (`GET /bookmarks/:id`) carries the copy's signed link.
      const items: Array<{ url: string; archive: string; status: string }> = []
      for (const { id } of listedItems) {
        items.push(
          (await client.api("GET", `/bookmarks/${id}`, second.key)).body as never
        )
      }
      expect(items.map((b) => [b.url, b.status])).toEqual([
        [`${fixture.origin}/paper.pdf`, "ready"],
        [`${fixture.origin}/article.html`, "ready"],
        [`${fixture.origin}/paper.pdf`, "ready"]
      ])
      for (const item of [items[0]!, items[2]!]) {
        const copy = await fetch(new URL(item.archive, baseUrl))
        expect(copy.status).toBe(200)
        expect(Buffer.from(await copy.arrayBuffer())).toEqual(paper)
      }
      expect(items[1]!.archive).toBe("")

      const unsafe = `${storage.dataDir}/unsafe.zip`
      writeFileSync(
        unsafe,
        zipOf([{ name: "bookmarks.json", data: new TextEncoder().encode("{}") }, { name: "../x", data: paper }])
      )
      const refused = await run(process.execPath, [bin, "import", unsafe, "--account", second.id], { env }).then(
        () => undefined,
        (e: { code: number; stderr: string }) => e
      )
      expect(refused?.code).not.toBe(0)
      expect(refused?.stderr).toContain("holds a file with an unsafe name ('../x'): refused whole")
      const answer = await fetch(`${baseUrl}/admin/accounts/${second.id}/imports`, {
        method: "POST",
        headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/octet-stream" },
        body: zipOf([{ name: "bookmarks.json", data: new TextEncoder().encode("{}") }, { name: "/etc/x", data: paper }])
      })
      expect(answer.status).toBe(400)
      expect(answer.headers.get("content-type")).toContain("application/problem+json")
      const problem = await answer.json()
      expect(problem).toMatchObject({ code: "invalid_input", field: "file" })
      expect(JSON.stringify(problem)).toContain("holds a file with an unsafe name ('/etc/x'): refused whole")
    }
  )
})
