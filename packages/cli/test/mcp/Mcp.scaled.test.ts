/** The MCP face when scaled out: Postgres and Redis. */
import { External } from "@bookmark-library/testkit"
import { describe } from "vitest"
import { describeMcp } from "./McpFace.js"

const database = External.needs("TEST_DATABASE_URL")
const redis = External.needs("TEST_REDIS_URL")

describe.runIf(database.run && redis.run)("scaled", () => {
  describeMcp("scaled")
})
