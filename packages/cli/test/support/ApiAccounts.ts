/** Accounts with API keys whose admin ids are known (to revoke them) and whose masked forms are checked. */
import type { Client } from "./Client.js"

export interface IssuedKey {
  readonly id: string
  readonly key: string
  readonly masked: string
}

export interface ApiAccount {
  readonly id: string
  readonly key: string
  readonly keys: ReadonlyArray<IssuedKey>
}

export type PlanName = "free" | "plus" | "ultra"

export const create = async (client: Client, plan: PlanName = "free", count = 1): Promise<ApiAccount> => {
  const account = await client.admin<{ id: string }>("POST", "/accounts", { plan })
  if (account.status !== 201) throw new Error(`account: ${account.status} ${account.text}`)
  const keys: Array<IssuedKey> = []
  for (let i = 0; i < count; i++) {
    const made = await client.admin<IssuedKey>("POST", `/accounts/${account.body.id}/keys`, { label: `key ${i}` })
    if (made.status !== 201) throw new Error(`key: ${made.status} ${made.text}`)
    keys.push(made.body)
  }
  return { id: account.body.id, key: keys[0]?.key ?? "", keys }
}

/** The masked form the usage report shows: `bk_…` and the last four characters. */
export const masked = (key: string) => `bk_…${key.slice(-4)}`
