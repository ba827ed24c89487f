/** A Lua script run by its SHA1 (EVALSHA), loaded with EVAL only when the server does not know it yet. */
import type { Redis } from "ioredis"
import { createHash } from "node:crypto"

export interface RedisScript {
  /** For spans: `Redis.<name>`. */
  readonly name: string
  readonly source: string
  readonly sha: string
}

export const make = (name: string, source: string): RedisScript => ({
  name,
  source,
  sha: createHash("sha1").update(source).digest("hex")
})

/** One round trip in the steady state; a restarted or flushed server costs one extra (NOSCRIPT, then EVAL). */
export const run = async (
  client: Redis,
  script: RedisScript,
  keys: ReadonlyArray<string>,
  args: ReadonlyArray<string>
): Promise<unknown> => {
  try {
    return await client.evalsha(script.sha, keys.length, ...keys, ...args)
  } catch (error) {
    if (error instanceof Error && error.message.startsWith("NOSCRIPT")) {
      return await client.eval(script.source, keys.length, ...keys, ...args)
    }
    throw error
  }
}
