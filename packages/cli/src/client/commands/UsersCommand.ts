/**
 * `bookmarks users create --account ID --email E`: a person who signs in to the account's web app. The password is
 * asked for at a prompt, or read from standard input with `--password-stdin`; never a flag (it would sit in the
 * shell history and the process list).
 */
import { Effect, Redacted } from "effect"
import { Command, Flag, Prompt } from "effect/cli"
import * as AdminClient from "../AdminClient.js"
import { print } from "../Output.js"
import { json, url } from "./Flags.js"

const account = Flag.String("account").pipe(Flag.withDescription("Account id"))
const email = Flag.String("email").pipe(Flag.withDescription("The person's email (how they sign in)"))
const passwordStdin = Flag.Boolean("password-stdin").pipe(
  Flag.withDescription("Read the password from standard input (first line) instead of a prompt"),
  Flag.withDefault(false)
)

/** The first line of standard input, without its line ending. */
const firstLine = Effect.callback<string>((resume) => {
  const chunks: Array<Buffer> = []
  process.stdin.on("data", (chunk: Buffer) => chunks.push(chunk))
  process.stdin.on("end", () => resume(Effect.succeed(Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "")))
  process.stdin.resume()
})

const asked = Prompt.Password({ message: "Password for the new person (at least 8 characters)" })

const create = Command.make(
  "create",
  { account, email, json, url, passwordStdin },
  ({ account, email, json, passwordStdin, url }) =>
    Effect.gen(function*() {
      const password = passwordStdin ? yield* firstLine : Redacted.value(yield* asked)
      const { call, client } = yield* AdminClient.make(url)
      const user = yield* call(client.admin.createUser({ params: { id: account }, payload: { email, password } }))
      yield* print(json, user, () => [
        `Created ${user.email} (${user.id}) on account ${user.accountId}.`,
        "They sign in at the server's address with this email and password."
      ])
    })
).pipe(Command.withDescription("Add a person who signs in to an account's web app"))

export const command = Command.make("users").pipe(
  Command.withDescription(
    "Manage the people who sign in to the web app (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"
  ),
  Command.withSubcommands([create])
)
