/**
 * A per-address count in a fixed window, in this process: bounds Dynamic Client Registration (docs/oauth.md,
 * "Clients"). Answers 0 for an admitted request, else the milliseconds until the window ends (the `Retry-After`).
 */
export const make = (limit: number, windowMs: number, now: () => number = Date.now) => {
  const counts = new Map<string, { count: number; readonly until: number }>()
  return (address: string): number => {
    const at = now()
    // Bounded memory: a flood of addresses empties the table (each then starts a fresh window).
    if (counts.size > 10_000) counts.clear()
    const entry = counts.get(address)
    if (entry === undefined || entry.until <= at) {
      counts.set(address, { count: 1, until: at + windowMs })
      return 0
    }
    entry.count++
    return entry.count <= limit ? 0 : entry.until - at
  }
}
