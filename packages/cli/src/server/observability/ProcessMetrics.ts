/**
 * The process's own metrics, read when the metrics are scraped: CPU time, memory, event-loop delay and start time,
 * under the names Prometheus' client libraries use (docs/operations.md, "Metrics").
 */
import { Metrics } from "@bookmark-library/domain"
import { Effect, Metric } from "effect"
import { monitorEventLoopDelay } from "node:perf_hooks"

const cpuUser = Metrics.counter("process_cpu_user_seconds_total", "User CPU time spent by this process, in seconds")
const cpuSystem = Metrics.counter(
  "process_cpu_system_seconds_total",
  "System CPU time spent by this process, in seconds"
)
const resident = Metrics.gauge("process_resident_memory_bytes", "Resident memory of this process, in bytes")
const heapUsed = Metrics.gauge("nodejs_heap_used_bytes", "V8 heap in use, in bytes")
const heapTotal = Metrics.gauge("nodejs_heap_total_bytes", "V8 heap reserved, in bytes")
const startTime = Metrics.gauge(
  "process_start_time_seconds",
  "When this process started, in seconds since the Unix epoch"
)
const loopDelayP99 = Metrics.gauge(
  "nodejs_eventloop_delay_p99_seconds",
  "99th percentile of the event loop's delay since the previous scrape, in seconds"
)
const loopDelayMax = Metrics.gauge(
  "nodejs_eventloop_delay_max_seconds",
  "Longest event-loop delay since the previous scrape, in seconds"
)

/**
 * Starts watching the event loop (a timer in libuv, sampled every 20 ms) and returns the sampler to run on every
 * scrape. CPU counters grow by the time spent since the previous scrape, so they stay counters.
 */
export const make = Effect.sync(() => {
  const delay = monitorEventLoopDelay({ resolution: 20 })
  delay.enable()
  let cpu = { user: 0, system: 0 }
  const startedAt = (Date.now() - process.uptime() * 1000) / 1000
  return Effect.suspend(() => {
    const now = process.cpuUsage()
    const spent = { user: (now.user - cpu.user) / 1e6, system: (now.system - cpu.system) / 1e6 }
    cpu = now
    const memory = process.memoryUsage()
    // An empty histogram reports its largest possible value as the percentile: no sample means no delay seen.
    const p99 = delay.count === 0 ? 0 : delay.percentile(99) / 1e9
    const max = delay.count === 0 ? 0 : delay.max / 1e9
    delay.reset()
    return Effect.all([
      Metric.update(cpuUser, spent.user),
      Metric.update(cpuSystem, spent.system),
      Metric.update(resident, memory.rss),
      Metric.update(heapUsed, memory.heapUsed),
      Metric.update(heapTotal, memory.heapTotal),
      Metric.update(startTime, startedAt),
      Metric.update(loopDelayP99, p99),
      Metric.update(loopDelayMax, max)
    ], { discard: true })
  })
})
