/**
 * The import's progress on stderr: on a terminal one line redrawn in place with a bar; elsewhere (a log, CI) a
 * plain line at most every few seconds and when the counts settle, so a pipe is not flooded.
 */
import type { Import } from "@bookmark-library/domain"
import { Effect } from "effect"

const width = 30
const number = (n: number) => n.toLocaleString("en-US")

export const line = (p: Import.Progress): string => {
  const share = p.total === 0 ? 1 : p.read / p.total
  const filled = Math.round(share * width)
  const bar = `[${"#".repeat(filled)}${".".repeat(width - filled)}]`
  return `${bar} ${number(p.read)}/${number(p.total)} read · ${number(p.saved)} saved · ${
    number(p.duplicates)
  } duplicates · ` +
    `${number(p.failed)} failed · ${number(p.enriched)} enriched`
}

export const make = (stream: NodeJS.WriteStream = process.stderr) => {
  const tty = stream.isTTY === true
  let lastPrinted = 0
  let lastLine = ""
  return {
    show: (p: Import.Progress) =>
      Effect.sync(() => {
        const text = line(p)
        if (tty) {
          stream.write(`\r${text}\u001b[K`)
          return
        }
        const now = Date.now()
        if (text !== lastLine && (now - lastPrinted >= 5_000 || p.state === "done")) {
          stream.write(`${text}\n`)
          lastPrinted = now
          lastLine = text
        }
      }),
    end: Effect.sync(() => {
      if (tty) stream.write("\n")
    })
  }
}
