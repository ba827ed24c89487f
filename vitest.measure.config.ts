import { defineConfig } from "vitest/config"
import base from "./vitest.config.js"

// Measurements that report numbers rather than check behaviour (`npm run measure`): kept out of `npm test`,
// because timings belong with the benchmarks, never in the suite's verdict.
export default defineConfig({
  ...base,
  test: {
    ...base.test,
    include: ["packages/*/test/**/*.measure.ts"],
    maxWorkers: 1,
    testTimeout: 300_000
  }
})
