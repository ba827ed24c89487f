/**
 * The page-side half of a capture, as source text evaluated in the rendered page: SingleFile's `getPageData` with
 * our options, its fetch falling back to the browser fetch binding (BrowserFetch.ts) when CORS refuses the page's.
 */
import { bindingName } from "./BrowserFetch.js"

/** SingleFile's options that differ between the attempts of one capture (CopyBounds.ts). */
export interface Drop {
  readonly images: boolean
  readonly fontsAndFrames: boolean
}

/** SingleFile options: every script removed, lazy images loaded, what the page does not show left out. */
export const options = (drop: Drop, maxResourceMb: number) => ({
  blockScripts: true,
  blockAudios: true,
  blockVideos: true,
  blockImages: drop.images,
  blockFonts: drop.fontsAndFrames,
  removeFrames: drop.fontsAndFrames,
  blockAlternativeImages: true,
  removeAlternativeImages: true,
  removeAlternativeFonts: true,
  removeAlternativeMedias: true,
  removeHiddenElements: true,
  removeUnusedStyles: true,
  removeUnusedFonts: true,
  removeNoScriptTags: true,
  compressHTML: true,
  groupDuplicateImages: true,
  maxSizeDuplicateImages: 512 * 1024,
  loadDeferredImages: true,
  loadDeferredImagesMaxIdleTime: 1500,
  // Frames are read once the deferred images are in. Without it SingleFile waits a fixed
  // `loadDeferredImagesMaxIdleTime` before reading frames on every page, even one with no lazy image and no frame
  // (docs/preservation.md, "Measured").
  loadDeferredImagesBeforeFrames: true,
  maxResourceSizeEnabled: true,
  maxResourceSize: maxResourceMb,
  insertSingleFileComment: true,
  insertCanonicalLink: true,
  saveRawPage: false
})

/** Source of an expression that resolves to the copy's HTML (a string). */
export const capture = (singleFileOptions: object): string =>
  `(async (options) => {
  const singlefile = globalThis.singlefile;
  if (!singlefile || typeof singlefile.getPageData !== "function") throw new Error("engine not loaded");
  const nativeFetch = globalThis.fetch.bind(globalThis);
  const browserFetch = globalThis[${JSON.stringify(bindingName)}];
  singlefile.init({
    fetch: async (url, init) => {
      try {
        return await nativeFetch(url, init);
      } catch (cause) {
        if (typeof browserFetch !== "function") throw cause;
        const answer = await browserFetch(String(url));
        if (answer.error) throw new Error(answer.error);
        const binary = atob(answer.data);
        const bytes = new Uint8Array(binary.length);
        for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
        return { status: answer.status, headers: new Headers(answer.headers), arrayBuffer: async () => bytes.buffer };
      }
    }
  });
  const data = await singlefile.getPageData(options);
  return typeof data.content === "string" ? data.content : "";
})(${JSON.stringify(singleFileOptions)})`
