/** Runs the `bookmarks` command as a person would (the bin, a clean environment plus `env`) and collects its output. */
import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { Json } from "./Client.js"
import { environment } from "./ProcessService.js"

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url))
const bin = fileURLToPath(new URL("../../bin/bookmarks.mjs", import.meta.url))

export interface Ran {
  readonly code: number
  readonly stdout: string
  readonly stderr: string
  /** Non-empty lines of stdout. */
  readonly lines: ReadonlyArray<string>
}

export const run = (args: ReadonlyArray<string>, env: Readonly<Record<string, string>> = {}): Promise<Ran> =>
  new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [bin, ...args],
      { cwd: repoRoot, env: environment(env), timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === "number" ? error.code : -1
        if (code === -1) return reject(error)
        resolve({ code, stdout, stderr, lines: stdout.split("\n").filter((l) => l.trim() !== "") })
      }
    )
  })

/** The JSON a `--json` command printed. */
export const json = <A = Json>(ran: Ran): A => {
  if (ran.code !== 0) throw new Error(`exit ${ran.code}: ${ran.stderr}`)
  return JSON.parse(ran.stdout) as A
}
