/**
 * Port: one link-health check of a URL (docs/preservation.md, "Link health"): `HEAD` (a `GET` with a small body
 * limit where `HEAD` is refused), every hop through the address policy, redirects followed by hand. It never fails:
 * a failure to reach the page is an answer too (`LinkHealth.Probe`).
 */
import { Context, type Effect } from "effect"
import type * as LinkHealth from "../LinkHealth.js"

export class LinkProbe extends Context.Service<LinkProbe, {
  readonly probe: (url: string) => Effect.Effect<LinkHealth.Probe>
}>()("LinkProbe") {}
