import { readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { SlowestFirstSequencer } from "./scripts/vitest-sequencer.ts";

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
const integrationFiles = ["{apps,packages}/**/*.int.test.ts"];
const unitFiles = ["{apps,packages}/**/*.test.{ts,tsx}"];
/** Unit test files that mock modules (vi.mock, vi.doMock): each runs in its own module graph. */
const mockingUnitFiles = ["apps", "packages"].flatMap((root) =>
  readdirSync(root, { recursive: true, encoding: "utf8" })
    .map((file) => `${root}/${file}`)
    .filter(
      (file) =>
        /\.test\.tsx?$/.test(file) &&
        !file.includes(".int.test.") &&
        !file.includes("node_modules") &&
        /\bvi\.(do)?[mM]ock\(/.test(readFileSync(file, "utf8")),
    ),
);
/*
 * Vitest's default is one worker fewer than the cores, which is a single worker on CI's two
 * cores. Test files spend much of their time waiting (PostgreSQL, the job queue, timers), so two
 * at once keep both cores busy (issue 27; docs/decisions/020-ci-time.md).
 */
const maxWorkers = Math.max(2, availableParallelism() - 1);
/**
 * Integration files wait even more (PostgreSQL is another process, the sandbox's clock, the job
 * queue): one more than the cores. On this machine's 2 cores, three at once took both projects
 * 343 and 340 s against 365 s with two (decision 020, eighteenth round).
 */
const integrationWorkers = availableParallelism() + 1;

/**
 * One runner for every kind of test:
 * - unit: pure rules and components (node, or jsdom via a file comment);
 * - integration-pglite / integration-postgres: the same files against each engine;
 * - e2e: the real server and Debian's Chromium (see e2e/README in the main README); no test there
 *   times the product against a budget (that is `npm run bench`), so every file shares the pool.
 * They run in that order (sequence.groupOrder): the quick ones fail first, and browser tests,
 * which measure time, do not share the machine with the integration files.
 */
export default defineConfig({
  test: {
    sequence: { sequencer: SlowestFirstSequencer },
    reporters: process.env.CI ? ["default", "json"] : ["default"],
    outputFile: { json: "test-results/vitest.json" },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          sequence: { groupOrder: 0 },
          maxWorkers,
          // A worker keeps the modules it loaded from one file to the next, which saved a third
          // of the unit tests' CPU time (decision 020, eighth round). Files that mock a module
          // run in unit-isolated instead: a mock must not reach, or miss, another file's imports.
          isolate: false,
          include: unitFiles,
          exclude: ["**/node_modules/**", "**/*.int.test.ts", ...mockingUnitFiles],
          setupFiles: ["./scripts/vitest-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          sequence: { groupOrder: 0 },
          maxWorkers,
          include: mockingUnitFiles.length > 0 ? mockingUnitFiles : ["no-such-file"],
          setupFiles: ["./scripts/vitest-setup.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration-pglite",
          sequence: { groupOrder: 1 },
          maxWorkers: integrationWorkers,
          // A worker keeps the modules it loaded (the server, PGlite's WebAssembly) from one file
          // to the next instead of loading them again for each: every file makes its own app on
          // its own database and closes it, so nothing else carries over (decision 020).
          isolate: false,
          include: integrationFiles,
          env: { SIGHTLINE_TEST_DB: "pglite" },
          globalSetup: ["./scripts/integration-setup.ts"],
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
                sequence: { groupOrder: 1 },
                maxWorkers: integrationWorkers,
                // As integration-pglite: a worker keeps the modules it loaded between files.
                isolate: false,
                include: integrationFiles,
                env: { SIGHTLINE_TEST_DB: "postgres" },
                globalSetup: ["./scripts/integration-setup.ts"],
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
          sequence: { groupOrder: 2 },
          include: ["e2e/**/*.e2e.ts"],
          exclude: ["**/node_modules/**"],
          globalSetup: ["./e2e/global-setup.ts"],
          // Two files at once, and a worker keeps its modules from one file to the next: the
          // files that need no server of their own share their worker's server and Chromium
          // (e2e/support/browser.ts), whose start was most of a file's fixed cost (decision 020).
          maxWorkers: 2,
          isolate: false,
          testTimeout: 60_000,
          hookTimeout: 180_000,
          // A page that hydrates in 300 ms alone can take seconds beside the other tests on two
          // cores; expect.poll's own default (1 s) failed on that, not on the product.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
