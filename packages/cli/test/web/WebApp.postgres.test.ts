/** The web app in Chromium on Postgres with Redis counters (the scaled mode). */
import { describeWebApp } from "./WebAppSuite.js"

describeWebApp("scaled", "Postgres")
