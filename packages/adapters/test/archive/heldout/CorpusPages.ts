/**
 * Held-out fidelity pages from real sites: a fixed sample of the held-out extraction corpus
 * (test/quality/heldout/<suite>/<case>/source.html.gz), served from loopback. Their external resources (images,
 * stylesheets and scripts on the sites' hosts) are not reachable here: the measure sends traffic only to loopback and
 * the renderer's guard refuses hosts outside its allowlist, so the live page and the copy both lack them.
 */
import * as fs from "node:fs"
import * as path from "node:path"
import { fileURLToPath } from "node:url"
import * as zlib from "node:zlib"
import type * as LoopbackServer from "../../render/LoopbackServer.js"

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../quality/heldout")

/** Every twelfth case of the corpus in sorted order (13 of 149): a sample chosen by rule, not by look. */
export const STEP = 12

export const cases = (): ReadonlyArray<string> =>
  fs.readdirSync(root, { withFileTypes: true })
    .filter((suite) => suite.isDirectory())
    .flatMap((suite) =>
      fs.readdirSync(path.join(root, suite.name)).map((name) => `${suite.name}/${name}`)
    )
    .filter((name) => fs.existsSync(path.join(root, name, "source.html.gz")))
    .sort()
    .filter((_, i) => i % STEP === 0)

/** The pages by path (`/c/<suite>/<case>/`), served as the site served them: HTML whose charset the page declares. */
export const pages = (): Record<string, LoopbackServer.Handler> =>
  Object.fromEntries(cases().map((name) => {
    const body = zlib.gunzipSync(fs.readFileSync(path.join(root, name, "source.html.gz")))
    const handler: LoopbackServer.Handler = (_q, res) => {
      res.writeHead(200, { "content-type": "text/html" })
      res.end(body)
    }
    return [`/c/${name}/`, handler]
  }))
