import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb, type Database } from "../client.ts";
import { pgliteFromTemplate, postgresTemplate, whileInUse } from "./template.ts";

export { pgliteTemplate, postgresTemplate, readTarball, whileInUse } from "./template.ts";

export type TestEngine = "pglite" | "postgres";

/** The engine this test run targets: vitest's integration projects set SIGHTLINE_TEST_DB. */
export function testEngine(): TestEngine {
  return process.env.SIGHTLINE_TEST_DB === "postgres" ? "postgres" : "pglite";
}

export interface TestDatabase extends Database {
  /** Connection string of the fresh database, on PostgreSQL only (for child processes). */
  readonly url?: string;
}

function requireTestUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("SIGHTLINE_TEST_DB=postgres needs TEST_DATABASE_URL");
  return url;
}

/**
 * A fresh, migrated database for one test file, copied from a template migrated once per schema
 * (template.ts). PGlite: in memory. PostgreSQL: a new database on TEST_DATABASE_URL's server,
 * dropped again by close().
 */
export async function createTestDatabase(engine: TestEngine = testEngine()): Promise<TestDatabase> {
  if (engine === "pglite") return pgliteFromTemplate();
  return createTestDatabaseFrom({ postgres: await postgresTemplate(requireTestUrl()) });
}

/**
 * A fresh database copied from a snapshot: a PGlite data-folder tarball (`dumpDataDir`), or the
 * name of a PostgreSQL database on TEST_DATABASE_URL's server that nobody is connected to.
 */
export async function createTestDatabaseFrom(
  snapshot: { pglite: Blob } | { postgres: string },
): Promise<TestDatabase> {
  if ("pglite" in snapshot) return createDb({ memory: true, loadDataDir: snapshot.pglite });
  const { url, drop } = await createScratchPostgresDatabase({ template: snapshot.postgres });
  const database = await createDb({ databaseUrl: url, poolSize: 4 });
  return {
    ...database,
    url,
    async close() {
      await database.close();
      await drop();
    },
  };
}

/** Creates an empty PostgreSQL database on TEST_DATABASE_URL's server (or a copy of `template`). */
export async function createScratchPostgresDatabase(options: { template?: string } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const adminUrl = requireTestUrl();
  const name = `sightline_test_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await whileInUse(() =>
      admin.query(
        options.template
          ? `create database "${name}" template "${options.template}"`
          : `create database "${name}"`,
      ),
    );
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Renames a database on TEST_DATABASE_URL's server once its last connection has gone (to keep a
 * test's database as a snapshot that later files copy).
 */
export async function renameTestDatabase(from: string, to: string): Promise<void> {
  const admin = new pg.Client({ connectionString: requireTestUrl() });
  await admin.connect();
  try {
    await whileInUse(() => admin.query(`alter database "${from}" rename to "${to}"`));
  } finally {
    await admin.end();
  }
}
