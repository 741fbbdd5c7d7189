import { defineConfig } from "vitest/config";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const integrationFiles = ["{apps,packages}/**/*.int.test.ts"];

/**
 * One runner for every kind of test:
 * - unit: pure rules and components (node, or jsdom via a file comment);
 * - integration-pglite / integration-postgres: the same files against each engine;
 * - e2e: the real server and Debian's Chromium (see e2e/README in the main README).
 */
export default defineConfig({
  test: {
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{apps,packages}/**/*.test.{ts,tsx}"],
          exclude: ["**/node_modules/**", "**/*.int.test.ts"],
          setupFiles: ["./scripts/vitest-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration-pglite",
          include: integrationFiles,
          env: { SIGHTLINE_TEST_DB: "pglite" },
          setupFiles: ["./scripts/vitest-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(hasPostgres
        ? [
            {
              extends: true as const,
              test: {
                name: "integration-postgres",
                include: integrationFiles,
                env: { SIGHTLINE_TEST_DB: "postgres" },
                setupFiles: ["./scripts/vitest-setup.ts"],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: "e2e",
          include: ["e2e/**/*.e2e.ts"],
          globalSetup: ["./e2e/global-setup.ts"],
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
