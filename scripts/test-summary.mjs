// Prints the plain closing line ("N passed, N failed, N skipped") from vitest's JSON report.
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? "test-results/vitest.json";
const report = JSON.parse(readFileSync(file, "utf8"));
const passed = report.numPassedTests ?? 0;
const failed = report.numFailedTests ?? 0;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.info(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
