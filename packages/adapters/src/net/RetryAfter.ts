/** Reads an HTTP `Retry-After` value (delay-seconds or HTTP-date, RFC 9110 §10.2.3) as milliseconds from `now`. */

export const parse = (value: string | undefined, now: number): number | null => {
  if (value === undefined) return null
  const text = value.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  // Date.parse also accepts loose forms such as "2025"; an HTTP-date always names the weekday and GMT.
  if (!/GMT$/i.test(text)) return null
  const at = Date.parse(text)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}
