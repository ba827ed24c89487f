/** Types of the engine bundle `single-file-cli` ships (it has none): SingleFile's page-side code as source text. */
declare module "single-file-cli/lib/single-file-bundle.js" {
  /** Defines `globalThis.singlefile` (`init`, `getPageData`) in the frame it runs in. */
  export const script: string
  /** Runs before the page's scripts: lets SingleFile load lazy images and see shadow roots. */
  export const hookScript: string
}
