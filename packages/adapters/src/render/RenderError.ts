/** Turns Playwright's multi-line errors (with call logs) into the short reason a RenderFailed carries. */

const MAX_REASON = 200

export const shortReason = (error: unknown): string => {
  const message = error instanceof Error ? error.message : String(error)
  const firstLine = (message.split("\n")[0] ?? "").trim()
  return firstLine.length > MAX_REASON ? `${firstLine.slice(0, MAX_REASON - 1)}…` : firstLine
}
