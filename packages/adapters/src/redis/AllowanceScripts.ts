/** The Lua side of the Redis allowance counter: UTC calendar math, one atomic charge, one usage read. */

/*
 * Shared prelude. Lua in Redis has only doubles: every value here is an integer below 2^53, and
 * `math.floor` division keeps the civil-date algorithms (H. Hinnant) exact for dates before 1970 too.
 * Mirrors `Allowance.minuteWindow` and `Allowance.monthPeriod` in the domain.
 */
const prelude = `
local DAY = 86400000
local function fdiv(a, b) return math.floor(a / b) end

local function civil_from_days(z)
  z = z + 719468
  local era = fdiv(z, 146097)
  local doe = z - era * 146097
  local yoe = fdiv(doe - fdiv(doe, 1460) + fdiv(doe, 36524) - fdiv(doe, 146096), 365)
  local doy = doe - (365 * yoe + fdiv(yoe, 4) - fdiv(yoe, 100))
  local mp = fdiv(5 * doy + 2, 153)
  local m = mp < 10 and mp + 3 or mp - 9
  local y = yoe + era * 400
  if m <= 2 then y = y + 1 end
  return y, m
end

local function days_from_civil(y, m, d)
  if m <= 2 then y = y - 1 end
  local era = fdiv(y, 400)
  local yoe = y - era * 400
  local mp = m > 2 and m - 3 or m + 9
  local doy = fdiv(153 * mp + 2, 5) + d - 1
  local doe = yoe * 365 + fdiv(yoe, 4) - fdiv(yoe, 100) + doy
  return era * 146097 + doe - 719468
end

-- The UTC calendar month containing now: its first instant and the next month's.
local function month(now)
  local y, m = civil_from_days(fdiv(now, DAY))
  local month_start = days_from_civil(y, m, 1) * DAY
  if m == 12 then y, m = y + 1, 1 else m = m + 1 end
  return month_start, days_from_civil(y, m, 1) * DAY
end

-- The allowance period containing now: from max(month start, min(plan change, now)) to the next first.
local function period(now, plan_changed_at)
  local month_start, next_month = month(now)
  return math.max(month_start, math.min(plan_changed_at, now)), next_month
end

-- An empty argument means the server's clock: every process then shares one notion of "now".
local function clock(arg)
  if arg ~= '' then return tonumber(arg) end
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + fdiv(tonumber(t[2]), 1000)
end

local function int(x) return string.format('%d', x) end
`

/*
 * KEYS[1] = <prefix>total. ARGV = prefix "bk:{<account>}:", now ms or "", planChangedAt, perMinute,
 * perMonth, keyId. The window keys are derived here from the same hash-tagged prefix, so they share
 * KEYS[1]'s cluster slot. Returns { admitted 0|1, now, minuteUsed, monthUsed }, counts after the request.
 * Layout: <prefix>m:<minuteStart> (string), <prefix>p:<periodStart> (hash: "#" = period count,
 * "k:<keyId>" = per key), <prefix>d:<monthStart> (hash: UTC day start → count), <prefix>lu (hash: keyId → last
 * use, never expires), <prefix>total (string, never expires).
 */
export const charge = `${prelude}
local prefix = ARGV[1]
local now = clock(ARGV[2])
local plan_changed_at = tonumber(ARGV[3])
local per_minute = tonumber(ARGV[4])
local per_month = tonumber(ARGV[5])
local minute_start = now - now % 60000
local period_start, period_end = period(now, plan_changed_at)
local minute_key = prefix .. 'm:' .. int(minute_start)
local period_key = prefix .. 'p:' .. int(period_start)

local minute_used = tonumber(redis.call('GET', minute_key) or '0')
local month_used = tonumber(redis.call('HGET', period_key, '#') or '0')
if minute_used >= per_minute or month_used >= per_month then
  return { 0, now, minute_used, month_used }
end

minute_used = redis.call('INCR', minute_key)
-- Relative TTLs, so windows driven by a test clock still expire in real time.
if minute_used == 1 then redis.call('PEXPIRE', minute_key, minute_start + 120000 - now) end
month_used = redis.call('HINCRBY', period_key, '#', 1)
redis.call('HINCRBY', period_key, 'k:' .. ARGV[6], 1)
-- Two days past the period's end: processes with slightly skewed clocks still find it.
if month_used == 1 then redis.call('PEXPIRE', period_key, period_end + 2 * DAY - now) end
local month_start, next_month = month(now)
local days_key = prefix .. 'd:' .. int(month_start)
if redis.call('HINCRBY', days_key, int(now - now % DAY), 1) == 1 then
  redis.call('PEXPIRE', days_key, next_month + 2 * DAY - now)
end
redis.call('HSET', prefix .. 'lu', ARGV[6], int(now))
redis.call('INCR', KEYS[1])
return { 1, now, minute_used, month_used }
`

/*
 * KEYS[1] = <prefix>total. ARGV = prefix, now ms or "", planChangedAt. Counts nothing.
 * Returns { now, minuteUsed, monthUsed } of the current windows, as `charge` would see them.
 */
export const peek = `${prelude}
local prefix = ARGV[1]
local now = clock(ARGV[2])
local period_start = period(now, tonumber(ARGV[3]))
local minute_used = tonumber(redis.call('GET', prefix .. 'm:' .. int(now - now % 60000)) or '0')
local month_used = tonumber(redis.call('HGET', prefix .. 'p:' .. int(period_start), '#') or '0')
return { now, minute_used, month_used }
`

/*
 * KEYS[1] = <prefix>total. ARGV = prefix, now ms or "", planChangedAt.
 * Returns { monthUsed, total, { keyId, ... }, { count, ... }, { day, ... }, { count, ... }, { keyId, ... },
 * { lastUsed, ... } }: the current period by key, this calendar month by day, and every key's last use.
 */
export const usage = `${prelude}
local now = clock(ARGV[2])
local period_start = period(now, tonumber(ARGV[3]))
local period_key = ARGV[1] .. 'p:' .. int(period_start)
local fields = redis.call('HGETALL', period_key)
local month_used, ids, counts = 0, {}, {}
for i = 1, #fields, 2 do
  local field, count = fields[i], tonumber(fields[i + 1])
  if field == '#' then
    month_used = count
  elseif string.sub(field, 1, 2) == 'k:' then
    ids[#ids + 1] = string.sub(field, 3)
    counts[#counts + 1] = count
  end
end
local days, day_counts = {}, {}
local day_fields = redis.call('HGETALL', ARGV[1] .. 'd:' .. int(month(now)))
for i = 1, #day_fields, 2 do
  days[#days + 1] = tonumber(day_fields[i])
  day_counts[#day_counts + 1] = tonumber(day_fields[i + 1])
end
local used_ids, used_at = {}, {}
local used = redis.call('HGETALL', ARGV[1] .. 'lu')
for i = 1, #used, 2 do
  used_ids[#used_ids + 1] = used[i]
  used_at[#used_at + 1] = tonumber(used[i + 1])
end
return { month_used, tonumber(redis.call('GET', KEYS[1]) or '0'), ids, counts, days, day_counts, used_ids, used_at }
`
