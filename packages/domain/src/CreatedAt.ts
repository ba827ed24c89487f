/** `createdAt` is unique and strictly increasing per account: a collision is bumped by 1 ms. */
export const next = (now: number, lastOfAccount: number | undefined): number =>
  lastOfAccount === undefined ? now : Math.max(now, lastOfAccount + 1)
