/** Search, states and duplicates in the web app, in Chromium, on Postgres. */
import { describeSearchPages } from "./SearchPagesSuite.js"

describeSearchPages("scaled", "Postgres")
