/**
 * The person's time zone: our script stores the browser's zone in the `tz` cookie (docs/web.md, "Times"), and pages
 * format every time in it. Without the cookie (first page, no JavaScript) times are UTC and say so.
 */
export const cookieName = "tz"

const formats = new Map<string, Intl.DateTimeFormat>()
// `dateStyle` cannot be combined with `timeZoneName`: the fields are named one by one.
const full: Intl.DateTimeFormatOptions = {
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
  timeZoneName: "short"
}
const shortFormats = new Map<string, Intl.DateTimeFormat>()

const formatter = (cache: Map<string, Intl.DateTimeFormat>, zone: string, options: Intl.DateTimeFormatOptions) => {
  const known = cache.get(zone)
  if (known !== undefined) return known
  const made = new Intl.DateTimeFormat("en-GB", { ...options, timeZone: zone })
  // Zones are a finite list (IANA, ~600): the cache stays small.
  cache.set(zone, made)
  return made
}

/** An IANA zone name the runtime knows, else UTC: the cookie is outside input. */
export const fromCookies = (cookies: Readonly<Record<string, string>>): string => {
  const zone = cookies[cookieName] ?? ""
  if (zone === "" || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone)) return "UTC"
  try {
    formatter(formats, zone, full)
    return zone
  } catch {
    return "UTC"
  }
}

/** "27 Nov 2026, 14:05 CET": date and minute in the zone, with the zone's short name. */
export const dateTime = (ms: number, zone: string): string => formatter(formats, zone, full).format(ms)

/** "12 Mar 2025": the calendar day in the zone. */
export const day = (ms: number, zone: string): string =>
  formatter(shortFormats, zone, { dateStyle: "medium" }).format(ms)

const relativeFormat = new Intl.RelativeTimeFormat("en", { numeric: "auto" })

const steps: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ["second", 60],
  ["minute", 60],
  ["hour", 24],
  ["day", 7],
  ["week", 5]
]

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago"; past about a month, the day itself. */
export const relative = (ms: number, now: number, zone: string): string => {
  let value = (ms - now) / 1000
  if (Math.abs(value) < 45) return "just now"
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return relativeFormat.format(Math.round(value), unit)
    value /= size
  }
  return day(ms, zone)
}

const partsFormats = new Map<string, Intl.DateTimeFormat>()

/** How far the zone's wall clock is ahead of UTC at `ms`, in ms. */
const offsetAt = (ms: number, zone: string): number => {
  const parts = formatter(partsFormats, zone, {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
    hourCycle: "h23"
  }).formatToParts(ms)
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? "0")
  const wall = Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"))
  return wall - Math.floor(ms / 1000) * 1000
}

/** The instant a calendar day (`YYYY-MM-DD`) starts in the zone; undefined for anything that is not such a day. */
export const startOfDay = (ymd: string, zone: string): number | undefined => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(ymd)
  if (match === null) return undefined
  const [year, month, dayOfMonth] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const utc = Date.UTC(year, month - 1, dayOfMonth)
  const date = new Date(utc)
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== dayOfMonth) {
    return undefined
  }
  // Twice: the offset at the day's start may differ from the offset at midnight UTC (a change of clocks).
  const first = utc - offsetAt(utc, zone)
  return utc - offsetAt(first, zone)
}
