import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { copyDatabasePrefix, dropDatabasesStartingWith } from "@sightline/db/testing";
import type { TestProject } from "vitest/node";

/**
 * Integration projects' global setup: a folder (and a database-name prefix) for this run's
 * synced-account snapshots (apps/server/src/testing/synced-account.ts), removed after the run,
 * so a snapshot never outlives the code that made it. On PostgreSQL the teardown also drops the
 * copies the run's workers still held when vitest ended them (packages/db/src/testing).
 */
export default function setup(project: TestProject) {
  const dir = mkdtempSync(path.join(tmpdir(), "sightline-snapshots-"));
  const prefix = `sightline_snap_${Date.now().toString(36)}_${process.pid}_`;
  project.provide("snapshotDir", dir);
  project.provide("snapshotDatabasePrefix", prefix);
  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (!process.env.TEST_DATABASE_URL || project.config.env?.SIGHTLINE_TEST_DB !== "postgres") {
      return;
    }
    await dropDatabasesStartingWith(copyDatabasePrefix(process.pid));
    await dropDatabasesStartingWith(prefix);
  };
}
