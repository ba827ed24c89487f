/** The public API on the embedded default: PGlite and SQL counters in one process. */
import { describePublicApi } from "./PublicApi.js"

describePublicApi("embedded")
