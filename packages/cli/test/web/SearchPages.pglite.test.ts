/** Search, states and duplicates in the web app, in Chromium, on the embedded default (PGlite). */
import { describeSearchPages } from "./SearchPagesSuite.js"

describeSearchPages("embedded", "PGlite")
