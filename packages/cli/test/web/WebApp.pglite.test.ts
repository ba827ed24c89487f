/** The web app in Chromium on the embedded default (PGlite, SQL counters). */
import { describeWebApp } from "./WebAppSuite.js"

describeWebApp("embedded", "PGlite")
