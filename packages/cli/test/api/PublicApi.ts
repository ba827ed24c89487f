/** The public-API suites, written once and instantiated per storage mode over one shared service. */
import { describe } from "vitest"
import { useService } from "../support/ApiService.js"
import type { Mode } from "../support/Harness.js"
import * as AllowanceSuite from "./AllowanceSuite.js"
import * as AuthenticationSuite from "./AuthenticationSuite.js"
import * as BadInputSuite from "./BadInputSuite.js"
import * as BookmarksSuite from "./BookmarksSuite.js"
import * as DocumentsSuite from "./DocumentsSuite.js"
import * as PaginationSuite from "./PaginationSuite.js"
import * as SearchSuite from "./SearchSuite.js"

export const describePublicApi = (mode: Mode) =>
  describe(`public API (${mode})`, () => {
    const context = useService(mode)
    describe("bookmarks", () => BookmarksSuite.register(context))
    describe("pagination and filters", () => PaginationSuite.register(context))
    describe("search and exact URL", () => SearchSuite.register(context))
    describe("authentication", () => AuthenticationSuite.register(context))
    describe("allowance", () => AllowanceSuite.register(context))
    describe("bad input", () => BadInputSuite.register(context))
    describe("documents", () => DocumentsSuite.register(context))
  })
