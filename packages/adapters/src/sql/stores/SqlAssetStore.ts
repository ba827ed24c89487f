/**
 * Asset bytes in a bytea column, for deployments without a shared disk. A bytea value is read and written whole,
 * so the streamed forms collect or hand out one buffer here; object storage (`assets/S3AssetStore.ts`) streams.
 */
import { AssetId, AssetStore, AssetStreams } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema, Stream } from "effect"
import * as SqlClient from "effect/sql/SqlClient"
import * as SqlSchema from "effect/sql/SqlSchema"
import { storage } from "../clients/SqlFailure.js"
import { Row } from "../rows/RowSchema.js"

const AssetRow = Row({ contentType: Schema.String, bytes: Schema.Uint8Array })
const IdRow = Row({ id: AssetId })
/** Ids per page of a listing. */
const LIST_PAGE = 500

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const find = SqlSchema.findOneOption({
    Request: AssetId,
    Result: AssetRow,
    execute: (id) => sql`SELECT content_type, bytes FROM assets WHERE id = ${id}`
  })
  const page = SqlSchema.findAll({
    Request: Schema.String,
    Result: IdRow,
    execute: (after) => sql`SELECT id FROM assets WHERE id > ${after} ORDER BY id LIMIT ${LIST_PAGE}`
  })
  // Assets are immutable: writing an id again keeps the first bytes.
  const put = Effect.fn("SqlAssetStore.put")(function*(id: AssetId, asset: { bytes: Uint8Array; contentType: string }) {
    yield* storage(sql`
      INSERT INTO assets (id, content_type, bytes) VALUES (${id}, ${asset.contentType}, ${asset.bytes})
      ON CONFLICT (id) DO NOTHING`)
  })
  const get = Effect.fn("SqlAssetStore.get")(function*(id: AssetId) {
    return yield* storage(find(id))
  })
  return AssetStore.of({
    put,
    get,
    putStream: Effect.fn("SqlAssetStore.putStream")(function*(id, asset) {
      yield* put(id, yield* AssetStreams.collect(asset))
    }),
    getStream: (id) => Effect.map(get(id), Option.map(AssetStreams.fromAsset)),
    list: (after) =>
      Stream.paginate(Option.getOrElse(after, () => ""), (from: string) =>
        Effect.map(storage(page(from)), (rows) => {
          const last = rows.at(-1)
          return [
            rows.map((row) => row.id),
            rows.length === LIST_PAGE && last !== undefined ? Option.some<string>(last.id) : Option.none<string>()
          ] as const
        })),
    delete: Effect.fn("SqlAssetStore.delete")(function*(id) {
      yield* storage(sql`DELETE FROM assets WHERE id = ${id}`)
    })
  })
})

export const layer = Layer.effect(AssetStore, make)
