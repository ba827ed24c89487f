/** The composition root, for hosts that embed the whole service. */
export * as AppConfig from "./server/AppConfig.js"
// Published as `Composition` since the first release; hosts import it by that name.
export * as Composition from "./server/AdapterChoice.js"
