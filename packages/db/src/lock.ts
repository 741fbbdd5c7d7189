import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
  ) {
    super(
      `The data folder is in use by another Sightline process (pid ${pid}). ` +
        `Stop that process first, or point DATA_DIR at another folder. Lock file: ${lockFile}`,
    );
    this.name = "DataDirLockedError";
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM means the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * PGlite is single-process: a second process opening the same folder corrupts it
 * (electric-sql/pglite#1106). Take an exclusive lock file beside the folder, and take over
 * a stale one left by a process that no longer runs.
 */
const heldHere = new Set<string>();

export function acquireDirLock(lockFile: string): () => void {
  if (heldHere.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, "wx", 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      heldHere.add(lockFile);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(lockFile);
        rmSync(lockFile, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number.parseInt(readFileSync(lockFile, "utf8").trim(), 10);
      // Our own pid in a lock we do not hold is stale: a container restarts with the same pid.
      if (Number.isFinite(pid) && pid !== process.pid && isAlive(pid)) {
        throw new DataDirLockedError(lockFile, pid);
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${lockFile}`);
}
