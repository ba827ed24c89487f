/** One outbound HTTP(S) exchange on a pinned address, with header/total timeouts and a streaming size cap. */
import { Data, Effect } from "effect"
import * as http from "node:http"
import * as https from "node:https"
import type { Readable } from "node:stream"
import * as zlib from "node:zlib"
import { hostOf, isIpLiteral } from "./AddressPolicy.js"
import { pinnedLookup, type ResolvedAddress } from "./GuardedLookup.js"

export interface SafeRequest {
  readonly url: URL
  readonly method: "GET" | "HEAD" | "POST"
  readonly headers: Readonly<Record<string, string>>
  readonly body?: Uint8Array | undefined
  /** The addresses already checked for this URL's host; the socket may connect to nothing else. */
  readonly addresses: ReadonlyArray<ResolvedAddress>
  /** ms until the response headers must have arrived. */
  readonly headersTimeout: number
  /** ms until the whole body must have arrived. */
  readonly totalTimeout: number
  /** Bytes of (decoded) body kept; reading stops and the socket is destroyed beyond it. */
  readonly maxBytes: number
  /** Answers whose body is not wanted (a redirect being followed): the socket is closed after the headers. */
  readonly discardBody?: ((status: number, headers: http.IncomingHttpHeaders) => boolean) | undefined
  /**
   * Once the headers came, a body that fails or runs out of time still ends in the answer, with the bytes read so far
   * (`truncated`): for webhook attempts, where the status is what counts and the body is only a log snippet.
   */
  readonly statusFirst?: boolean | undefined
}

export interface SafeResponse {
  readonly status: number
  readonly headers: http.IncomingHttpHeaders
  readonly body: Uint8Array
  readonly truncated: boolean
}

export class HttpFailure extends Data.TaggedError("HttpFailure")<{
  /** `body`: the answer came but its content encoding could not be decoded. */
  readonly reason: "timeout" | "connection" | "invalid" | "body"
  /** The system error code (ECONNREFUSED…) or a short label. */
  readonly code: string
  readonly detail: string
}> {}

/** A short human reason for a socket error code, as webhook attempts and processing errors report it. */
export const describeCode = (code: string): string => {
  switch (code) {
    case "ECONNREFUSED":
      return "connection refused"
    case "ECONNRESET":
      return "connection reset"
    case "EHOSTUNREACH":
      return "host unreachable"
    case "ENETUNREACH":
      return "network unreachable"
    case "EPIPE":
      return "connection closed"
    case "HPE_INVALID_CONSTANT":
    case "HPE_INVALID_STATUS":
    case "HPE_HEADER_OVERFLOW":
      return "invalid HTTP response"
  }
  if (/CERT|TLS|SSL|SELF_SIGNED|UNABLE_TO_VERIFY/.test(code)) return `TLS error (${code})`
  return `connection failed (${code})`
}

/** One header as a single string (repeated headers joined, as HTTP allows). */
export const header = (headers: http.IncomingHttpHeaders, name: string): string | undefined => {
  const value = headers[name.toLowerCase()]
  return Array.isArray(value) ? value.join(", ") : value
}

const errorCode = (e: unknown): string =>
  typeof e === "object" && e !== null && "code" in e && typeof e.code === "string" ? e.code : "EUNKNOWN"

const decoderFor = (encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | undefined => {
  switch (encoding?.trim().toLowerCase()) {
    case "gzip":
    case "x-gzip":
      return zlib.createGunzip()
    case "deflate":
      return zlib.createInflate()
    case "br":
      return zlib.createBrotliDecompress()
    default:
      return undefined
  }
}

export const request = (input: SafeRequest): Effect.Effect<SafeResponse, HttpFailure> =>
  Effect.callback<SafeResponse, HttpFailure>((resume) => {
    const { url } = input
    const host = hostOf(url)
    const first = input.addresses[0]
    const client = url.protocol === "https:" ? https : http
    let settled = false
    const streams: Array<Readable> = []
    let req: http.ClientRequest | undefined
    let partial: (() => void) | undefined

    const close = () => {
      clearTimeout(headersTimer)
      clearTimeout(totalTimer)
      for (const s of streams) s.destroy()
      req?.destroy()
    }
    const settle = (result: Effect.Effect<SafeResponse, HttpFailure>) => {
      if (settled) return
      settled = true
      close()
      resume(result)
    }
    const fail = (reason: HttpFailure["reason"], code: string, detail: string) =>
      partial !== undefined ? partial() : settle(Effect.fail(new HttpFailure({ reason, code, detail })))

    const headersTimer = setTimeout(
      () => fail("timeout", "ETIMEDOUT", `no response headers from ${url.host} within ${input.headersTimeout} ms`),
      input.headersTimeout
    )
    const totalTimer = setTimeout(
      () => fail("timeout", "ETIMEDOUT", `${url.host} did not answer in full within ${input.totalTimeout} ms`),
      input.totalTimeout
    )

    try {
      req = client.request({
        protocol: url.protocol,
        // An IP literal host is connected directly (no lookup), so hand over exactly the checked form.
        hostname: isIpLiteral(host) && first !== undefined ? first.address : host,
        port: url.port === "" ? undefined : Number(url.port),
        path: `${url.pathname}${url.search}`,
        method: input.method,
        headers: { ...input.headers },
        // A private one-shot agent: no pooled sockets reused across checks, `Connection: close`, no proxy.
        agent: false,
        lookup: pinnedLookup(input.addresses)
      })
    } catch (e) {
      // Node validates headers and paths synchronously.
      fail("invalid", errorCode(e), e instanceof Error ? e.message : "invalid request")
      return Effect.void
    }

    req.on("error", (e) => {
      const code = errorCode(e)
      fail("connection", code, `${describeCode(code)}: ${url.host}`)
    })

    req.on("response", (res) => {
      clearTimeout(headersTimer)
      streams.push(res)
      const status = res.statusCode ?? 0
      const answer = (body: Uint8Array, truncated: boolean) =>
        settle(Effect.succeed({ status, headers: res.headers, body, truncated }))
      if (input.discardBody?.(status, res.headers) === true) return answer(new Uint8Array(0), false)

      const decoder = decoderFor(header(res.headers, "content-encoding"))
      const source: Readable = decoder === undefined ? res : res.pipe(decoder)
      if (decoder !== undefined) {
        streams.push(decoder)
        decoder.on(
          "error",
          () => fail("body", "EBADBODY", `undecodable ${header(res.headers, "content-encoding")} body from ${url.host}`)
        )
      }
      const chunks: Array<Buffer> = []
      let size = 0
      if (input.statusFirst === true) partial = () => answer(Buffer.concat(chunks), true)
      source.on("data", (chunk: Buffer) => {
        if (settled) return
        if (size + chunk.length > input.maxBytes) {
          chunks.push(chunk.subarray(0, input.maxBytes - size))
          return answer(Buffer.concat(chunks), true)
        }
        chunks.push(chunk)
        size += chunk.length
      })
      source.on("end", () => answer(Buffer.concat(chunks), false))
      res.on("error", (e) => {
        const code = errorCode(e)
        fail("connection", code, `${describeCode(code)} while reading from ${url.host}`)
      })
      res.on("close", () => {
        if (!res.complete) fail("connection", "ECONNRESET", `connection closed early while reading from ${url.host}`)
      })
    })

    req.end(input.body === undefined ? undefined : Buffer.from(input.body))
    return Effect.sync(close)
  })
