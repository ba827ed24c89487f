/**
 * Waiting on what a test runs for real (a server, a child process, a socket, Chromium), where `TestClock` cannot
 * reach: a pause, and a check repeated until it answers or the time is up. One copy for every package's tests.
 */

/** A real pause of `ms` milliseconds. */
export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export interface PollOptions {
  /** How long to keep checking, in milliseconds (default 20 s). */
  readonly timeoutMs?: number
  /** The pause between two checks, in milliseconds (default 50). */
  readonly intervalMs?: number
}

/** What a check answers while the state it waits for is not there yet. */
export type NotYet = undefined | null | false

/**
 * Runs `check` until it answers something other than `undefined`, `null` or `false`, and resolves with that answer.
 * Once `timeoutMs` has passed it rejects with "timed out waiting for <what>"; `what` may be a function, called only
 * then, to describe the last state the check saw. A check that throws ends the wait with its error.
 */
export const pollUntil = async <A>(
  what: string | (() => string),
  check: () => A | NotYet | Promise<A | NotYet>,
  options: PollOptions = {}
): Promise<A> => {
  const { intervalMs = 50, timeoutMs = 20_000 } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const answer = await check()
    if (answer !== undefined && answer !== null && answer !== false) return answer
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${typeof what === "string" ? what : what()}`)
    await sleep(intervalMs)
  }
}
