/** Port: counters of failed sign-ins by key (an email or a client address), in windows that open at a failure. */
import { Context, type Option } from "effect"
import type * as Throttle from "../Throttle.js"
import type { Storage } from "./Storage.js"

export class SignInAttempts extends Context.Service<SignInAttempts, {
  /** Failures of `key` in its window, if that window is still open at `now`. */
  readonly failures: (key: string, now: number, window: number) => Storage<Option.Option<Throttle.Count>>
  /** Counts one failure of `key` atomically: a window that ended before `now` starts afresh at `now`. */
  readonly recordFailure: (key: string, now: number, window: number) => Storage<Throttle.Count>
  readonly clear: (key: string) => Storage<void>
}>()("SignInAttempts") {}
