/** The fuzz test scaled out: Postgres and Redis. Under CI it fails rather than skips without them. */
import { External } from "@bookmark-library/testkit"
import { describe } from "vitest"
import * as FuzzSuite from "./FuzzSuite.js"

const database = External.needs("TEST_DATABASE_URL")
const redis = External.needs("TEST_REDIS_URL")

describe.runIf(database.run && redis.run)("fuzz (scaled, Postgres)", () => FuzzSuite.register("scaled"))
