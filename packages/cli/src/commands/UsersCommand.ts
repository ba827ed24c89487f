/**
 * `bookmarks users create --account ID --email E`: a person who signs in to the account's web app. The password is
 * asked for at a prompt, or read from standard input with `--password-stdin`; never a flag (it would sit in the
 * shell history and the process list).
 */
import { Command, Options, Prompt } from "@effect/cli"
import { Effect, Redacted } from "effect"
import * as AdminClient from "../AdminClient.js"
import { json, url } from "./Common.js"
import { print } from "./Output.js"

const account = Options.text("account").pipe(Options.withDescription("Account id"))
const email = Options.text("email").pipe(Options.withDescription("The person's email (how they sign in)"))
const passwordStdin = Options.boolean("password-stdin").pipe(
  Options.withDescription("Read the password from standard input (first line) instead of a prompt")
)

/** The first line of standard input, without its line ending. */
const firstLine = Effect.async<string>((resume) => {
  const chunks: Array<Buffer> = []
  process.stdin.on("data", (chunk: Buffer) => chunks.push(chunk))
  process.stdin.on("end", () => resume(Effect.succeed(Buffer.concat(chunks).toString("utf8").split(/\r?\n/)[0] ?? "")))
  process.stdin.resume()
})

const asked = Prompt.password({ message: "Password for the new person (at least 8 characters)" })

const create = Command.make(
  "create",
  { account, email, json, url, passwordStdin },
  ({ account, email, json, passwordStdin, url }) =>
    Effect.gen(function*() {
      const password = passwordStdin ? yield* firstLine : Redacted.value(yield* asked)
      const { call, client } = yield* AdminClient.make(url)
      const user = yield* call(client.admin.createUser({ path: { id: account }, payload: { email, password } }))
      yield* print(json, user, () => [
        `Created ${user.email} (${user.id}) on account ${user.accountId}.`,
        "They sign in at the server's address with this email and password."
      ])
    })
).pipe(Command.withDescription("Add a person who signs in to an account's web app"))

export const command = Command.make("users").pipe(
  Command.withDescription("Manage the people who sign in to the web app (admin token: ADMIN_TOKEN or DATA_DIR/admin-token)"),
  Command.withSubcommands([create])
)
