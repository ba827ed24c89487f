/** In-memory counters: one synchronous step per charge, so concurrent charges never over-admit. */
import { Allowance, AllowanceCounter, type ApiKeyId } from "@bookmark-library/domain"
import { Clock, Effect, Layer } from "effect"

export const make = () => {
  const counts = new Map<string, number>()
  const lastUsed = new Map<string, Map<ApiKeyId, number>>()
  const get = (key: string) => counts.get(key) ?? 0
  const inc = (key: string) => counts.set(key, get(key) + 1)
  const periodKeys = (accountId: string, now: number, planChangedAt: number) => {
    const period = Allowance.monthPeriod(now, planChangedAt).start
    return { period: `${accountId}:p:${period}`, keyPrefix: `${accountId}:p:${period}:k:` }
  }
  const minuteKeyOf = (accountId: string, now: number) => `${accountId}:m:${Allowance.minuteWindow(now).start}`
  return AllowanceCounter.of({
    charge: ({ accountId, keyId, limits, planChangedAt }) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const minuteKey = minuteKeyOf(accountId, now)
        const { keyPrefix, period } = periodKeys(accountId, now, planChangedAt)
        const admitted = Allowance.admits({ minute: get(minuteKey), month: get(period) }, limits)
        if (admitted) {
          inc(minuteKey)
          inc(period)
          inc(keyPrefix + keyId)
          inc(`${accountId}:total`)
          inc(`${accountId}:d:${Allowance.dayStart(now)}`)
          const keys = lastUsed.get(accountId) ?? new Map<ApiKeyId, number>()
          keys.set(keyId, now)
          lastUsed.set(accountId, keys)
        }
        return { admitted, now, minuteUsed: get(minuteKey), monthUsed: get(period) }
      }),
    peek: ({ accountId, limits, planChangedAt }) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const minuteUsed = get(minuteKeyOf(accountId, now))
        const monthUsed = get(periodKeys(accountId, now, planChangedAt).period)
        return {
          admitted: Allowance.admits({ minute: minuteUsed, month: monthUsed }, limits),
          now,
          minuteUsed,
          monthUsed
        }
      }),
    usage: ({ accountId, planChangedAt }) =>
      Effect.map(Clock.currentTimeMillis, (now) => {
        const { keyPrefix, period } = periodKeys(accountId, now, planChangedAt)
        const byKey = new Map<ApiKeyId, number>()
        for (const [key, value] of counts) {
          if (key.startsWith(keyPrefix)) byKey.set(key.slice(keyPrefix.length) as ApiKeyId, value)
        }
        const byDay = new Map<number, number>()
        const month = Allowance.monthStart(now)
        const dayPrefix = `${accountId}:d:`
        for (const [key, value] of counts) {
          if (!key.startsWith(dayPrefix)) continue
          const day = Number(key.slice(dayPrefix.length))
          if (day >= month) byDay.set(day, value)
        }
        return {
          month: get(period),
          total: get(`${accountId}:total`),
          byKey,
          lastUsed: new Map(lastUsed.get(accountId) ?? []),
          byDay
        }
      })
  })
}

export const layer = Layer.sync(AllowanceCounter, make)
