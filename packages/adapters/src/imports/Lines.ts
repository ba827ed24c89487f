/** Line numbers of character offsets, for reporting where in a file a row is. */
export const lineIndex = (text: string) => {
  const starts = [0]
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1)
  /** The 1-based line of `offset`. */
  return (offset: number): number => {
    let low = 0
    let high = starts.length - 1
    while (low < high) {
      const mid = (low + high + 1) >> 1
      if ((starts[mid] ?? 0) <= offset) low = mid
      else high = mid - 1
    }
    return low + 1
  }
}
