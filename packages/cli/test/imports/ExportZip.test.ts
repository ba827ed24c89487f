/**
 * The JSON export as a zip with the archived copies (docs/import-export.md): `bookmarks.json` names each copy's
 * file, every named file is in the zip byte for byte, and bookmarks without a copy name none.
 */
import { unzipSync } from "fflate"
import { describe, expect, it } from "vitest"
import * as ApiAccounts from "../support/ApiAccounts.js"
import { paper } from "../support/ApiFixtureServer.js"
import { useService } from "../support/ApiService.js"

interface Exported {
  readonly format: string
  readonly bookmarks: ReadonlyArray<{ readonly id: string; readonly url: string; readonly copyFile?: string }>
}

describe("export as a zip with the copies (embedded)", () => {
  const context = useService("embedded")

  it(
    "holds bookmarks.json and every copy it names; the plain JSON export names none",
    { timeout: 120_000 },
    async () => {
      const { client } = context().service
      const { fixture } = context()
      const account = await ApiAccounts.create(client, "ultra")
      const saved: Array<string> = []
      for (const path of ["/paper.pdf", "/article.html", "/paper.pdf"]) {
        const answer = await client.api("POST", "/bookmarks", account.key, { url: `${fixture.origin}${path}` })
        expect(answer.status, answer.text).toBe(201)
        saved.push(String(answer.body.id))
      }
      for (const id of saved) await client.ready(account.key, id)

      const response = await fetch(`${context().service.baseUrl}/admin/accounts/${account.id}/export?format=zip`, {
        headers: { authorization: `Bearer ${client.adminToken}` }
      })
      expect(response.status).toBe(200)
      expect(response.headers.get("content-type")).toBe("application/zip")
      expect(response.headers.get("content-disposition")).toBe(`attachment; filename="bookmarks-${account.id}.zip"`)
      const files = unzipSync(new Uint8Array(await response.arrayBuffer()))
      const library = JSON.parse(new TextDecoder().decode(files["bookmarks.json"])) as Exported
      expect(library.format).toBe("bookmark-library-export")
      expect(library.bookmarks.map((b) => b.url)).toEqual([
        `${fixture.origin}/paper.pdf`,
        `${fixture.origin}/article.html`,
        `${fixture.origin}/paper.pdf`
      ])
      const named = library.bookmarks.map((b) => b.copyFile)
      // Each PDF is its own copy; the article has none (no browser in this service).
      expect(named[1]).toBeUndefined()
      for (const name of [named[0], named[2]]) {
        expect(name).toMatch(/^copies\/[0-9a-f]{32}\.pdf$/)
        expect(Buffer.from(files[name!]!)).toEqual(paper)
      }
      expect(named[0]).not.toBe(named[2])
      expect(Object.keys(files).sort()).toEqual(["bookmarks.json", named[0], named[2]].sort())

      // The plain JSON export is unchanged: no file names.
      const json = await fetch(`${context().service.baseUrl}/admin/accounts/${account.id}/export`, {
        headers: { authorization: `Bearer ${client.adminToken}` }
      })
      const plain = (await json.json()) as Exported
      expect(plain.bookmarks.every((b) => b.copyFile === undefined)).toBe(true)
    }
  )
})
