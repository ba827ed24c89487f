/** Use case of the operator: a new person (user) for an existing account. */
import { Clock, Effect } from "effect"
import { IdGenerator } from "../../ports/IdGenerator.js"
import { Users } from "../../ports/Users.js"
import * as User from "../../User.js"
import { getAccount } from "../accounts/GetAccount.js"
import { type Credentials, emailTaken, prepareUser } from "./SignUp.js"

export const createUser = Effect.fn("CreateUser")(function*(accountId: string, credentials: Credentials) {
  const { account } = yield* getAccount(accountId)
  const { email, passwordHash } = yield* prepareUser(credentials)
  const ids = yield* IdGenerator
  const users = yield* Users
  const user: User.User = {
    id: yield* ids.make("user"),
    accountId: account.id,
    email,
    createdAt: yield* Clock.currentTimeMillis
  }
  const outcome = yield* users.create(user, passwordHash, { onlyIfFirst: false })
  if (outcome !== "created") return yield* emailTaken
  return User.present(user)
})
