/** The extension's logic that runs without a browser (what its unit tests import); the pages and worker are bundles. */
export * as Failure from "./Failure.js"
export * as Messages from "./Messages.js"
export * as Tags from "./Tags.js"
export * as Urls from "./Urls.js"
