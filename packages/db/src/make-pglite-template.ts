import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createDb, migrationsFolder } from "./client.ts";
import { pgliteTemplateFile } from "./pglite-template.ts";

/**
 * Makes the template new embedded databases start from (pglite-template.ts) unless it exists:
 * a new in-memory database, migrated, dumped. Templates of other migrations are removed.
 * scripts/server-build.mjs bundles this file and runs it after each server build.
 */
export async function makePgliteTemplate(): Promise<{ file: string; built: boolean }> {
  const file = pgliteTemplateFile(migrationsFolder);
  if (existsSync(file)) return { file, built: false };
  const database = await createDb({ memory: true });
  let dump: Blob;
  try {
    dump = await database.pglite!.dumpDataDir("none");
  } finally {
    await database.close();
  }
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, new Uint8Array(await dump.arrayBuffer()));
  renameSync(temporary, file);
  for (const name of readdirSync(dir)) {
    if (/^pglite-[0-9a-f]{16}\.tar$/.test(name) && path.join(dir, name) !== file) {
      rmSync(path.join(dir, name), { force: true });
    }
  }
  return { file, built: true };
}
