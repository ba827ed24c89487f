/** The fuzz test on the embedded default: PGlite. */
import { describe } from "vitest"
import * as FuzzSuite from "./FuzzSuite.js"

describe("fuzz (embedded, PGlite)", () => FuzzSuite.register("embedded"))
