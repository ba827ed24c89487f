/** Screenshot bytes in a bytea column, for deployments without a shared disk. */
import * as SqlClient from "@effect/sql/SqlClient"
import { AssetStore } from "@bookmark-library/domain"
import { Effect, Layer, Option, Schema } from "effect"
import { storage } from "./SqlFailure.js"
import { decodeFirst } from "./SqlRows.js"

const Row = Schema.Struct({ content_type: Schema.String, bytes: Schema.Uint8ArrayFromSelf })

export const make = Effect.gen(function*() {
  const sql = yield* SqlClient.SqlClient
  const first = decodeFirst(Row)
  return AssetStore.of({
    // Assets are immutable: writing an id again keeps the first bytes.
    put: Effect.fn("SqlAssetStore.put")(function*(id, asset) {
      yield* storage(sql`
        INSERT INTO assets (id, content_type, bytes) VALUES (${id}, ${asset.contentType}, ${asset.bytes})
        ON CONFLICT (id) DO NOTHING`)
    }),
    get: Effect.fn("SqlAssetStore.get")(function*(id) {
      const rows = yield* storage(sql`SELECT content_type, bytes FROM assets WHERE id = ${id}`)
      return Option.map(yield* storage(first(rows)), (row) => ({ bytes: row.bytes, contentType: row.content_type }))
    }),
    delete: Effect.fn("SqlAssetStore.delete")(function*(id) {
      yield* storage(sql`DELETE FROM assets WHERE id = ${id}`)
    })
  })
})

export const layer = Layer.effect(AssetStore, make)
