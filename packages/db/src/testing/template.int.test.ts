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
