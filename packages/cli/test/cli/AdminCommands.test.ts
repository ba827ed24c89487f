import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as Cli from "../support/Cli.js"
import { freePort } from "../support/FreePort.js"
import * as Harness from "../support/Harness.js"

let service: Harness.Started
let admin: Record<string, string>

beforeAll(async () => {
  service = await Harness.start({ roles: "api" })
  admin = { BOOKMARKS_URL: service.baseUrl, ADMIN_TOKEN: service.adminToken }
})
afterAll(async () => {
  await service.stop()
  await service.storage.cleanup()
})

interface AccountPage {
  readonly accounts: ReadonlyArray<{ readonly id: string; readonly plan: string }>
  readonly next: string | null
}

describe("bookmarks accounts", () => {
  it("lists accounts oldest first, a page at a time, and all of them with --all", async () => {
    const created: Array<string> = []
    for (const plan of ["free", "plus", "ultra"]) {
      created.push(Cli.json<{ id: string }>(await Cli.run(["accounts", "create", "--plan", plan, "--json"], admin)).id)
    }
    const all = Cli.json<AccountPage>(await Cli.run(["accounts", "list", "--all", "--json"], admin))
    expect(all.next).toBeNull()
    expect(all.accounts.map((a) => a.id).filter((id) => created.includes(id))).toEqual(created)
    expect(all.accounts.find((a) => a.id === created[1])?.plan).toBe("plus")

    const first = await Cli.run(["accounts", "list", "--limit", "1"], admin)
    expect(first.code).toBe(0)
    expect(first.lines[0]).toContain(all.accounts[0]?.id)
    expect(first.lines.at(-1)).toBe(`More: bookmarks accounts list --after ${all.accounts[0]?.id}   (or --all)`)
    const second = Cli.json<AccountPage>(
      await Cli.run(["accounts", "list", "--limit", "1", "--after", all.accounts[0]?.id ?? "", "--json"], admin)
    )
    expect(second.accounts.map((a) => a.id)).toEqual([all.accounts[1]?.id])
  })

  it("recounts one account's storage, or every account's with --all; neither or both is refused", async () => {
    const id = Cli.json<{ id: string }>(await Cli.run(["accounts", "create", "--json"], admin)).id
    const one = await Cli.run(["accounts", "recount-storage", id], admin)
    expect(one.code).toBe(0)
    expect(one.lines).toEqual([`${id}  0 bytes -> 0 bytes  (0 assets stored)`])
    const recounted = Cli.json<{ id: string; before: number; bytes: number }>(
      await Cli.run(["accounts", "recount-storage", id, "--json"], admin)
    )
    expect(recounted).toEqual({ id, before: 0, bytes: 0, assets: 0, missing: 0 })
    const all = Cli.json<{ accounts: ReadonlyArray<{ id: string }> }>(
      await Cli.run(["accounts", "recount-storage", "--all", "--json"], admin)
    )
    expect(all.accounts.map((a) => a.id)).toContain(id)
    for (const args of [[], [id, "--all"]]) {
      const refused = await Cli.run(["accounts", "recount-storage", ...args], admin)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain("name one account id, or --all for every account")
    }
    const unknown = await Cli.run(["accounts", "recount-storage", "acc_nobody"], admin)
    expect(unknown.code).toBe(1)
  })

  it("reaches the server named by --url before BOOKMARKS_URL, and BOOKMARKS_URL before HOST and PORT", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`
    const byFlag = await Cli.run(["accounts", "create", "--url", service.baseUrl], { ...admin, BOOKMARKS_URL: nobody })
    expect(byFlag.code).toBe(0)
    expect(byFlag.lines[0]).toMatch(/^Created account acc_\w+ on the free plan\.$/)

    const port = new URL(service.baseUrl).port
    const byVariable = await Cli.run(["accounts", "list"], { ...admin, HOST: "127.0.0.1", PORT: "1" })
    expect(byVariable.code).toBe(0)
    const byHostPort = await Cli.run(["accounts", "list"], {
      ADMIN_TOKEN: service.adminToken,
      HOST: "0.0.0.0",
      PORT: port
    })
    expect(byHostPort.code).toBe(0)
    expect(byHostPort.stdout).toBe(byVariable.stdout)
  })

  it("says in one line when no server answers, the token is refused or the address is not a URL", async () => {
    const nobody = `http://127.0.0.1:${await freePort()}`
    const down = await Cli.run(["accounts", "list"], { ...admin, BOOKMARKS_URL: nobody })
    expect(down.code).toBe(1)
    expect(down.stdout).toBe("")
    expect(down.stderr.trim().split("\n")).toEqual([
      `No server answers at ${nobody}. Start one with 'npm start', or give its address with --url or BOOKMARKS_URL.`
    ])

    const refused = await Cli.run(["accounts", "list"], { ...admin, ADMIN_TOKEN: "adm_wrong" })
    expect(refused.code).toBe(1)
    expect(refused.stderr.trim().split("\n")).toHaveLength(1)
    expect(refused.stderr).toContain(`The server at ${service.baseUrl} refused the admin token`)
    expect(refused.stderr).not.toContain(service.adminToken)

    const badUrl = await Cli.run(["accounts", "list", "--url", "ftp://example.com"], admin)
    expect(badUrl.code).toBe(1)
    expect(badUrl.stderr.trim()).toBe(
      "--url must be an http(s) URL like http://127.0.0.1:3000, got 'ftp://example.com'"
    )
    const badVariable = await Cli.run(["accounts", "list"], { ...admin, BOOKMARKS_URL: "localhost:3000" })
    expect(badVariable.stderr.trim()).toMatch(/^Invalid configuration: BOOKMARKS_URL: must be an http\(s\) URL/)
  })

  it("reports a limit the server refuses as the server's reason", async () => {
    const zero = await Cli.run(["accounts", "list", "--limit", "0"], admin)
    expect(zero.code).toBe(1)
    expect(zero.stderr.trim()).toBe("limit: must be an integer from 1 to 2147483647")
  })
})

describe("command-line mistakes", () => {
  const cases: ReadonlyArray<readonly [ReadonlyArray<string>, RegExp]> = [
    [["acounts"], /^bookmarks: unknown command 'acounts'; use one of: .*accounts.* \(see: bookmarks --help\)$/],
    [
      ["accounts", "lst"],
      /^bookmarks: unknown command 'lst' for 'bookmarks accounts'; use one of: .*list.* \(see: bookmarks accounts --help\)$/
    ],
    [["keys", "create"], /^bookmarks: Expected to find option: '--account' \(see: bookmarks keys create --help\)$/],
    [
      ["accounts", "create", "--plan", "gold"],
      /^bookmarks: .*free, plus, ultra \(see: bookmarks accounts create --help\)$/
    ],
    [
      ["accounts", "list", "--limit", "many"],
      /^bookmarks: 'many' is not a integer \(see: bookmarks accounts list --help\)$/
    ],
    [["save"], /^bookmarks: Missing argument <url> \(see: bookmarks save --help\)$/]
  ]
  for (const [args, expected] of cases) {
    it(`'bookmarks ${args.join(" ")}' prints one human line and exits 2`, async () => {
      const ran = await Cli.run(args, admin)
      expect(ran.code).toBe(2)
      expect(ran.stdout).toBe("")
      const lines = ran.stderr.split("\n").filter((l) => l !== "")
      expect(lines).toHaveLength(1)
      expect(lines[0]).toMatch(expected)
      expect(ran.stderr).not.toMatch(/[{}]|level=|fiber=/)
      expect(ran.stderr).not.toContain("\u001b")
    })
  }
})

describe("server configuration", () => {
  it("an unusable variable stops 'migrate' with one line that names it once", async () => {
    const ran = await Cli.run(["migrate"], { DATA_DIR: service.storage.dataDir, PUBLIC_URL: "ftp://example.com" })
    expect(ran.code).toBe(1)
    expect(ran.stderr.split("\n").filter((l) => l !== "")).toEqual([
      "Invalid configuration: PUBLIC_URL: must be an http(s) URL, got 'ftp://example.com'"
    ])
    const cors = await Cli.run(["migrate"], {
      DATA_DIR: service.storage.dataDir,
      CORS_ORIGINS: "https://app.example.com/home"
    })
    expect(cors.code).toBe(1)
    expect(cors.stderr.trim()).toBe(
      "Invalid configuration: CORS_ORIGINS: 'https://app.example.com/home' is not an origin like https://app.example.com (scheme, host and port only)"
    )
  })
})

describe("help", () => {
  it("lists the environment variables with an example each, without colour codes when piped", async () => {
    const help = await Cli.run(["--help"])
    expect(help.code).toBe(0)
    for (
      const variable of [
        "BOOKMARKS_URL",
        "ADMIN_TOKEN",
        "BOOKMARKS_API_KEY",
        "DATA_DIR",
        "DATABASE_URL",
        "REDIS_URL",
        "CORS_ORIGINS"
      ]
    ) {
      expect(help.stdout).toContain(variable)
    }
    expect(help.stdout).toContain("e.g. BOOKMARKS_URL=https://bookmarks.example.com bookmarks accounts list")
    expect(help.stdout).toContain("e.g. BOOKMARKS_API_KEY=bk_... bookmarks save https://example.com/")
    expect(help.stdout).not.toContain("\u001b[")
  })

  it("puts the commands first and fits 80 columns, on the root page and a command's own", async () => {
    const pages = [["--help"], ["import", "--help"], ["accounts", "--help"], ["accounts", "recount-storage", "--help"]]
    for (const args of [...pages, ["list", "--help"]]) {
      const help = await Cli.run(args)
      expect(help.code).toBe(0)
      const lines = help.stdout.split("\n")
      expect({ args, wide: lines.filter((line) => line.length > 80) }).toEqual({ args, wide: [] })
    }
    const root = (await Cli.run(["--help"])).stdout.split("\n")
    const at = (heading: string) => root.indexOf(heading)
    expect(at("COMMANDS")).toBeGreaterThan(0)
    expect(at("COMMANDS")).toBeLessThan(12)
    expect(at("COMMANDS")).toBeLessThan(at("GLOBAL FLAGS"))
    expect(at("GLOBAL FLAGS")).toBeLessThan(at("ENVIRONMENT OF THE CLIENT COMMANDS"))
    expect(root).toContain("  save        Save a URL to your library (key: BOOKMARKS_API_KEY)")
    const flags = (await Cli.run(["import", "--help"])).stdout
    expect(flags).toContain("  --duplicates <choice>\n      An address already in the library: skip it or keep it")
  })
})
