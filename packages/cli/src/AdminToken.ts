/** The admin token: `ADMIN_TOKEN`, else `DATA_DIR/admin-token`, generated (mode 0600) at the first start. */
import { Effect, Option, Redacted } from "effect"
import { randomBytes } from "node:crypto"
import { mkdir, readFile, writeFile } from "node:fs/promises"
import { join } from "node:path"

export const file = (dataDir: string) => join(dataDir, "admin-token")

const read = (path: string) =>
  Effect.tryPromise(() => readFile(path, "utf8")).pipe(
    Effect.map((text) => text.trim()),
    Effect.map((text) => (text === "" ? Option.none<string>() : Option.some(text))),
    Effect.orElseSucceed(() => Option.none<string>())
  )

/** For servers: the configured token, or the stored one, or a new one written to the data directory. */
export const ensure = (configured: Option.Option<Redacted.Redacted<string>>, dataDir: string) =>
  Option.match(configured, {
    onSome: Effect.succeed,
    onNone: () =>
      Effect.gen(function*() {
        const path = file(dataDir)
        const stored = yield* read(path)
        if (Option.isSome(stored)) return Redacted.make(stored.value)
        const token = `adm_${randomBytes(32).toString("base64url")}`
        yield* Effect.tryPromise(async () => {
          await mkdir(dataDir, { recursive: true })
          await writeFile(path, `${token}\n`, { mode: 0o600, flag: "wx" })
        }).pipe(Effect.catch(() => Effect.void))
        const final = yield* read(path)
        return Redacted.make(Option.getOrElse(final, () => token))
      })
  })

/** For the CLI: the configured or stored token, if any. */
export const find = (configured: Option.Option<Redacted.Redacted<string>>, dataDir: string) =>
  Option.match(configured, {
    onSome: (token) => Effect.succeed(Option.some(token)),
    onNone: () => Effect.map(read(file(dataDir)), Option.map(Redacted.make))
  })
