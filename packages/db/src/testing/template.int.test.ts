import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { migrationsFolder } from "../client.ts";
import {
  copyDatabasePrefix,
  createTestDatabase,
  createTestDatabaseFrom,
  type TestDatabase,
  testEngine,
} from "./index.ts";
import { schemaHash, tarballBlob } from "./template.ts";

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
  // A row written and deleted again (the table keeps its pages), and a sequence taken from
  // without a row (as a failed insert does).
  await first.db.execute(sql`insert into rate_limit_events (key) values ('reuse-probe')`);
  await first.db.execute(sql`delete from rate_limit_events`);
  await first.db.execute(sql`select nextval('realtime_events_id_seq')`);
  await first.db.execute(sql`create schema pgboss`);
  await first.db.execute(sql`set statement_timeout = 1234`);
  await giveBack(first);

  const second = await createTestDatabase();
  opened.push(second);
  // PGlite gives the same database back (put back as the template left it, not loaded again).
  if (first.pglite) expect(second.pglite).toBe(first.pglite);
  const [sequence] = await rows<{ last_value: string | null }>(
    second,
    sql`select last_value::text from pg_sequences where sequencename = 'realtime_events_id_seq'`,
  );
  expect(sequence?.last_value).toBeNull();
  const [events] = await rows<{ pages: number }>(
    second,
    sql`select pg_relation_size('rate_limit_events')::int as pages`,
  );
  expect(events?.pages).toBe(0);
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

it.skipIf(testEngine() !== "postgres")(
  "leaves no PostgreSQL database behind in a process that is not a test worker (a benchmark)",
  async () => {
    // A benchmark's own process: no vitest environment, so no next file to make a copy ahead
    // for and no global teardown to drop what it left. Its copies start with the prefix of its
    // parent's pid, this worker's.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith("VITEST")),
    );
    const child = spawnSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `import { createTestDatabase } from ${JSON.stringify(path.join(import.meta.dirname, "index.ts"))};
         const database = await createTestDatabase("postgres");
         await database.db.execute("select 1");
         await database.close();`,
      ],
      { env, encoding: "utf8", timeout: 60_000 },
    );
    expect(child.status, child.stderr).toBe(0);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const left = await admin.query<{ datname: string }>(
        "select datname from pg_database where starts_with(datname, $1)",
        [copyDatabasePrefix(process.pid)],
      );
      expect(left.rows.map((row) => row.datname)).toEqual([]);
    } finally {
      await admin.end();
    }
  },
);

it("copies a snapshot's rows and sequences into a reused database exactly as loading it whole does, triggers quiet while they go in", async () => {
  const base = await createTestDatabase();
  if (!base.pglite) {
    opened.push(base);
    return; // PostgreSQL copies snapshots with CREATE DATABASE … TEMPLATE
  }
  await base.db.execute(sql`insert into workspaces (id, name, storage_folder) values
    ('7b0f6a52-5d1e-4f55-9d8e-0c5a1f3f1a10', 'Snapshot probe', 'probe')`);
  // A comment on the account's own post: the inbox trigger writes its conversation's summary.
  await base.db.execute(sql`insert into instagram_comments (workspace_id, account_id,
      ig_comment_id, ig_media_id, media_owner_id, user_igsid, text, created_at)
    values ('7b0f6a52-5d1e-4f55-9d8e-0c5a1f3f1a10', '1784', 'c1', 'm1', '1784', 'u1', 'Hi', now())`);
  const [sequence] = await rows<{ name: string }>(
    base,
    sql`select format('%I.%I', schemaname, sequencename) as name from pg_sequences
      where schemaname = 'public' order by 1 limit 1`,
  );
  expect(sequence).toBeDefined();
  for (let i = 0; i < 3; i++) await base.db.execute(sql`select nextval(${sequence!.name})`);

  const dump = await base.pglite.dumpDataDir("none");
  await base.close();
  const snapshot = tarballBlob(new Uint8Array(await dump.arrayBuffer()));

  /** Every public table's rows and every sequence's state, as one comparable value. */
  const contents = async (database: TestDatabase) => {
    const tables = await rows<{ name: string }>(
      database,
      sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname = 'public' order by 1`,
    );
    const out: Record<string, string | null> = {};
    for (const { name } of tables) {
      const [row] = await rows<{ hash: string | null }>(
        database,
        sql.raw(`select md5(string_agg(t::text, ',' order by t::text)) as hash from ${name} t`),
      );
      out[name] = row!.hash;
    }
    for (const row of await rows<{ name: string; value: string | null }>(
      database,
      sql`select sequencename as name, last_value::text as value from pg_sequences`,
    )) {
      out[`sequence ${row.name}`] = row.value;
    }
    return out;
  };

  const loadedWhole = await createTestDatabaseFrom({ pglite: snapshot });
  const whole = await contents(loadedWhole);
  expect(whole["public.instagram_comments"]).not.toBeNull();
  expect(whole["public.inbox_thread_summaries"]).not.toBeNull();
  // Advanced (by more than 3: a sequence logs 32 values ahead, and a dump starts as after a crash).
  expect(Number(whole[`sequence ${sequence!.name.split(".")[1]}`])).toBeGreaterThanOrEqual(3);
  await giveBack(loadedWhole);
  const copiedIn = await createTestDatabaseFrom({ pglite: snapshot });
  opened.push(copiedIn);
  expect(copiedIn.pglite).toBe(loadedWhole.pglite); // the same PGlite, put back and filled again
  expect(await contents(copiedIn)).toEqual(whole);

  // Triggers run again afterwards: a second comment counts in its conversation's summary.
  await copiedIn.db.execute(sql`insert into instagram_comments (workspace_id, account_id,
      ig_comment_id, ig_media_id, media_owner_id, user_igsid, text, created_at)
    values ('7b0f6a52-5d1e-4f55-9d8e-0c5a1f3f1a10', '1784', 'c2', 'm1', '1784', 'u2', 'Hello', now())`);
  const [summary] = await rows<{ item_count: number }>(
    copiedIn,
    sql`select item_count from inbox_thread_summaries where conversation_id = 'm1'`,
  );
  expect(summary?.item_count).toBe(2);
});
