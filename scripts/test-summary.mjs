// Prints the plain closing line ("N passed, N failed, N skipped") from vitest's JSON report,
// preceded by the slowest test files (where CI's time goes) and the names of failed tests.
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
// Per kind of test: the sum of its files' times beside the wall time from its first file's start
// to its last file's end; their ratio is how much running files side by side bought.
const kinds = new Map();
for (const result of report.testResults ?? []) {
  const name = result.name ?? "";
  const kind = name.endsWith(".e2e.ts")
    ? "browser"
    : name.includes(".int.test.")
      ? "integration"
      : "unit";
  const entry = kinds.get(kind) ?? { files: 0, sum: 0, start: Infinity, end: 0 };
  entry.files += 1;
  entry.sum += ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000;
  entry.start = Math.min(entry.start, result.startTime ?? Infinity);
  entry.end = Math.max(entry.end, result.endTime ?? 0);
  kinds.set(kind, entry);
}
if (kinds.size > 0) {
  console.info("\nTime per kind (sum of file times / wall time from first start to last end):");
  for (const [kind, entry] of kinds) {
    const wall = Math.max(0, (entry.end - entry.start) / 1000);
    console.info(
      `  ${kind.padEnd(12)} ${String(entry.files).padStart(3)} files  ${entry.sum.toFixed(0).padStart(6)} s / ${wall.toFixed(0).padStart(5)} s`,
    );
  }
}
const failures = (report.testResults ?? []).flatMap((result) =>
  (result.assertionResults ?? [])
    .filter((test) => test.status === "failed")
    .map((test) => `  ✗ ${path.relative(process.cwd(), result.name ?? "")} › ${test.fullName}`),
);
if (failures.length > 0) console.info(`\nFailed:\n${failures.join("\n")}`);
// What the browser showed when each browser test failed (e2e/support/failure-pages.ts).
const pagesDir = path.join("test-results", "e2e-pages");
if (failures.length > 0 && existsSync(pagesDir)) {
  for (const file of readdirSync(pagesDir).sort()) {
    const lines = readFileSync(path.join(pagesDir, file), "utf8").split("\n");
    console.info(`\nWhen it failed: ${lines[0]}`);
    console.info(lines.slice(1, 41).join("\n"));
  }
}
console.info(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
