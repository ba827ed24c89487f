/** The allowance: a fixed UTC-minute window and a calendar-month period, both checked on every request. */
import type { Limits } from "./Plan.js"

export type WindowName = "minute" | "month"

export interface Window {
  readonly start: number
  readonly resetAt: number
}

const minuteMs = 60_000

/** The UTC minute containing `now`. */
export const minuteWindow = (now: number): Window => {
  const start = Math.floor(now / minuteMs) * minuteMs
  return { start, resetAt: start + minuteMs }
}

const dayMs = 86_400_000

/** First instant (ms) of the UTC day containing `now`: the per-day usage counts by it. */
export const dayStart = (now: number): number => Math.floor(now / dayMs) * dayMs

/** First instant (ms) of the UTC calendar month containing `now`. */
export const monthStart = (now: number): number => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1)
}

/** First instant (ms) of the UTC calendar month after the one containing `now`. */
export const nextMonthStart = (now: number): number => {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)
}

/**
 * The monthly allowance period: the calendar month, or from the last plan change if that was later
 * (a plan change opens a fresh monthly allowance). It always ends at the next first of the month.
 */
export const monthPeriod = (now: number, planChangedAt: number): Window => ({
  start: Math.max(monthStart(now), Math.min(planChangedAt, now)),
  resetAt: nextMonthStart(now)
})

/** Counts seen by the counter for this request, before charging it. */
export interface Counts {
  readonly minute: number
  readonly month: number
}

/** Admit only when both windows have room. */
export const admits = (counts: Counts, limits: Limits): boolean =>
  counts.minute < limits.perMinute && counts.month < limits.perMonth

/** What a counter reports for one charge: counts after the request (including it when admitted). */
export interface ChargeResult {
  readonly admitted: boolean
  readonly now: number
  readonly minuteUsed: number
  readonly monthUsed: number
}

/** What the response headers say, for the binding window. */
export interface State {
  readonly admitted: boolean
  readonly window: WindowName
  readonly limit: number
  readonly remaining: number
  /** Epoch ms when the binding window rolls over. */
  readonly resetAt: number
  /** Whole seconds until `resetAt`, at least 1. */
  readonly retryAfter: number
}

/**
 * The binding window: when refused, the exhausted one (the month if both are); when admitted, the one with
 * the fewest remaining requests (on a tie, the one that resets later).
 */
export const state = (result: ChargeResult, limits: Limits, planChangedAt: number): State => {
  const minute = minuteWindow(result.now)
  const month = monthPeriod(result.now, planChangedAt)
  const minuteLeft = Math.max(0, limits.perMinute - result.minuteUsed)
  const monthLeft = Math.max(0, limits.perMonth - result.monthUsed)
  const useMonth = result.admitted
    ? monthLeft <= minuteLeft
    : monthLeft === 0
  const window: WindowName = useMonth ? "month" : "minute"
  const resetAt = useMonth ? month.resetAt : minute.resetAt
  return {
    admitted: result.admitted,
    window,
    limit: useMonth ? limits.perMonth : limits.perMinute,
    remaining: useMonth ? monthLeft : minuteLeft,
    resetAt,
    retryAfter: Math.max(1, Math.ceil((resetAt - result.now) / 1000))
  }
}

/** The response headers of an authenticated request. */
export const headers = (s: State): Record<string, string> => ({
  "x-ratelimit-limit": String(s.limit),
  "x-ratelimit-remaining": String(s.remaining),
  "x-ratelimit-reset": String(Math.ceil(s.resetAt / 1000)),
  ...(s.admitted ? {} : { "retry-after": String(s.retryAfter) })
})
