import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createDb, type Database, migrationsFolder } from "./client.ts";
import { MIGRATIONS_HASH_TABLE, migrationsHash } from "./migrate.ts";
import {
  createScratchPostgresDatabase,
  createTestDatabase,
  pgliteTemplate,
  testEngine,
} from "./testing/index.ts";

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A copy of the real migrations folder, which a test may add a migration to. */
function copyOfMigrations(): string {
  const folder = mkdtempSync(path.join(tmpdir(), "sightline-migrations-"));
  folders.push(folder);
  cpSync(migrationsFolder, folder, { recursive: true });
  return folder;
}

type Journal = { entries: { idx: number; version: string; when: number; tag: string }[] };

/** Appends a migration creating `table`, as drizzle-kit would (a journal entry and its SQL). */
function addMigration(folder: string, table: string): void {
  const file = path.join(folder, "meta/_journal.json");
  const journal = JSON.parse(readFileSync(file, "utf8")) as Journal & Record<string, unknown>;
  const last = journal.entries.at(-1)!;
  const tag = `${String(last.idx + 1).padStart(4, "0")}_${table}`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: last.when + 1_000, tag });
  writeFileSync(file, JSON.stringify(journal, null, 2));
  writeFileSync(path.join(folder, `${tag}.sql`), `CREATE TABLE "${table}" ("id" integer);\n`);
}

const journalLength = (folder: string) =>
  (JSON.parse(readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as Journal).entries
    .length;

async function scalar<T>(database: Database, text: string): Promise<T> {
  const result = database.pglite
    ? await database.pglite.query<{ value: T }>(text)
    : await database.pool!.query<{ value: T }>(text);
  return result.rows[0]!.value;
}

const appliedCount = (database: Database) =>
  scalar<number>(database, "select count(*)::int as value from drizzle.__drizzle_migrations");
const tableExists = (database: Database, table: string) =>
  scalar<boolean>(database, `select to_regclass('public.${table}') is not null as value`);

describe("the migration hash", () => {
  it("changes when a migration is added or an applied one is edited, not otherwise", () => {
    const folder = copyOfMigrations();
    const before = migrationsHash(folder);
    expect(migrationsHash(copyOfMigrations())).toBe(before);
    addMigration(folder, "hash_probe");
    const added = migrationsHash(folder);
    expect(added).not.toBe(before);
    writeFileSync(
      path.join(folder, "0000_init.sql"),
      `${readFileSync(path.join(folder, "0000_init.sql"), "utf8")}\n-- edited\n`,
    );
    expect(migrationsHash(folder)).not.toBe(added);
  });
});

describe(`checkMigrations (readiness) on ${testEngine()}`, () => {
  it("passes when every migration of the code is applied, and fails while the newest is missing", async () => {
    const database = await createTestDatabase();
    const run = (text: string, params?: unknown[]) =>
      database.pglite ? database.pglite.query(text, params) : database.pool!.query(text, params);
    try {
      await expect(database.checkMigrations()).resolves.toBeUndefined();
      const { rows } = await run(
        "delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at",
      );
      const newest = rows[0] as { hash: string; created_at: string };
      await expect(database.checkMigrations()).rejects.toThrow("not all applied");
      await run("insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)", [
        newest.hash,
        newest.created_at,
      ]);
      await expect(database.checkMigrations()).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });
});

describe.runIf(testEngine() === "pglite")("migrations on PGlite", () => {
  it("skip the migrator when nothing changed and run it when a migration is added", async () => {
    const folder = copyOfMigrations();
    // The test template: every migration applied (whether by this code, which stored the hash,
    // or by an older template builder, after which the migrator runs once and stores it).
    const first = await createDb({
      memory: true,
      loadDataDir: await pgliteTemplate(),
      migrationsFolder: folder,
    });
    expect(await appliedCount(first)).toBe(journalLength(folder));
    expect(await scalar<string>(first, `select hash as value from ${MIGRATIONS_HASH_TABLE}`)).toBe(
      migrationsHash(folder),
    );
    // Forget the last applied migration: a migrator that ran would apply it again (and fail on
    // its existing tables), so the count staying one short shows it did not run.
    const [forgotten] = (
      await first.pglite!.query<{ hash: string; created_at: string }>(
        "delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at",
      )
    ).rows;
    const unchanged = await createDb({
      memory: true,
      loadDataDir: await first.pglite!.dumpDataDir("none"),
      migrationsFolder: folder,
    });
    await first.close();
    expect(unchanged.migration?.ran).toBe(false);
    expect(await appliedCount(unchanged)).toBe(journalLength(folder) - 1);
    await unchanged.pglite!.query(
      "insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)",
      [forgotten!.hash, forgotten!.created_at],
    );

    addMigration(folder, "added_probe");
    const added = await createDb({
      memory: true,
      loadDataDir: await unchanged.pglite!.dumpDataDir("none"),
      migrationsFolder: folder,
    });
    await unchanged.close();
    expect(added.migration?.ran).toBe(true);
    expect(await tableExists(added, "added_probe")).toBe(true);
    expect(await appliedCount(added)).toBe(journalLength(folder));

    const again = await createDb({
      memory: true,
      loadDataDir: await added.pglite!.dumpDataDir("none"),
      migrationsFolder: folder,
    });
    await added.close();
    expect(again.migration?.ran).toBe(false);
    expect(await appliedCount(again)).toBe(journalLength(folder));
    await again.close();
  }, 120_000);
});

describe.runIf(testEngine() === "postgres")("migrations on PostgreSQL", () => {
  it("let concurrent starts migrate once, under the advisory lock, then skip", async () => {
    const folder = copyOfMigrations();
    const { url, drop } = await createScratchPostgresDatabase();
    const open: Database[] = [];
    const start = async (count: number) => {
      const started = await Promise.all(
        Array.from({ length: count }, () =>
          createDb({ databaseUrl: url, poolSize: 2, migrationsFolder: folder }),
        ),
      );
      open.push(...started);
      return started;
    };
    try {
      const fresh = await start(4);
      // The first to hold the lock migrates; the others find the new hash once they hold it.
      expect(fresh.filter((database) => database.migration?.ran)).toHaveLength(1);
      expect(await appliedCount(fresh[0]!)).toBe(journalLength(folder));

      addMigration(folder, "concurrent_probe");
      const upgraded = await start(3);
      expect(upgraded.filter((database) => database.migration?.ran)).toHaveLength(1);
      expect(await tableExists(upgraded[0]!, "concurrent_probe")).toBe(true);
      expect(await appliedCount(upgraded[0]!)).toBe(journalLength(folder));

      const [later] = await start(1);
      expect(later!.migration?.ran).toBe(false);
    } finally {
      await Promise.all(open.map((database) => database.close()));
      await drop();
    }
  }, 120_000);
});
