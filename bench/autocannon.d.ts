/** The part of autocannon's programmatic API the benchmark uses (the package ships no types). */
declare module "autocannon" {
  import type { EventEmitter } from "node:events"

  interface Request {
    method?: string
    path?: string
    headers?: Record<string, string>
    body?: string
  }

  interface Options {
    url: string
    connections?: number
    duration?: number
    pipelining?: number
    overallRate?: number
    timeout?: number
    method?: string
    headers?: Record<string, string>
    body?: string
    requests?: ReadonlyArray<Request & { setupRequest?: (request: Request) => Request }>
  }

  interface Histogram {
    average: number
    mean: number
    stddev: number
    min: number
    max: number
    p50: number
    p90: number
    p97_5: number
    p99: number
    total: number
  }

  interface Result {
    requests: Histogram
    latency: Histogram
    throughput: Histogram
    errors: number
    timeouts: number
    non2xx: number
    duration: number
    statusCodeStats: Record<string, { count: number }>
  }

  function autocannon(options: Options): EventEmitter & PromiseLike<Result>
  export default autocannon
}
