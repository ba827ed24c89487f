// Module resolution hook for running the workspace from sources: every package is asked for its
// "@bookmark-library/source" export condition first, which points at ./src (docs/packages.md).
export const resolve = (specifier, context, nextResolve) =>
  nextResolve(specifier, { ...context, conditions: ["@bookmark-library/source", ...context.conditions] })
