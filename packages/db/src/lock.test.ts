import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
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
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
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
    expect(readFileSync(file, "utf8")).toBe(String(process.pid));
    release();
  });
});
