import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { hostname, tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDirLock, DataDirLockedError } from "./lock.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sightline-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe("acquireDirLock", () => {
  it("writes the pid and refuses a second holder until released", () => {
    const file = path.join(dir, "pglite.lock");
    const release = acquireDirLock(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
    release();
    acquireDirLock(file)();
  });

  it("refuses a lock held by another live process", () => {
    const file = path.join(dir, "pglite.lock");
    writeFileSync(file, String(process.ppid));
    expect(() => acquireDirLock(file)).toThrow(/in use by another Sightline process/);
  });

  it("takes over a stale lock left by a process that is gone", () => {
    const file = path.join(dir, "pglite.lock");
    writeFileSync(file, "999999999");
    const release = acquireDirLock(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({ pid: process.pid });
    release();
  });
});

describe("acquireDirLock across containers (issue 8, point 9)", () => {
  it("does not treat a lock from another host or boot as stale, even with our pid", () => {
    const file = path.join(dir, "pglite.lock");
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    for (const holder of [
      { host: "another-container", bootId, pid: process.pid, instance: "a" },
      {
        host: hostname(),
        bootId: "00000000-0000-0000-0000-000000000000",
        pid: process.pid,
        instance: "b",
      },
    ]) {
      writeFileSync(file, JSON.stringify(holder));
      expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
      expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject(holder);
    }
  });

  it("takes over a stale lock of this host and boot atomically: of two racers, one wins", () => {
    const file = path.join(dir, "pglite.lock");
    const bootId = readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    writeFileSync(
      file,
      JSON.stringify({ host: hostname(), bootId, pid: 999999999, instance: "gone" }),
    );
    let second: (() => void) | undefined;
    // Racer B runs its whole takeover in the moment after racer A judged the lock stale.
    const first = () =>
      acquireDirLock(file, {
        beforeTakeover: () => {
          second = acquireDirLock(file);
        },
      });
    expect(first).toThrow(DataDirLockedError);
    expect(second).toBeTypeOf("function");
    const holder = JSON.parse(readFileSync(file, "utf8")) as { pid: number; instance: string };
    expect(holder.pid).toBe(process.pid);
    expect(holder.instance).not.toBe("gone");
    second?.();
  });
});
