/** A fresh Postgres database per test file (dropped afterwards), from TEST_DATABASE_URL. */
import { Client } from "pg"

const withAdmin = async <A>(url: string, f: (client: Client) => Promise<A>) => {
  const client = new Client({ connectionString: url })
  await client.connect()
  try {
    return await f(client)
  } finally {
    await client.end()
  }
}

export const create = async (baseUrl: string) => {
  const name = `bk_e2e_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`
  await withAdmin(baseUrl, (c) => c.query(`CREATE DATABASE ${name}`))
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    drop: () => withAdmin(baseUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => undefined)
  }
}
