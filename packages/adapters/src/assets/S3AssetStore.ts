/**
 * AssetStore on S3-compatible object storage (docs/preservation.md, "Object storage"): one object per asset under
 * `<prefix><id>`, its content type as the object's. Path-style addressing; with a custom endpoint, request and
 * response checksums only when an operation requires them (third-party servers store the SDK's default streamed
 * checksum framing as part of the object). Uploads and reads stream; the SDK loads with the first store made, so
 * processes on other stores never load it.
 */
import { AssetId, AssetStore, type AssetStream, AssetStreams, Errors } from "@bookmark-library/domain"
import * as NodeStream from "@effect/platform-node/NodeStream"
import { Effect, Layer, Option, Redacted, Schema, Semaphore, Stream } from "effect"
import { Readable } from "node:stream"

export interface Options {
  readonly bucket: string
  readonly region: string
  /** A custom endpoint (an S3-compatible server); none: AWS S3 itself. */
  readonly endpoint: Option.Option<string>
  /** Static credentials; none: the SDK's default chain (environment, profile, instance role). */
  readonly credentials: Option.Option<{ readonly accessKeyId: string; readonly secretAccessKey: Redacted.Redacted }>
  /** Prepended to every object key (`assets/` puts them in a folder of a shared bucket). */
  readonly prefix: string
}

const isAssetId = Schema.is(AssetId)
const CONNECTION_TIMEOUT_MS = 5_000
/** Longest silence on a socket mid-request (not the whole transfer, which may be long for a large asset). */
const SOCKET_TIMEOUT_MS = 30_000

const statusOf = (error: unknown): number | undefined => {
  if (typeof error !== "object" || error === null || !("$metadata" in error)) return undefined
  const metadata = error.$metadata
  if (typeof metadata !== "object" || metadata === null || !("httpStatusCode" in metadata)) return undefined
  return typeof metadata.httpStatusCode === "number" ? metadata.httpStatusCode : undefined
}
const nameOf = (error: unknown) => (error instanceof Error ? error.name : "Error")
const isMissing = (error: unknown) =>
  statusOf(error) === 404 || ["NoSuchKey", "NotFound", "NoSuchBucket"].includes(nameOf(error))
/** The object appeared between our check and our write (a conditional PUT refused): the first asset stays. */
const isTaken = (error: unknown) => statusOf(error) === 412 || nameOf(error) === "PreconditionFailed"

const unavailable = (error: unknown) =>
  error instanceof Errors.StorageUnavailable
    ? error
    : new Errors.StorageUnavailable({
      reason: `assets (s3): ${nameOf(error)}: ${error instanceof Error ? error.message : String(error)}`
    })

/** The SDK client for `options`: path-style, and checksums only when required once an endpoint is custom. */
export const client = Effect.fn("S3AssetStore.client")(function*(options: Options) {
  const sdk = yield* Effect.promise(() => import("@aws-sdk/client-s3"))
  const custom = Option.isSome(options.endpoint)
  return new sdk.S3Client({
    region: options.region,
    forcePathStyle: true,
    ...Option.match(options.endpoint, { onNone: () => ({}), onSome: (endpoint) => ({ endpoint }) }),
    ...Option.match(options.credentials, {
      onNone: () => ({}),
      onSome: (c) => ({
        credentials: { accessKeyId: c.accessKeyId, secretAccessKey: Redacted.value(c.secretAccessKey) }
      })
    }),
    ...(custom ? { requestChecksumCalculation: "WHEN_REQUIRED", responseChecksumValidation: "WHEN_REQUIRED" } : {}),
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: SOCKET_TIMEOUT_MS }
  })
})

export const make = Effect.fn("S3AssetStore.make")(function*(options: Options) {
  const sdk = yield* Effect.promise(() => import("@aws-sdk/client-s3"))
  const s3 = yield* Effect.acquireRelease(client(options), (c) => Effect.sync(() => c.destroy()))
  const Bucket = options.bucket
  const keyOf = (id: AssetId) => `${options.prefix}${id}`

  const send = <A>(run: (signal: AbortSignal) => Promise<A>) => Effect.tryPromise({ try: run, catch: (e) => e })
  const orNone = <A>(effect: Effect.Effect<A, unknown>) =>
    effect.pipe(
      Effect.map(Option.some),
      Effect.catchIf(isMissing, () => Effect.succeed(Option.none<A>())),
      Effect.mapError(unavailable)
    )

  // The bucket must exist before the first save; a new one is created (a server in compose starts empty).
  yield* send((abortSignal) => s3.send(new sdk.HeadBucketCommand({ Bucket }), { abortSignal })).pipe(
    Effect.catchIf(
      isMissing,
      () =>
        send((abortSignal) => s3.send(new sdk.CreateBucketCommand({ Bucket }), { abortSignal })).pipe(
          Effect.tap(() => Effect.logInfo("asset bucket created").pipe(Effect.annotateLogs({ bucket: Bucket })))
        )
    ),
    Effect.mapError((e) =>
      new Errors.StorageUnavailable({
        reason: `assets (s3): bucket '${Bucket}' at ${Option.getOrElse(options.endpoint, () => "AWS")} is not usable: ${
          unavailable(e).reason
        }`
      })
    )
  )

  const head = (id: AssetId) =>
    orNone(send((abortSignal) => s3.send(new sdk.HeadObjectCommand({ Bucket, Key: keyOf(id) }), { abortSignal })))

  const exists = (id: AssetId) => Effect.map(head(id), Option.isSome)

  /**
   * A conditional PUT: servers that know `If-None-Match: *` refuse to replace; the check before covers the rest.
   * `stop` aborts the request (a streamed body that failed): an aborted PUT stores nothing.
   */
  const upload = (id: AssetId, contentType: string, size: number, body: Uint8Array | Readable, stop?: AbortSignal) =>
    send((signal) =>
      s3.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: keyOf(id),
          Body: body,
          ContentType: contentType,
          ContentLength: size,
          IfNoneMatch: "*"
        }),
        { abortSignal: stop === undefined ? signal : AbortSignal.any([signal, stop]) }
      )
    ).pipe(Effect.catchIf(isTaken, () => Effect.void), Effect.asVoid)

  // Puts of one id run one at a time in the process: servers without conditional writes (s3rver among them) can
  // mix one PUT's metadata with another's bytes when two race. Across processes `If-None-Match` keeps the first.
  const locks = new Map<AssetId, { readonly lock: Semaphore.Semaphore; users: number }>()
  const oneAtATime = (id: AssetId) => <A, E, R>(effect: Effect.Effect<A, E, R>) =>
    Effect.suspend(() => {
      const entry = locks.get(id) ?? { lock: Semaphore.makeUnsafe(1), users: 0 }
      locks.set(id, entry)
      entry.users += 1
      return entry.lock.withPermits(1)(effect).pipe(Effect.ensuring(Effect.sync(() => {
        entry.users -= 1
        if (entry.users === 0) locks.delete(id)
      })))
    })

  const put = Effect.fn("S3AssetStore.put")(function*(id: AssetId, asset: { bytes: Uint8Array; contentType: string }) {
    yield* oneAtATime(id)(Effect.gen(function*() {
      if (yield* exists(id)) return
      yield* upload(id, asset.contentType, asset.bytes.byteLength, asset.bytes).pipe(Effect.mapError(unavailable))
    }))
  })

  const get = Effect.fn("S3AssetStore.get")(function*(id: AssetId) {
    const object = yield* orNone(
      send((abortSignal) => s3.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(id) }), { abortSignal }))
    )
    if (Option.isNone(object) || object.value.Body === undefined) return Option.none()
    const body = object.value.Body
    const bytes = yield* send(() => body.transformToByteArray()).pipe(Effect.mapError(unavailable))
    return Option.some({ bytes, contentType: object.value.ContentType ?? "application/octet-stream" })
  })

  // The stream is checked on its way out: a wrong length fails it, which aborts the request, so nothing is stored.
  const streamUp = Effect.fnUntraced(function*(id: AssetId, asset: AssetStream) {
    if (yield* exists(id)) return
    let sent = 0
    const checked = asset.stream.pipe(
      Stream.mapEffect((chunk) => {
        sent += chunk.byteLength
        return sent > asset.size ? Effect.fail(AssetStreams.lengthMismatch(asset.size, sent)) : Effect.succeed(chunk)
      }),
      Stream.concat(
        Stream.fromEffectDrain(
          Effect.suspend(() =>
            sent === asset.size ? Effect.void : Effect.fail(AssetStreams.lengthMismatch(asset.size, sent))
          )
        )
      )
    )
    // A failed stream aborts the request and is the error reported (the SDK would only see an aborted request).
    let failure: Errors.StorageUnavailable | undefined
    const stop = new AbortController()
    const body = NodeStream.toReadableNever(checked.pipe(Stream.tapError((e) =>
      Effect.sync(() => {
        failure = e
        stop.abort(e)
      })
    )))
    body.on("error", () => undefined)
    yield* upload(id, asset.contentType, asset.size, body, stop.signal).pipe(
      Effect.mapError((e) => failure ?? unavailable(e)),
      Effect.onExit(() => Effect.sync(() => body.destroy()))
    )
  })

  const putStream = (id: AssetId, asset: AssetStream) =>
    oneAtATime(id)(streamUp(id, asset)).pipe(Effect.withSpan("S3AssetStore.putStream"))

  const getStream = Effect.fn("S3AssetStore.getStream")(function*(id: AssetId) {
    const found = yield* head(id)
    if (Option.isNone(found)) return Option.none<AssetStream>()
    const size = found.value.ContentLength ?? 0
    // Fetched when read, not now: a stream nobody reads holds no connection.
    const stream = Stream.unwrap(
      send((abortSignal) => s3.send(new sdk.GetObjectCommand({ Bucket, Key: keyOf(id) }), { abortSignal })).pipe(
        Effect.mapError(unavailable),
        Effect.flatMap((object) =>
          object.Body instanceof Readable
            ? Effect.succeed(object.Body)
            : Effect.fail(new Errors.StorageUnavailable({ reason: "assets (s3): the object's body is not a stream" }))
        ),
        Effect.map((body) =>
          NodeStream.fromReadable<Uint8Array, Errors.StorageUnavailable>({
            evaluate: () => body,
            onError: unavailable
          })
        )
      )
    )
    const streamed: AssetStream = { contentType: found.value.ContentType ?? "application/octet-stream", size, stream }
    return Option.some(streamed)
  })

  const list = (after: Option.Option<AssetId>) =>
    Stream.paginate(Option.none<string>(), (token: Option.Option<string>) =>
      send((abortSignal) =>
        s3.send(
          new sdk.ListObjectsV2Command({
            Bucket,
            Prefix: options.prefix,
            ...Option.match(token, {
              onNone: () => Option.match(after, { onNone: () => ({}), onSome: (a) => ({ StartAfter: keyOf(a) }) }),
              onSome: (ContinuationToken) => ({ ContinuationToken })
            })
          }),
          { abortSignal }
        )
      ).pipe(
        Effect.mapError(unavailable),
        Effect.map((page) =>
          [
            (page.Contents ?? []).flatMap((object) => {
              const id = (object.Key ?? "").slice(options.prefix.length)
              return isAssetId(id) && (Option.isNone(after) || id > after.value) ? [id] : []
            }),
            page.IsTruncated === true && page.NextContinuationToken !== undefined
              ? Option.some(Option.some(page.NextContinuationToken))
              : Option.none<Option.Option<string>>()
          ] as const
        )
      ))

  const remove = Effect.fn("S3AssetStore.delete")(function*(id: AssetId) {
    yield* send((abortSignal) => s3.send(new sdk.DeleteObjectCommand({ Bucket, Key: keyOf(id) }), { abortSignal }))
      .pipe(
        Effect.catchIf(isMissing, () => Effect.void),
        Effect.mapError(unavailable)
      )
  })

  return AssetStore.of({ put, get, putStream, getStream, list, delete: remove })
})

/** Checks (or creates) the bucket at start; fails naming the bucket and endpoint when it cannot. */
export const layer = (options: Options): Layer.Layer<AssetStore, Errors.StorageUnavailable> =>
  Layer.effect(AssetStore, make(options))
