import { defaultServerConditions } from "vite"
import { defineConfig } from "vitest/config"

export default defineConfig({
  // Tests run the workspace packages from their sources, without a build: the packages' `exports` send this
  // condition to ./src (docs/packages.md). Vitest resolves test imports as server-side modules.
  // Not "module": vitest hands its conditions to node, and some packages (OpenTelemetry's API) map "module" to a
  // build node cannot load.
  ssr: {
    resolve: {
      conditions: ["@bookmark-library/source", ...defaultServerConditions.filter((condition) => condition !== "module")]
    }
  },
  test: {
    include: ["packages/*/test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    reporters: ["default", "./scripts/SkipSummaryReporter.ts"],
    coverage: {
      provider: "v8",
      include: ["packages/*/src/**/*.ts"],
      reporter: ["text-summary", "text"]
    }
  }
})
