/** The Import & export page in Chromium on Postgres with Redis (the scaled mode). */
import { describeImportPage } from "./ImportPageSuite.js"

describeImportPage("scaled", "Postgres")
