/**
 * A private Postgres cluster for tests that stop and restart the database: its own temp directory, a free
 * loopback port, trust auth, unix socket inside the directory. Run as the `postgres` user when the tests run as
 * root (initdb refuses root). Removed at `cleanup` or, failing that, when the test process exits.
 */
import { execFile, execFileSync, spawnSync } from "node:child_process"
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { freePort } from "./FreePort.js"

export interface PrivatePostgres {
  readonly port: number
  /** `postgres://postgres@127.0.0.1:<port>/postgres` */
  readonly url: string
  /** `fast` lets sessions end; `immediate` is a crash as far as clients can tell (recovery at the next start). */
  readonly stop: (mode?: "fast" | "immediate") => Promise<void>
  readonly start: () => Promise<void>
  readonly running: () => boolean
  readonly cleanup: () => void
}

/** The newest installed server binaries (Debian layout), or whatever `pg_config --bindir` says. */
const binDir = (): string => {
  const root = "/usr/lib/postgresql"
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, "bin", "initdb"))).sort((a, b) =>
      Number(b) - Number(a)
    )
    if (versions[0] !== undefined) return join(root, versions[0], "bin")
  }
  const out = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" })
  if (out.status === 0 && existsSync(join(out.stdout.trim(), "initdb"))) return out.stdout.trim()
  throw new Error("no Postgres server binaries found (initdb): install postgresql to run the fault tests")
}

const asRoot = process.getuid?.() === 0

/** Runs a server binary, as `postgres` when we are root. */
const run = (bin: string, args: ReadonlyArray<string>) => {
  const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, [...args]]
  const out = spawnSync(command, argv, { encoding: "utf8", timeout: 60_000 })
  if (out.status !== 0) throw new Error(`${bin} ${args.join(" ")} failed: ${out.stderr}${out.stdout}`)
}

/** The same, without blocking the event loop (load keeps flowing while the server stops or starts). */
const runAsync = (bin: string, args: ReadonlyArray<string>) =>
  new Promise<void>((resolve, reject) => {
    const [command, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", bin, ...args]] : [bin, [...args]]
    execFile(command, argv, { encoding: "utf8", timeout: 60_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${bin} ${args.join(" ")} failed: ${stderr}${stdout}`))
      else resolve()
    })
  })

const alive = new Set<{ dir: string; data: string }>()
let reaperInstalled = false

const postmasterPid = (data: string): number | undefined => {
  try {
    const pid = Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0])
    return Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined
  }
}

const crash = (data: string) => {
  const pid = postmasterPid(data)
  if (pid === undefined) return
  try {
    process.kill(pid, "SIGQUIT")
  } catch {
    // already gone
  }
}

const installReaper = () => {
  if (reaperInstalled) return
  reaperInstalled = true
  process.once("exit", () => {
    for (const cluster of alive) {
      crash(cluster.data)
      rmSync(cluster.dir, { recursive: true, force: true })
    }
  })
}

export const start = async (): Promise<PrivatePostgres> => {
  installReaper()
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), "bookmarks-faults-pg-"))
  const data = join(dir, "data")
  const cluster = { dir, data }
  alive.add(cluster)
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim())
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim())
    chownSync(dir, uid, gid)
  }
  run(join(bin, "initdb"), ["-D", data, "-A", "trust", "-U", "postgres", "-E", "UTF8", "--locale=C", "--no-sync"])
  const port = await freePort()
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    "-c fsync=off",
    "-c full_page_writes=off",
    "-c max_connections=60",
    "-c shared_buffers=32MB"
  ].join(" ")
  const pgCtl = join(bin, "pg_ctl")
  const startServer = () =>
    runAsync(pgCtl, ["-D", data, "-o", options, "-l", join(dir, "server.log"), "-w", "-t", "60", "start"])
  await startServer()
  return {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: (mode = "fast") => runAsync(pgCtl, ["-D", data, "-m", mode, "-w", "-t", "60", "stop"]),
    start: startServer,
    running: () => postmasterPid(data) !== undefined,
    cleanup: () => {
      if (postmasterPid(data) !== undefined) {
        try {
          run(pgCtl, ["-D", data, "-m", "immediate", "-w", "-t", "30", "stop"])
        } catch {
          crash(data)
        }
      }
      rmSync(dir, { recursive: true, force: true })
      alive.delete(cluster)
    }
  }
}
