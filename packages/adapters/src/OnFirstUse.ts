/**
 * A library loaded the first time it is needed, not when the process starts (docs/architecture.md, "Hot paths: where the code leaves the general path on purpose"):
 * the sanitiser, the note and page Markdown converters are used by some requests and some enrichments, and each one
 * loaded at start costs the idle server 6–18 MB. The package is resolved from this file as a static import would be.
 * Only CommonJS entries are loaded this way (a synchronous `require`); asynchronous code imports as usual.
 */
import { createRequire } from "node:module"

const load = createRequire(import.meta.url)

export const onFirstUse = <A>(name: string, pick: (module: unknown) => A): () => A => {
  let value: A | undefined
  return () => (value ??= pick(load(name)))
}
