/** `createdAt` is unique and strictly increasing per account: a collision is bumped by 1 ms. */
export const next = (now: number, lastOfAccount: number | undefined): number =>
  lastOfAccount === undefined ? now : Math.max(now, lastOfAccount + 1)

/**
 * Unique `createdAt`s for imported rows wanting `wanted` (in order), none in `taken` nor repeated: each moves
 * later 1 ms at a time past taken values. The account's last `createdAt` then becomes the largest of all, so a
 * later save still comes after every row.
 */
export const spread = (wanted: ReadonlyArray<number>, taken: (at: number) => boolean): Array<number> => {
  const assigned = new Set<number>()
  return wanted.map((at) => {
    let t = at
    while (assigned.has(t) || taken(t)) t++
    assigned.add(t)
    return t
  })
}
