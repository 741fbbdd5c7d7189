import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, expect, it } from "vitest";
import { migrationsFolder } from "../client.ts";
import { createTestDatabase, type TestDatabase } from "./index.ts";
import { schemaHash } from "./template.ts";

const opened: TestDatabase[] = [];
afterAll(async () => {
  await Promise.all(opened.map((database) => database.close()));
});

async function rows<T>(database: TestDatabase, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

it("copies a fully migrated database for each caller, each its own", async () => {
  const first = await createTestDatabase();
  const second = await createTestDatabase();
  opened.push(first, second);
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  );
  for (const database of [first, second]) {
    const [applied] = await rows<{ count: number }>(
      database,
      sql`select count(*)::int as count from drizzle.__drizzle_migrations`,
    );
    expect(applied?.count).toBe(journal.entries.length);
  }
  await first.db.execute(sql`create table template_probe (x int)`);
  await first.db.execute(sql`insert into template_probe values (1)`);
  const [inSecond] = await rows<{ name: string | null }>(
    second,
    sql`select to_regclass('public.template_probe')::text as name`,
  );
  expect(inSecond?.name).toBeNull();
  const third = await createTestDatabase();
  opened.push(third);
  const [inThird] = await rows<{ name: string | null }>(
    third,
    sql`select to_regclass('public.template_probe')::text as name`,
  );
  expect(inThird?.name).toBeNull();
});

it("names the template after the migrations, so a changed migration makes a new one", () => {
  const copy = mkdtempSync(path.join(tmpdir(), "sightline-migrations-"));
  try {
    cpSync(migrationsFolder, copy, { recursive: true });
    expect(schemaHash(copy)).toBe(schemaHash());
    const first = path.join(copy, "0000_init.sql");
    writeFileSync(first, `${readFileSync(first, "utf8")}\n-- changed\n`);
    expect(schemaHash(copy)).not.toBe(schemaHash());
  } finally {
    rmSync(copy, { recursive: true, force: true });
  }
});

/** What createTestApp's close does with its database once the app has stopped. */
const giveBack = (database: TestDatabase) =>
  database.release ? database.release() : database.close();

it("hands a given-back database to the next caller only as the template left it", async () => {
  const first = await createTestDatabase();
  await first.db.execute(
    sql`insert into "user" (id, name, email, email_verified, created_at, updated_at)
        values ('reuse-probe', 'Probe', 'probe@example.com', true, now(), now())`,
  );
  await first.db.execute(sql`create schema pgboss`);
  await first.db.execute(sql`set statement_timeout = 1234`);
  await giveBack(first);

  const second = await createTestDatabase();
  opened.push(second);
  const [users] = await rows<{ count: number }>(
    second,
    sql`select count(*)::int as count from "user"`,
  );
  expect(users?.count).toBe(0);
  const [queueSchema] = await rows<{ name: string | null }>(
    second,
    sql`select to_regnamespace('pgboss')::text as name`,
  );
  expect(queueSchema?.name).toBeNull();
  const [timeout] = await rows<{ statement_timeout: string }>(second, sql`show statement_timeout`);
  expect(timeout?.statement_timeout).toBe("0");

  // A table the template has not: that database is never handed out again.
  await second.db.execute(sql`create table reuse_probe (x int)`);
  opened.splice(opened.indexOf(second), 1);
  await giveBack(second);
  const third = await createTestDatabase();
  opened.push(third);
  const [probe] = await rows<{ name: string | null }>(
    third,
    sql`select to_regclass('public.reuse_probe')::text as name`,
  );
  expect(probe?.name).toBeNull();
});

it("closes a database for good when asked to close rather than give it back", async () => {
  const first = await createTestDatabase();
  await first.close();
  if (!first.pglite) return; // PostgreSQL: each copy is a new database anyway
  expect(first.pglite.closed).toBe(true);
  const second = await createTestDatabase();
  opened.push(second);
  expect(second.pglite).not.toBe(first.pglite);
});
