import { randomUUID } from "node:crypto";
import {
  chmodSync,
  closeSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeSync,
} from "node:fs";
import { hostname } from "node:os";

export class DataDirLockedError extends Error {
  readonly lockFile: string;
  readonly pid: number;
  readonly host: string | undefined;

  constructor(lockFile: string, pid: number, host?: string) {
    super(
      `The data folder is in use by another Sightline process (pid ${pid}${host ? ` on ${host}` : ""}). ` +
        `Stop that process first, or point DATA_DIR at another folder. Lock file: ${lockFile}`,
    );
    this.name = "DataDirLockedError";
    this.lockFile = lockFile;
    this.pid = pid;
    this.host = host;
  }
}

/** Who holds a lock: a pid means something only on the same host and boot (one pid namespace). */
export type LockOwner = { pid: number; host: string; bootId: string; instance: string };

/** The holder touches the lock this often; a lock untouched for `staleAfterMs` is abandoned. */
export const LOCK_HEARTBEAT_MS = 10_000;
const DEFAULT_STALE_AFTER_MS = 60_000;

function readBootId(): string {
  try {
    return readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
  } catch {
    return "";
  }
}

export function currentLockIdentity(): Omit<LockOwner, "instance"> {
  return { pid: process.pid, host: hostname(), bootId: readBootId() };
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

function readOwner(
  lockFile: string,
): { owner: LockOwner | undefined; mtimeMs: number } | undefined {
  let text: string;
  let mtimeMs: number;
  try {
    mtimeMs = statSync(lockFile).mtimeMs;
    text = readFileSync(lockFile, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<LockOwner>;
    if (typeof parsed.pid === "number" && typeof parsed.instance === "string") {
      return {
        owner: {
          pid: parsed.pid,
          host: String(parsed.host ?? ""),
          bootId: String(parsed.bootId ?? ""),
          instance: parsed.instance,
        },
        mtimeMs,
      };
    }
  } catch {
    // An old plain-pid lock, or a half-written one: judged by its age alone.
  }
  return { owner: undefined, mtimeMs };
}

/**
 * A lock is abandoned when nobody has touched it for `staleAfterMs` (its holder heartbeats), or
 * when it was written on this very host and boot by a process that no longer runs. A pid from
 * another host or boot (another container sharing the volume) proves nothing either way.
 */
function isStale(
  lock: { owner: LockOwner | undefined; mtimeMs: number },
  self: Omit<LockOwner, "instance">,
  now: number,
  staleAfterMs: number,
): boolean {
  if (now - lock.mtimeMs > staleAfterMs) return true;
  const { owner } = lock;
  if (!owner || owner.host !== self.host || owner.bootId !== self.bootId) return false;
  // Our own pid in a lock we do not hold is stale: a container restarts with the same pid.
  return owner.pid === self.pid || !isAlive(owner.pid);
}

const heldHere = new Set<string>();

type SqliteDatabase = { exec(sql: string): void; close(): void };
type SqliteModule = {
  DatabaseSync: new (path: string, options?: { timeout?: number }) => SqliteDatabase;
};

/**
 * The kernel's lock (issue 25): a PID number, a host name and a boot id do not tell two PID
 * namespaces (containers) sharing a host name apart, and both took the lock. A POSIX record
 * lock (fcntl) does: it belongs to the open file on this kernel, whatever namespace the process
 * runs in, and the kernel drops it when the process dies. Node has no flock, but its built-in
 * SQLite (node:sqlite, no native add-on) takes fcntl locks: an exclusive transaction held open on
 * `<lock>.os` is that lock. The file is never deleted (deleting a lock file lets a later process
 * lock a new file while an old holder keeps the unlinked one). Undefined where node:sqlite is
 * missing (Node before 22.5): the lock file below is then the only guard.
 */
function takeKernelLock(file: string): SqliteDatabase | "busy" | undefined {
  const sqlite = (process as { getBuiltinModule?: (name: string) => unknown }).getBuiltinModule?.(
    "node:sqlite",
  ) as SqliteModule | undefined;
  if (!sqlite) return undefined;
  // Owner-only, like every file of the folder; no journal file beside it.
  closeSync(openSync(file, "a", 0o600));
  chmodSync(file, 0o600);
  const db = new sqlite.DatabaseSync(file, { timeout: 0 });
  try {
    db.exec("PRAGMA journal_mode = MEMORY; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE;");
    return db;
  } catch (error) {
    db.close();
    if (/locked|busy/i.test(String((error as Error).message))) return "busy";
    throw error;
  }
}

/**
 * PGlite is single-process: a second process opening the same folder corrupts it
 * (electric-sql/pglite#1106). Take an exclusive lock file beside the folder (created with
 * O_EXCL), keep it fresh with a heartbeat, and take over an abandoned one atomically: a breaker
 * file (also O_EXCL) admits one process at a time to re-read the stale lock and replace it, so
 * two processes racing for the same stale lock never both win.
 */
export function acquireDirLock(
  lockFile: string,
  options: {
    identity?: Omit<LockOwner, "instance">;
    staleAfterMs?: number;
    now?: () => number;
  } = {},
): () => void {
  if (heldHere.has(lockFile)) throw new DataDirLockedError(lockFile, process.pid);
  const self = options.identity ?? currentLockIdentity();
  const staleAfterMs = options.staleAfterMs ?? DEFAULT_STALE_AFTER_MS;
  const now = options.now ?? Date.now;
  const owner: LockOwner = { ...self, instance: randomUUID() };
  const kernelLock = takeKernelLock(`${lockFile}.os`);
  if (kernelLock === "busy") {
    const holder = readOwner(lockFile);
    throw new DataDirLockedError(lockFile, holder?.owner?.pid ?? 0, holder?.owner?.host);
  }
  try {
    return acquireLockFile(lockFile, self, owner, staleAfterMs, now, kernelLock);
  } catch (error) {
    kernelLock?.close();
    throw error;
  }
}

function acquireLockFile(
  lockFile: string,
  self: Omit<LockOwner, "instance">,
  owner: LockOwner,
  staleAfterMs: number,
  now: () => number,
  kernelLock: SqliteDatabase | undefined,
): () => void {
  const create = (): boolean => {
    try {
      const fd = openSync(lockFile, "wx", 0o600);
      try {
        writeSync(fd, JSON.stringify(owner));
      } finally {
        closeSync(fd);
      }
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
      throw error;
    }
  };

  const refuse = (lock: ReturnType<typeof readOwner>): never => {
    throw new DataDirLockedError(lockFile, lock?.owner?.pid ?? 0, lock?.owner?.host);
  };

  let taken = create();
  if (!taken) {
    const seen = readOwner(lockFile);
    if (seen && !isStale(seen, self, now(), staleAfterMs)) refuse(seen);
    const breaker = `${lockFile}.break`;
    // A breaker left by a process that died in the few microseconds it holds it.
    const breakerAge = (() => {
      try {
        return now() - statSync(breaker).mtimeMs;
      } catch {
        return -1;
      }
    })();
    if (breakerAge > 10_000) rmSync(breaker, { force: true });
    let breakerFd: number;
    try {
      breakerFd = openSync(breaker, "wx", 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "EEXIST") refuse(seen);
      throw error;
    }
    try {
      // Only the breaker's holder gets here: the lock is still the stale one we judged, or gone.
      const again = readOwner(lockFile);
      if (again && !isStale(again, self, now(), staleAfterMs)) refuse(again);
      rmSync(lockFile, { force: true });
      taken = create();
    } finally {
      closeSync(breakerFd);
      rmSync(breaker, { force: true });
    }
    if (!taken) refuse(readOwner(lockFile));
  }

  heldHere.add(lockFile);
  const heartbeat = setInterval(() => {
    try {
      const time = new Date();
      utimesSync(lockFile, time, time);
    } catch {
      // The folder went away; closing will notice.
    }
  }, LOCK_HEARTBEAT_MS);
  heartbeat.unref();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    heldHere.delete(lockFile);
    kernelLock?.close();
    // Remove it only if it is still ours (never a lock someone took over after a long pause).
    if (readOwner(lockFile)?.owner?.instance === owner.instance) rmSync(lockFile, { force: true });
  };
}
