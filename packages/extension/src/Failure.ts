/** What can go wrong talking to the server, and the sentence a person reads for each (docs/extension.md, "Errors"). */

export type Failure =
  | { readonly kind: "notConnected" }
  | { readonly kind: "unreachable"; readonly server: string }
  | { readonly kind: "revoked" }
  | { readonly kind: "rateLimited"; readonly retryAfterSeconds: number }
  | { readonly kind: "rejected"; readonly status: number; readonly detail: string }
  | { readonly kind: "server"; readonly status: number }

/** `Retry-After` in seconds (or an HTTP date), at least 1; 60 when absent or unreadable. */
export const retryAfter = (header: string | null, now: number): number => {
  if (header === null) return 60
  const seconds = Number(header)
  if (Number.isFinite(seconds) && header.trim() !== "") return Math.max(1, Math.ceil(seconds))
  const at = Date.parse(header)
  return Number.isNaN(at) ? 60 : Math.max(1, Math.ceil((at - now) / 1000))
}

/** The failure an HTTP answer that is not a success means; `detail` is the problem's own text, if any. */
export const fromStatus = (
  status: number,
  headers: { readonly get: (name: string) => string | null },
  detail: string,
  now: number
): Failure => {
  if (status === 401) return { kind: "revoked" }
  if (status === 429) return { kind: "rateLimited", retryAfterSeconds: retryAfter(headers.get("retry-after"), now) }
  if (status >= 500) return { kind: "server", status }
  return { kind: "rejected", status, detail }
}

const clock = (at: number) => new Date(at).toISOString().slice(11, 16)

const wait = (seconds: number) =>
  seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`

/** One or two sentences, no codes: what happened and what to do. */
export const message = (failure: Failure, now: number): string => {
  switch (failure.kind) {
    case "notConnected":
      return "Not connected to a bookmark server yet. Open the extension's options to connect."
    case "unreachable":
      return `Cannot reach the server at ${failure.server}. Check your connection and that the server is running, then try again.`
    case "revoked":
      return "The server no longer accepts this extension's key (it was revoked or deleted). Reconnect to get a new one."
    case "rateLimited":
      return `Too many requests for your plan right now. Try again in ${wait(failure.retryAfterSeconds)} (at ${
        clock(now + failure.retryAfterSeconds * 1000)
      } UTC).`
    case "rejected":
      return failure.detail === ""
        ? `The server refused this (status ${failure.status}).`
        : `The server refused this: ${failure.detail}`
    case "server":
      return `The server had a problem (status ${failure.status}). Try again in a moment.`
  }
}

/** Whether the person should be offered to connect again. */
export const needsReconnect = (failure: Failure): boolean =>
  failure.kind === "revoked" || failure.kind === "notConnected"
