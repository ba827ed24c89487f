/** The composition root, for hosts that embed the whole service. */
export * as AppConfig from "./AppConfig.js"
export * as Composition from "./Composition.js"
