/**
 * A scripted LinkProbe: each URL answers what the test set (an answer, a failure, or nothing: it hangs), and every
 * probe is recorded with the test clock's time, so pacing can be read back. Nothing leaves the process.
 */
import { type LinkHealth, LinkProbe } from "@bookmark-library/domain"
import { Clock, Effect, Layer } from "effect"

export type Script = LinkHealth.Probe | "hang"

export interface FakeLinkProbe {
  readonly service: LinkProbe["Service"]
  /** Sets what `url` answers from now on (unset URLs answer 200). */
  readonly answer: (url: string, script: Script) => void
  /** Every probe so far: the URL and the clock's time when it was asked. */
  readonly probes: ReadonlyArray<{ readonly url: string; readonly at: number }>
}

export const ok = (url: string): LinkHealth.Probe => ({
  _tag: "Answered",
  status: 200,
  url,
  hops: [],
  retryAfter: null
})

export const status = (url: string, code: number, retryAfter: number | null = null): LinkHealth.Probe => ({
  _tag: "Answered",
  status: code,
  url,
  hops: [],
  retryAfter
})

export const make = (): FakeLinkProbe => {
  const scripts = new Map<string, Script>()
  const probes: Array<{ url: string; at: number }> = []
  const service = LinkProbe.of({
    probe: (url) =>
      Effect.gen(function*() {
        probes.push({ url, at: yield* Clock.currentTimeMillis })
        const script = scripts.get(url) ?? ok(url)
        return script === "hang" ? yield* Effect.never : script
      })
  })
  return { service, answer: (url, script) => void scripts.set(url, script), probes }
}

export const layer = (fake: FakeLinkProbe) => Layer.succeed(LinkProbe, fake.service)
