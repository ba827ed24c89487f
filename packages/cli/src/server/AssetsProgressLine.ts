/**
 * The asset migration's progress on stderr: on a terminal one line redrawn in place with a bar; elsewhere (a log, CI)
 * a plain line at most every few seconds and at the end.
 */
import type { CopyProgress } from "@bookmark-library/domain"
import { Effect } from "effect"

const width = 30
const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`

export const line = (p: CopyProgress, total: number): string => {
  const handled = p.done + p.vanished
  const filled = Math.round((total === 0 ? 1 : Math.min(1, handled / total)) * width)
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${handled}/${total} assets · ${megabytes(p.bytes)}` +
    (p.vanished > 0 ? ` · ${p.vanished} deleted meanwhile` : "")
}

export const make = (total: number, stream: NodeJS.WriteStream = process.stderr) => {
  const tty = stream.isTTY === true
  let lastPrinted = 0
  return {
    show: (p: CopyProgress) =>
      Effect.sync(() => {
        const text = line(p, total)
        if (tty) return void stream.write(`\r${text}\u001b[K`)
        const now = Date.now()
        if (now - lastPrinted >= 5_000 || p.done + p.vanished === total) {
          stream.write(`${text}\n`)
          lastPrinted = now
        }
      }),
    end: Effect.sync(() => {
      if (tty) stream.write("\n")
    })
  }
}
