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
    // Vitest's default on a 2-core machine is one worker (cores - 1), and most of the suite waits on sockets, child
    // processes, Postgres and Chromium rather than on the CPU: two files at a time cut the wall time without
    // starving the timing-sensitive ones. TEST_WORKERS overrides it (e.g. 1 on a busy machine).
    maxWorkers: Number(process.env["TEST_WORKERS"] ?? 2),
    reporters: ["default", "./scripts/SkipSummaryReporter.ts"],
    coverage: {
      provider: "v8",
      include: ["packages/*/src/**/*.ts"],
      reporter: ["text-summary", "text"]
    }
  }
})
