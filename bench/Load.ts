/**
 * One measurement with autocannon: requests/s and latency at saturation (or a fixed rate), with the server's peak RSS.
 */
import autocannon from "autocannon"

export interface Measurement {
  readonly label: string
  readonly rps: number
  readonly p50: number
  readonly p99: number
  readonly max: number
  readonly requests: number
  /** Answers outside 2xx, connection errors and timeouts: a valid run has none. */
  readonly failures: number
  readonly peakRss: number
  /** The server's CPU time per answered request (user + system), independent of how busy the machine is. */
  readonly cpuMsPerRequest: number | undefined
}

export interface LoadOptions {
  readonly label: string
  readonly url: string
  /** The API key, or one drawn per request (saves spread over accounts). */
  readonly key: string | (() => string)
  readonly method?: "GET" | "POST"
  /** Each request's path (and body), drawn per request. */
  readonly path: () => string
  readonly body?: () => string
  /** Headers besides the key and, for a POST, `content-type: application/json`. */
  readonly headers?: Record<string, string>
  readonly connections: number
  readonly seconds: number
  readonly warmupSeconds: number
  /** A fixed overall rate instead of saturation. */
  readonly rate?: number
  /** The server's RSS in bytes, sampled during the run. */
  readonly rss: () => number
  /** The server's CPU time so far in ms (0 when unknown). */
  readonly cpu?: () => number
}

const run = (options: LoadOptions, seconds: number) => {
  const method = options.method ?? "GET"
  const key = options.key
  const headersFor = (k: string): Record<string, string> => ({
    authorization: `Bearer ${k}`,
    ...(method === "POST" ? { "content-type": "application/json" } : {}),
    ...options.headers
  })
  const headers = headersFor(typeof key === "string" ? key : key())
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration: seconds,
    timeout: 10,
    ...(options.rate === undefined ? {} : { overallRate: options.rate }),
    requests: [{
      method,
      headers,
      setupRequest: (request) => ({
        ...request,
        method,
        headers: typeof key === "string" ? headers : headersFor(key()),
        path: options.path(),
        ...(options.body === undefined ? {} : { body: options.body() })
      })
    }]
  })
}

export const measure = async (options: LoadOptions): Promise<Measurement> => {
  if (options.warmupSeconds > 0) await run(options, options.warmupSeconds)
  let peakRss = options.rss()
  const cpuBefore = options.cpu?.() ?? 0
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, options.rss())
  }, 250)
  const result = await run(options, options.seconds)
  clearInterval(sampler)
  peakRss = Math.max(peakRss, options.rss())
  const cpuUsed = (options.cpu?.() ?? 0) - cpuBefore
  const measurement: Measurement = {
    label: options.label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
    peakRss,
    cpuMsPerRequest: cpuUsed > 0 && result.requests.total > 0 ? cpuUsed / result.requests.total : undefined
  }
  console.log(
    `  ${options.label.padEnd(44)} ${
      measurement.rps.toFixed(0).padStart(6)
    } req/s  p50 ${measurement.p50} ms  p99 ${measurement.p99} ms` +
      (measurement.cpuMsPerRequest === undefined ? "" : `  cpu ${measurement.cpuMsPerRequest.toFixed(2)} ms/req`) +
      (measurement.failures > 0 ? `  (${measurement.failures} failures)` : "")
  )
  return measurement
}
