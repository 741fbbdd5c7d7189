// Prints the plain closing line ("N passed, N failed, N skipped") from vitest's JSON report,
// preceded by the slowest test files (where CI's time goes) and the names of failed tests.
import { readFileSync } from "node:fs";
import path from "node:path";

const file = process.argv[2] ?? "test-results/vitest.json";
const report = JSON.parse(readFileSync(file, "utf8"));
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);

const files = (report.testResults ?? [])
  .map((result) => ({
    name: path.relative(process.cwd(), result.name ?? ""),
    seconds: ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
    tests: (result.assertionResults ?? []).length,
  }))
  .filter((entry) => entry.seconds > 0)
  .sort((a, b) => b.seconds - a.seconds);
if (files.length > 0) {
  console.info("\nSlowest test files (wall time, several run at once):");
  for (const entry of files.slice(0, 15)) {
    console.info(
      `  ${entry.seconds.toFixed(1).padStart(7)} s  ${entry.name} (${entry.tests} tests)`,
    );
  }
}
const failures = (report.testResults ?? []).flatMap((result) =>
  (result.assertionResults ?? [])
    .filter((test) => test.status === "failed")
    .map((test) => `  ✗ ${path.relative(process.cwd(), result.name ?? "")} › ${test.fullName}`),
);
if (failures.length > 0) console.info(`\nFailed:\n${failures.join("\n")}`);
console.info(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
