import { DATA_EXPORT_TTL_HOURS } from "@sightline/contracts";
import {
  type Db,
  deleteDataExportsForUserExcept,
  getLatestDataExportForUser,
  insertDataExport,
  listExportedTables,
  listOwnedWorkspaceIds,
  selectUserRowsForExport,
  updateDataExport,
} from "@sightline/db";
import { strToU8, type Zippable, zip } from "fflate";
import type { Logger } from "../../lib/logger.ts";
import { type Clock, dateOf, systemClock } from "../../platform/clock.ts";

export interface DataExportRunnerDeps {
  db: Db;
  logger: Logger;
  now?: Clock;
}

/**
 * "Export everything": one zip of JSON files, one per user-owned table, built in the background
 * with its progress stored in data_exports. This runs in-process (a promise per export), not on a
 * durable queue: the job queue (issue 10, branch h-spine) did not exist yet. An export cut short
 * by a restart stays "running" and the next request starts a new one (see `isStale`).
 */
function zipInWorkers(files: Zippable, mtime: Date): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    zip(files, { level: 6, mtime }, (error, data) => (error ? reject(error) : resolve(data)));
  });
}

export function createDataExportRunner(deps: DataExportRunnerDeps) {
  const now = () => dateOf(deps.now ?? systemClock);
  const running = new Set<Promise<void>>();

  async function build(exportId: string, userId: string) {
    const tables = listExportedTables();
    const files: Record<string, Uint8Array> = {};
    await updateDataExport(deps.db, exportId, { status: "running", progress: 1 });
    // Their own rows, and the rows of the workspaces they own (decision 026).
    const workspaceIds = await listOwnedWorkspaceIds(deps.db, userId);
    for (const [index, table] of tables.entries()) {
      const rows = await selectUserRowsForExport(deps.db, table, userId, workspaceIds);
      files[`${table.name}.json`] = strToU8(JSON.stringify(rows, null, 2));
      // The last few percent are for zipping and storing.
      const progress = Math.max(1, Math.floor(((index + 1) / tables.length) * 90));
      await updateDataExport(deps.db, exportId, { progress });
    }
    const at = now();
    files["README.txt"] = strToU8(
      [
        "Your Sightline data",
        `Exported ${at.toISOString()}.`,
        "One JSON file per table; each holds only your rows and those of the workspaces you own.",
        "Passwords, session tokens and",
        "two-factor secrets are left out on purpose.",
        "",
      ].join("\n"),
    );
    // Compressed off the event loop: fflate's asynchronous zip deflates in worker threads, so
    // one user's export does not stall every other request (issue 25).
    const zipped = await zipInWorkers(files, at);
    const stamp = at.toISOString().slice(0, 10);
    await updateDataExport(deps.db, exportId, {
      status: "ready",
      progress: 100,
      file: zipped,
      sizeBytes: zipped.byteLength,
      fileName: `sightline-export-${stamp}.zip`,
      completedAt: at,
      expiresAt: new Date(at.getTime() + DATA_EXPORT_TTL_HOURS * 60 * 60 * 1000),
    });
  }

  function isStale(row: { status: string; createdAt: Date }) {
    return now().getTime() - row.createdAt.getTime() > 15 * 60 * 1000;
  }

  return {
    /** Starts an export, or returns the one already under way. */
    async start(userId: string) {
      const latest = await getLatestDataExportForUser(deps.db, userId);
      if (
        latest &&
        (latest.status === "pending" || latest.status === "running") &&
        !isStale(latest)
      ) {
        return latest;
      }
      const row = await insertDataExport(deps.db, userId);
      await deleteDataExportsForUserExcept(deps.db, userId, row.id);
      const task = build(row.id, userId)
        .catch(async (error: unknown) => {
          deps.logger.error({ err: error, exportId: row.id }, "data export failed");
          await updateDataExport(deps.db, row.id, {
            status: "failed",
            error: "The export could not be built. Please try again.",
          }).catch(() => undefined);
        })
        .finally(() => running.delete(task));
      running.add(task);
      return row;
    },
    /** Resolves when every export started so far has finished (tests, shutdown). */
    async idle() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}

export type DataExportRunner = ReturnType<typeof createDataExportRunner>;
