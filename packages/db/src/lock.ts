import { randomBytes } from "node:crypto";
import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from "node:fs";
import { hostname } from "node:os";

export class DataDirLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly pid: number,
    where?: string,
  ) {
    super(
      `The data folder is in use by another Sightline process (pid ${pid}${where ? ` on ${where}` : ""}). ` +
        `Stop that process first, or point DATA_DIR at another folder. Lock file: ${lockFile}` +
        (where
          ? ". If that machine or container is gone for good, delete the lock file by hand."
          : ""),
    );
    this.name = "DataDirLockedError";
  }
}

/** Who holds the lock: a process is only comparable by pid on the same host and boot. */
interface Holder {
  host: string;
  bootId: string;
  pid: number;
  instance: string;
}

function readBootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
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

function parseHolder(text: string): Holder | { legacyPid: number } | undefined {
  try {
    const value = JSON.parse(text) as Partial<Holder> | number;
    if (typeof value === "number") return { legacyPid: value };
    if (
      typeof value?.host === "string" &&
      typeof value.bootId === "string" &&
      typeof value.pid === "number" &&
      typeof value.instance === "string"
    ) {
      return value as Holder;
    }
  } catch {
    // fall through
  }
  return undefined;
}

const heldHere = new Map<string, string>();

/**
 * Whether the lock in `text` belongs to a process that no longer runs. Only a lock written on
 * this host in this boot can be judged by pid: pids repeat across containers (each has its own
 * pid namespace) and across reboots, so a lock from another host name or boot is never stale.
 */
function staleness(
  lockFile: string,
  text: string,
  self: Holder,
): { stale: boolean; pid: number; where?: string } {
  const holder = parseHolder(text);
  if (!holder) return { stale: true, pid: 0 }; // empty or damaged: a crash while writing it
  if ("legacyPid" in holder) {
    const pid = holder.legacyPid;
    return { stale: !(pid !== process.pid && isAlive(pid)), pid };
  }
  if (holder.host !== self.host || holder.bootId !== self.bootId) {
    return {
      stale: false,
      pid: holder.pid,
      where: `host ${holder.host} (boot ${holder.bootId || "unknown"})`,
    };
  }
  if (holder.pid === process.pid) {
    // Our own pid: held by this process (another instance) or left by an earlier life of a
    // container that restarted with the same pid.
    return { stale: heldHere.get(lockFile) !== holder.instance, pid: holder.pid };
  }
  return { stale: !isAlive(holder.pid), pid: holder.pid };
}

/** A short-lived mutex around a stale-lock takeover, so that two racers cannot both win. */
function withTakeoverMutex<T>(lockFile: string, fn: () => T): T | undefined {
  const mutex = `${lockFile}.takeover`;
  let fd: number;
  try {
    fd = openSync(mutex, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // A takeover takes microseconds; a mutex older than 10 s was left by a crash.
    try {
      if (Date.now() - statSync(mutex).mtimeMs > 10_000) rmSync(mutex, { force: true });
    } catch {
      // gone meanwhile
    }
    return undefined;
  }
  try {
    return fn();
  } finally {
    closeSync(fd);
    rmSync(mutex, { force: true });
  }
}

/**
 * PGlite is single-process: a second process opening the same folder corrupts it
 * (electric-sql/pglite#1106). Take an exclusive lock file beside the folder (created with
 * O_EXCL), recording host name, boot id, pid and a random instance id; take over a stale one
 * only under a takeover mutex and only if it is still the same stale lock.
 */
export function acquireDirLock(
  lockFile: string,
  options: {
    /** Test hook: runs after a lock was judged stale, before taking it over. */ beforeTakeover?: () => void;
  } = {},
): () => void {
  const self: Holder = {
    host: hostname(),
    bootId: readBootId(),
    pid: process.pid,
    instance: randomBytes(12).toString("hex"),
  };
  const create = (): boolean => {
    try {
      const fd = openSync(lockFile, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(self));
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      return false;
    }
  };
  const read = (): string | undefined => {
    try {
      return readFileSync(lockFile, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
  };

  let taken = false;
  for (let attempt = 0; attempt < 20 && !taken; attempt++) {
    if (create()) {
      taken = true;
      break;
    }
    const text = read();
    if (text === undefined) continue;
    const verdict = staleness(lockFile, text, self);
    if (!verdict.stale) throw new DataDirLockedError(lockFile, verdict.pid, verdict.where);
    options.beforeTakeover?.();
    const result = withTakeoverMutex(lockFile, () => {
      // Still the very lock we judged stale? Otherwise someone else took over meanwhile.
      if (read() !== text) return false;
      rmSync(lockFile, { force: true });
      return create();
    });
    if (result) taken = true;
  }
  if (!taken) throw new Error(`Could not take the lock file ${lockFile}`);
  heldHere.set(lockFile, self.instance);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    heldHere.delete(lockFile);
    // Remove only our own lock.
    try {
      if (
        parseHolder(readFileSync(lockFile, "utf8")) &&
        readFileSync(lockFile, "utf8").includes(self.instance)
      ) {
        rmSync(lockFile, { force: true });
      }
    } catch {
      // already gone
    }
  };
}
