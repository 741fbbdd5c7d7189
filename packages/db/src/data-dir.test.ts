import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createDb } from "./client.ts";

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Every folder and file below `dir` whose mode gives group or others any access. */
function openToOthers(dir: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    if ((statSync(entry).mode & 0o077) !== 0) found.push(entry);
    if (statSync(entry).isDirectory()) {
      for (const name of readdirSync(entry)) visit(path.join(entry, name));
    }
  };
  visit(dir);
  return found;
}

describe("the embedded database's files", () => {
  it("are readable by their owner only, in a new folder and in an old world-readable one", async () => {
    root = mkdtempSync(path.join(tmpdir(), "sightline-data-"));
    const fresh = path.join(root, "fresh");
    const database = await createDb({ dataDir: fresh });
    try {
      expect(openToOthers(fresh)).toEqual([]);
    } finally {
      await database.close();
    }
    expect(openToOthers(fresh)).toEqual([]);

    const old = path.join(root, "old");
    mkdirSync(old, { mode: 0o777 });
    chmodSync(old, 0o777);
    const reopened = await createDb({ dataDir: old });
    await reopened.close();
    expect(openToOthers(old)).toEqual([]);
  }, 60_000);
});
