/** Children a test spawned are killed when the test process exits, however it exits. */
import type { ChildProcess } from "node:child_process"

const live = new Set<ChildProcess>()
let installed = false

const install = () => {
  if (installed) return
  installed = true
  process.once("exit", () => {
    for (const child of live) {
      try {
        child.kill("SIGKILL")
      } catch {
        // already gone
      }
    }
  })
}

/** Kills `child` at exit unless it has exited by then. */
export const reap = (child: ChildProcess): ChildProcess => {
  install()
  live.add(child)
  child.once("exit", () => live.delete(child))
  return child
}
