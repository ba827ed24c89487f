/** New OAuth secrets (codes, tokens, client ids): a prefix and unbiased base62 from the IdGenerator's bytes. */
import { Effect } from "effect"
import * as Base62 from "../../Base62.js"
import * as OAuth from "../../OAuth.js"
import { IdGenerator } from "../../ports/IdGenerator.js"

export const newSecret = Effect.fnUntraced(function*(prefix: string, length: number = OAuth.secretLength) {
  const ids = yield* IdGenerator
  let body = ""
  while (body.length < length) body += Base62.fromBytes(yield* ids.bytes(64), length - body.length)
  return prefix + body
})
