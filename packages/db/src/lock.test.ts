import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { acquireDirLock, currentLockIdentity, DataDirLockedError } from "./lock.ts";

let dir: string;
let file: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), "sightline-lock-"));
  file = path.join(dir, "pglite.lock");
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function writeLock(owner: object, ageMs = 0) {
  writeFileSync(file, JSON.stringify(owner));
  const time = new Date(Date.now() - ageMs);
  utimesSync(file, time, time);
}

describe("acquireDirLock", () => {
  it("records who holds it and refuses a second holder until released", () => {
    const release = acquireDirLock(file);
    expect(JSON.parse(readFileSync(file, "utf8"))).toMatchObject({
      ...currentLockIdentity(),
      instance: expect.any(String),
    });
    expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
    release();
    acquireDirLock(file)();
  });

  it("refuses a lock held by another live process on this host", () => {
    writeLock({ ...currentLockIdentity(), pid: process.ppid, instance: "other" });
    expect(() => acquireDirLock(file)).toThrow(/in use by another Sightline process/);
  });

  it("takes over a lock left on this host by a process that is gone, or by our own pid", () => {
    writeLock({ ...currentLockIdentity(), pid: 999_999_999, instance: "gone" });
    const release = acquireDirLock(file);
    expect(JSON.parse(readFileSync(file, "utf8")).instance).not.toBe("gone");
    release();
    // A container restarted with the same pid on the same host and boot.
    writeLock({ ...currentLockIdentity(), instance: "before-restart" });
    acquireDirLock(file)();
  });

  it("never judges a lock from another container by its pid, while it is kept fresh", () => {
    // Same pid number, or a pid that does not exist here: in another pid namespace, it may run.
    writeLock({ pid: process.pid, host: "container-b", bootId: "boot-b", instance: "b" });
    expect(() => acquireDirLock(file)).toThrow(/pid \d+ on container-b/);
    writeLock({ pid: 999_999_999, host: "container-b", bootId: "boot-b", instance: "b" });
    expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
    // The same host name after a reboot is not the same pid namespace either.
    writeLock({
      ...currentLockIdentity(),
      pid: 999_999_999,
      bootId: "an-earlier-boot",
      instance: "x",
    });
    expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
  });

  it("takes over a lock nobody has touched for longer than the stale limit", () => {
    writeLock({ pid: process.pid, host: "container-b", bootId: "boot-b", instance: "b" }, 61_000);
    const release = acquireDirLock(file);
    expect(JSON.parse(readFileSync(file, "utf8")).host).toBe(currentLockIdentity().host);
    release();
  });

  it("leaves the lock alone while another process is breaking the same stale lock", () => {
    writeLock({ ...currentLockIdentity(), pid: 999_999_999, instance: "gone" });
    writeFileSync(`${file}.break`, "");
    expect(() => acquireDirLock(file)).toThrow(DataDirLockedError);
    expect(JSON.parse(readFileSync(file, "utf8")).instance).toBe("gone");
  });

  it("lets exactly one of several processes racing for a stale lock win", async () => {
    writeLock({ ...currentLockIdentity(), pid: 999_999_999, instance: "gone" });
    const lockModule = fileURLToPath(new URL("./lock.ts", import.meta.url));
    const script = `
      const { acquireDirLock } = await import(${JSON.stringify(lockModule)});
      try { acquireDirLock(${JSON.stringify(file)}); console.log("won"); await new Promise((r) => setTimeout(r, 1500)); }
      catch (error) { console.log(error.name === "DataDirLockedError" ? "lost" : "error " + error.message); }
    `;
    const runs = Array.from(
      { length: 6 },
      () =>
        new Promise<string>((resolve) => {
          const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
          let out = "";
          child.stdout.on("data", (chunk) => {
            out += chunk;
          });
          child.on("close", () => resolve(out.trim()));
        }),
    );
    const results = await Promise.all(runs);
    expect(results.filter((result) => result === "won")).toHaveLength(1);
    expect(results.filter((result) => result === "lost")).toHaveLength(5);
  });

  it("holds across PID namespaces that share a host name: the kernel's lock refuses the second process", async () => {
    const release = acquireDirLock(file);
    try {
      // The other process plays a container whose pid (1, say) is the same number as ours, on
      // the same host name and boot: by pid, host and boot the lock file looks like its own.
      const lockModule = fileURLToPath(new URL("./lock.ts", import.meta.url));
      const identity = JSON.stringify(currentLockIdentity());
      const script = `
        const { acquireDirLock } = await import(${JSON.stringify(lockModule)});
        try { acquireDirLock(${JSON.stringify(file)}, { identity: ${identity} }); console.log("taken"); }
        catch (error) { console.log(error.name === "DataDirLockedError" ? "refused" : "error " + error.message); }
      `;
      const result = await new Promise<string>((resolve) => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", script]);
        let out = "";
        child.stdout.on("data", (chunk) => {
          out += chunk;
        });
        child.on("close", () => resolve(out.trim()));
      });
      expect(result).toBe("refused");
    } finally {
      release();
    }
    // Released, the next process takes it.
    acquireDirLock(file)();
  });
});
