import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb } from "./client.ts";

const parent = mkdtempSync(path.join(tmpdir(), "sightline-perms-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    yield full;
    if (entry.isDirectory()) yield* walk(full);
  }
}

describe("the embedded database's files (issue 8, point 9)", () => {
  it("creates DATA_DIR with 0700 and no file or folder with group or other access", async () => {
    const dataDir = path.join(parent, "data");
    const database = await createDb({ dataDir });
    try {
      await database.ping();
    } finally {
      await database.close();
    }
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    const open = [...walk(dataDir)].filter((file) => (statSync(file).mode & 0o077) !== 0);
    expect(open).toEqual([]);
  }, 60_000);
});
