/** The Import & export page in Chromium on the embedded default (PGlite). */
import { describeImportPage } from "./ImportPageSuite.js"

describeImportPage("embedded", "PGlite")
