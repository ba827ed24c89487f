/** The connection the extension keeps in `chrome.storage.local`: server, key, and who it belongs to. */
import * as Result from "effect/Result"
import * as Schema from "effect/Schema"

export const Connection = Schema.Struct({
  server: Schema.String,
  key: Schema.String,
  /** The account's email when connected through the web app; empty for a pasted key. */
  email: Schema.String,
  /** The plan, as the server answered when the connection was made. */
  plan: Schema.String
})
export type Connection = typeof Connection.Type

const storageKey = "connection"

export const load = async (): Promise<Connection | undefined> => {
  const stored: Record<string, unknown> = await chrome.storage.local.get(storageKey)
  const decoded = Schema.decodeUnknownResult(Connection)(stored[storageKey])
  return Result.isSuccess(decoded) ? decoded.success : undefined
}

export const store = (connection: Connection): Promise<void> => chrome.storage.local.set({ [storageKey]: connection })

export const forget = (): Promise<void> => chrome.storage.local.remove(storageKey)

/** The form of a key shown in the options and on the web app's Keys page: `bk_…` and its last 4 characters. */
export const masked = (key: string): string => `bk_…${key.slice(-4)}`
