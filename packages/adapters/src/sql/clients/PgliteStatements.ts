/**
 * Named (prepared) statements for the PGlite client, keyed by SQL text. PGlite's `query` sends Parse, Describe,
 * Bind, Describe, Execute and Sync as six calls into its WebAssembly Postgres, which parses and plans the statement
 * every time. Here a statement is parsed once (Parse + Describe + Sync) and then run with one call (Bind + Execute +
 * Sync), with Postgres's plan cache (docs/decisions.md, "Statements on PGlite").
 *
 * Only statements of a bounded size are kept (bulk inserts vary in their number of parameters); the least recently
 * used one is closed when the cache is full. A statement whose result columns changed under it (DDL) is prepared
 * again once.
 */
import type { PGlite } from "@electric-sql/pglite"

interface Prepared {
  readonly name: string
  readonly paramTypes: ReadonlyArray<number>
  /** Result columns; empty for a statement without rows. */
  readonly fields: ReadonlyArray<{ readonly name: string; readonly dataTypeID: number }>
}

interface Message {
  readonly name: string
  readonly dataTypeIDs?: ReadonlyArray<number>
  readonly fields?: ReadonlyArray<unknown>
  readonly text?: string
}

export interface Result<Row> {
  readonly rows: ReadonlyArray<Row>
  readonly affectedRows: number
}

/**
 * The command tag's first word of the last statement (`COMMIT`, or `ROLLBACK` for a COMMIT of a failed transaction).
 */
const commandOf = (messages: ReadonlyArray<Message>): string =>
  messages.reduce((command, m) => (m.name === "commandComplete" ? (m.text ?? "").split(" ")[0] ?? "" : command), "")

const maxStatements = 200
const maxTextLength = 8_000
const maxParams = 64

const encoder = new TextEncoder()

/** Frontend messages of the extended protocol, text format only. */
class Writer {
  private chunks: Array<Uint8Array> = []
  private size = 0

  private push(bytes: Uint8Array) {
    this.chunks.push(bytes)
    this.size += bytes.length
  }

  /** A message: type byte, length, then the body parts (strings are written NUL-terminated). */
  message(
    type: string,
    parts: ReadonlyArray<Uint8Array | string | { readonly int16: number } | { readonly int32: number }>
  ) {
    const encoded = parts.map((part) => {
      if (typeof part === "string") {
        const bytes = encoder.encode(part)
        const out = new Uint8Array(bytes.length + 1)
        out.set(bytes)
        return out
      }
      if (part instanceof Uint8Array) return part
      const out = new Uint8Array("int16" in part ? 2 : 4)
      const view = new DataView(out.buffer)
      if ("int16" in part) view.setInt16(0, part.int16)
      else view.setInt32(0, part.int32)
      return out
    })
    const length = encoded.reduce((sum, b) => sum + b.length, 4)
    const head = new Uint8Array(5)
    head[0] = type.charCodeAt(0)
    new DataView(head.buffer).setInt32(1, length)
    this.push(head)
    for (const b of encoded) this.push(b)
    return this
  }

  bytes(): Uint8Array {
    const out = new Uint8Array(this.size)
    let at = 0
    for (const c of this.chunks) {
      out.set(c, at)
      at += c.length
    }
    return out
  }
}

const sync = (w: Writer) => w.message("S", [])

/** The one-byte "statement" target of Describe and Close (not a NUL-terminated string). */
const statementTarget = new Uint8Array(["S".charCodeAt(0)])

const bind = (w: Writer, statement: string, values: ReadonlyArray<string | null>) => {
  const parts: Array<Uint8Array | string | { int16: number } | { int32: number }> = ["", statement, { int16: 0 }, {
    int16: values.length
  }]
  for (const value of values) {
    if (value === null) parts.push({ int32: -1 })
    else {
      const bytes = encoder.encode(value)
      parts.push({ int32: bytes.length }, bytes)
    }
  }
  parts.push({ int16: 0 })
  return w.message("B", parts)
}

const changedResultType = (error: unknown) =>
  typeof error === "object" && error !== null && "code" in error && error.code === "0A000" &&
  "message" in error && typeof error.message === "string" && error.message.includes("cached plan")

export const make = (db: PGlite) => {
  const cache = new Map<string, Prepared>()
  let counter = 0
  const toClose: Array<string> = []

  /** Whether `sql` with `params` goes through a named statement. */
  const fits = (sql: string, params: ReadonlyArray<unknown>) =>
    sql.length <= maxTextLength && params.length <= maxParams

  const prepare = async (sql: string): Promise<Prepared> => {
    const name = `bl_${(counter++).toString(36)}`
    const w = new Writer()
    for (const old of toClose.splice(0)) w.message("C", [statementTarget, old])
    w.message("P", [name, sql, { int16: 0 }])
    w.message("D", [statementTarget, name])
    sync(w)
    const { messages } = await db.execProtocol(w.bytes()) as { messages: ReadonlyArray<Message> }
    const params = messages.find((m) => m.name === "parameterDescription")
    const rows = messages.find((m) => m.name === "rowDescription")
    const prepared: Prepared = {
      name,
      paramTypes: params?.dataTypeIDs ?? [],
      fields: (rows?.fields ?? []) as Prepared["fields"]
    }
    cache.set(sql, prepared)
    if (cache.size > maxStatements) {
      const [oldest] = cache.keys()
      const evicted = oldest === undefined ? undefined : cache.get(oldest)
      if (oldest !== undefined && evicted !== undefined) {
        toClose.push(evicted.name)
        cache.delete(oldest)
      }
    }
    return prepared
  }

  const serialize = (prepared: Prepared, params: ReadonlyArray<unknown>) =>
    params.map((value, i) => {
      if (value === null || value === undefined) return null
      const serializer = db.serializers[prepared.paramTypes[i] ?? 0]
      return serializer !== undefined ? String(serializer(value)) : String(value)
    })

  const parse = (value: unknown, dataTypeID: number) => {
    if (value === null) return null
    const parser = db.parsers[dataTypeID]
    return parser === undefined ? value : parser(value as string, dataTypeID)
  }

  const run = async (prepared: Prepared, params: ReadonlyArray<unknown>, rowMode: "object" | "array") => {
    const w = new Writer()
    bind(w, prepared.name, serialize(prepared, params))
    w.message("E", ["", { int32: 0 }])
    sync(w)
    const { messages } = await db.execProtocol(w.bytes()) as { messages: ReadonlyArray<Message> }
    const fields = prepared.fields
    const rows: Array<unknown> = []
    let affectedRows = 0
    for (const m of messages) {
      if (m.name === "dataRow") {
        const values = m.fields ?? []
        if (rowMode === "array") rows.push(values.map((v, i) => parse(v, fields[i]?.dataTypeID ?? 0)))
        else {
          const row: Record<string, unknown> = {}
          for (let i = 0; i < fields.length; i++) {
            const field = fields[i]
            if (field !== undefined) row[field.name] = parse(values[i], field.dataTypeID)
          }
          rows.push(row)
        }
      } else if (m.name === "commandComplete") {
        const words = (m.text ?? "").split(" ")
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(words[0] ?? "")) {
          affectedRows += Number.parseInt(words[words.length - 1] ?? "0", 10)
        }
      }
    }
    return { rows, affectedRows }
  }

  /** Runs `sql` as a named statement, preparing it on first use. */
  const query = async <Row>(
    sql: string,
    params: ReadonlyArray<unknown>,
    rowMode: "object" | "array"
  ): Promise<Result<Row>> => {
    const known = cache.get(sql)
    if (known !== undefined) {
      // Most recently used last: the first key is the one to close when the cache is full.
      cache.delete(sql)
      cache.set(sql, known)
      try {
        return await run(known, params, rowMode) as Result<Row>
      } catch (error) {
        if (!changedResultType(error)) throw error
        cache.delete(sql)
        toClose.push(known.name)
      }
    }
    return await run(await prepare(sql), params, rowMode) as Result<Row>
  }

  /**
   * Runs `sql` with the simple protocol (one call: Query); the command tag of its last statement. For the
   * transaction's COMMIT, whose tag says whether Postgres committed or rolled a failed transaction back.
   */
  const command = async (sql: string): Promise<string> => {
    const w = new Writer()
    w.message("Q", [sql])
    const { messages } = await db.execProtocol(w.bytes()) as { messages: ReadonlyArray<Message> }
    return commandOf(messages)
  }

  return { fits, query, command }
}

export type Statements = ReturnType<typeof make>
