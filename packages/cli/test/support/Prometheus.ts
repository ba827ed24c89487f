/**
 * Scrapes `/metrics` and reads it with a third-party parser of the Prometheus text format (prom2javascript: unlike
 * parse-prometheus-text-format, it keeps the labels of histogram series apart).
 */
import { Waiting } from "@bookmark-library/testkit"
import { getMetricsFromIterator, type PromMetrics } from "prom2javascript"

export interface Scrape {
  readonly status: number
  readonly contentType: string
  readonly text: string
  readonly metrics: PromMetrics
}

export const scrape = async (baseUrl: string, token?: string): Promise<Scrape> => {
  const response = await fetch(
    `${baseUrl}/metrics`,
    token === undefined ? {} : { headers: { authorization: `Bearer ${token}` } }
  )
  const text = await response.text()
  const metrics = response.status === 200 ? await getMetricsFromIterator(text.split("\n")[Symbol.iterator]()) : {}
  return { status: response.status, contentType: response.headers.get("content-type") ?? "", text, metrics }
}

type Labels = Readonly<Record<string, string>>

const matches = (labels: Labels, wanted: Labels) => Object.entries(wanted).every(([k, v]) => labels[k] === v)

/** The sum over the series of `name` whose labels include `labels` (0 when there is none): a counter or gauge. */
export const value = (scraped: Scrape, name: string, labels: Labels = {}): number => {
  const family = scraped.metrics[name]
  if (family === undefined) return 0
  return family.data.reduce((sum, d) => sum + ("value" in d && matches(d.labels, labels) ? d.value : 0), 0)
}

/** The observation count of the histogram `name` over the series whose labels include `labels`. */
export const observations = (scraped: Scrape, name: string, labels: Labels = {}): number => {
  const family = scraped.metrics[name]
  if (family === undefined) return 0
  return family.data.reduce((sum, d) => sum + ("buckets" in d && matches(d.labels, labels) ? d.count ?? 0 : 0), 0)
}

/** How much each of `read` moved between two scrapes. */
export const delta = (before: Scrape, after: Scrape, read: (s: Scrape) => number) => read(after) - read(before)

/** Scrapes until `predicate` holds: scrapes are not charged and change no counter the tests read. */
export const until = (
  baseUrl: string,
  token: string | undefined,
  predicate: (s: Scrape) => boolean,
  timeoutMs = 30_000
) => {
  let last = ""
  return Waiting.pollUntil(() => `the metrics to reach the expected state:\n${last}`, async () => {
    const scraped = await scrape(baseUrl, token)
    last = scraped.text
    return predicate(scraped) && scraped
  }, { timeoutMs })
}
