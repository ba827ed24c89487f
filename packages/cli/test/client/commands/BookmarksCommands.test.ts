import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Cli from "../../support/Cli.js"
import * as Harness from "../../support/Harness.js"

let service: Harness.Started
let user: Record<string, string>

beforeAll(async () => {
  // API only: the saved pages are never fetched, so the test needs no network.
  service = await Harness.start({ roles: "api" })
  const { key } = await service.client.account()
  user = { BOOKMARKS_URL: service.baseUrl, BOOKMARKS_API_KEY: key }
})
afterAll(async () => {
  await service.stop()
  await service.storage.cleanup()
})

interface Page {
  readonly bookmarks: ReadonlyArray<{ readonly id: string; readonly url: string; readonly tags: ReadonlyArray<string> }>
  readonly nextBefore: string | null
}

describe("bookmarks save, list and search (a user with BOOKMARKS_API_KEY)", () => {
  it("saves a URL with tags and a note, and the API shows it with them", async () => {
    const saved = await Cli.run([
      "save",
      "https://example.com/cli-save",
      "--tags",
      "reading, Later",
      "--note",
      "from the terminal"
    ], user)
    expect(saved.code).toBe(0)
    expect(saved.lines).toHaveLength(1)
    const id = /^Saved (bmk_\w+): https:\/\/example\.com\/cli-save \(being enriched in the background\)$/.exec(
      saved.lines[0] ?? ""
    )?.[1]
    expect(id).toBeDefined()
    const shown = await service.client.api("GET", `/bookmarks/${id}`, user["BOOKMARKS_API_KEY"] ?? "")
    expect(shown.body).toMatchObject({
      url: "https://example.com/cli-save",
      tags: ["reading", "Later"],
      note: "from the terminal"
    })

    const json = Cli.json<{ id: string; status: string }>(
      await Cli.run(["save", "https://example.com/cli-json", "--json"], user)
    )
    expect(json).toMatchObject({ url: "https://example.com/cli-json", status: "processing" })
  })

  it("lists newest first, pages with --before, and searches the text", async () => {
    for (const n of [1, 2, 3]) {
      expect((await Cli.run(["save", `https://example.com/page-${n}`, "--note", `zebra number ${n}`], user)).code).toBe(
        0
      )
    }
    const all = Cli.json<Page>(await Cli.run(["list", "--json"], user))
    expect(all.bookmarks.slice(0, 3).map((b) => b.url)).toEqual([3, 2, 1].map((n) => `https://example.com/page-${n}`))

    const first = await Cli.run(["list", "--limit", "2"], user)
    expect(first.lines).toHaveLength(3)
    expect(first.lines[0]).toContain("https://example.com/page-3")
    const more = /^More: bookmarks list --limit 2 --before (\S+)$/.exec(first.lines[2] ?? "")?.[1]
    expect(more).toBeDefined()
    const next = Cli.json<Page>(await Cli.run(["list", "--limit", "2", "--before", more ?? "", "--json"], user))
    expect(next.bookmarks[0]?.url).toBe("https://example.com/page-1")

    const found = Cli.json<Page>(await Cli.run(["search", "zebra", "--json"], user))
    expect(found.bookmarks.map((b) => b.url)).toEqual([3, 2, 1].map((n) => `https://example.com/page-${n}`))
    const none = await Cli.run(["search", "okapi"], user)
    expect(none.lines).toEqual(["No bookmarks."])
  })

  it("the More: hint keeps the filters and the page size, quoted as a shell reads them back", async () => {
    for (const n of [1, 2, 3]) {
      const saved = await Cli.run(
        ["save", `https://example.com/kept-${n}`, "--tags", "two words", "--note", "yak"],
        user
      )
      expect(saved.code).toBe(0)
    }
    const filters = ["--tag", "two words", "--type", "website", "--limit", "2"]
    const first = await Cli.run(["list", ...filters], user)
    expect(first.lines.slice(0, 2).map((l) => l.includes("https://example.com/kept-"))).toEqual([true, true])
    const before = /^More: bookmarks list --tag 'two words' --type website --limit 2 --before (\S+)$/.exec(
      first.lines[2] ?? ""
    )?.[1]
    expect(before).toBeDefined()
    const next = Cli.json<Page>(await Cli.run(["list", ...filters, "--before", before ?? "", "--json"], user))
    expect(next.bookmarks.map((b) => b.url)).toEqual(["https://example.com/kept-1"])

    const searched = await Cli.run(["search", "yak words", "--limit", "1"], user)
    expect(searched.lines.at(-1)).toMatch(/^More: bookmarks search 'yak words' --limit 1 --before \S+$/)
  })

  it("refuses without a key, with a wrong key and with a URL the API rejects, each in one line", async () => {
    const noKey = await Cli.run(["list"], { BOOKMARKS_URL: service.baseUrl })
    expect(noKey.code).toBe(1)
    expect(noKey.stderr.trim()).toBe(
      "No API key: set BOOKMARKS_API_KEY to a key from 'bookmarks keys create --account <id>'"
    )

    const wrong = await Cli.run(["list"], { ...user, BOOKMARKS_API_KEY: `bk_${"x".repeat(40)}` })
    expect(wrong.code).toBe(1)
    expect(wrong.stderr.trim()).toBe(
      `The server at ${service.baseUrl} refused the API key (The API key is not known): ` +
        "set BOOKMARKS_API_KEY to a key from 'bookmarks keys create'."
    )

    const bad = await Cli.run(["save", "ftp://example.com/file"], user)
    expect(bad.code).toBe(1)
    expect(bad.stderr.trim().split("\n")).toHaveLength(1)
    expect(bad.stderr).toMatch(/^url: /)
  })
})
