/**
 * Sign-in throttling: failed attempts are counted per email and per client address in a fixed window that opens at
 * the first failure; at the limit further attempts are refused until the window ends (docs/people.md).
 */
export const window = 15 * 60_000
export const perEmail = 5
export const perAddress = 20

export interface Count {
  readonly count: number
  /** When the window of these failures opened. */
  readonly since: number
}

export const emailKey = (email: string) => `email:${email}`
export const addressKey = (address: string) => `addr:${address}`

/** Milliseconds to wait, or 0 when an attempt may be made now. */
export const waitFor = (count: Count | undefined, limit: number, now: number): number =>
  count === undefined || count.count < limit || count.since + window <= now ? 0 : count.since + window - now
