import { randomBytes } from "node:crypto";
import pg from "pg";
import { createDb, type Database } from "../client.ts";
import {
  hasNextTestFile,
  pgliteFromSnapshot,
  pgliteFromTemplate,
  postgresTemplate,
  whileInUse,
} from "./template.ts";

export { pgliteTemplate, postgresTemplate, readTarball, whileInUse } from "./template.ts";

export type TestEngine = "pglite" | "postgres";

/** The engine this test run targets: vitest's integration projects set SIGHTLINE_TEST_DB. */
export function testEngine(): TestEngine {
  return process.env.SIGHTLINE_TEST_DB === "postgres" ? "postgres" : "pglite";
}

export interface TestDatabase extends Database {
  /** Connection string of the fresh database, on PostgreSQL only (for child processes). */
  readonly url?: string;
  /**
   * Gives the database back once nothing uses it any more (createTestApp's close, after the app
   * stopped): on PGlite in a vitest worker the next `createTestDatabase()` of this process may get
   * it, put back as the template left it (template.ts); elsewhere the same as close().
   */
  release?(): Promise<void>;
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
 *
 * On PostgreSQL, in a vitest worker, the copy is usually made already: each call starts the next
 * copy of the same template in the background (`CREATE DATABASE` is mostly the server's disk, not
 * this process), and close() drops the copy in the background too, so a test file waits for
 * neither (CI time, issue 27). What a worker still holds when vitest ends it is dropped by the
 * integration projects' global teardown (`dropDatabasesStartingWith(copyDatabasePrefix(...))`).
 * Any other process (a benchmark) has no next file and no such teardown: it makes no copy ahead,
 * and its close() waits for the drop, or every `npm run bench` left its copies behind on the
 * developer's PostgreSQL. Sessions commit without waiting for the disk
 * (`synchronous_commit=off`): a test database never needs to outlive a crash.
 */
export async function createTestDatabaseFrom(
  snapshot: { pglite: Blob } | { postgres: string },
): Promise<TestDatabase> {
  if ("pglite" in snapshot) return pgliteFromSnapshot(snapshot.pglite);
  const inWorker = hasNextTestFile();
  const name = (await takeSpare(snapshot.postgres)) ?? (await createCopy(snapshot.postgres));
  if (inWorker) makeSpare(snapshot.postgres);
  const url = databaseUrl(name);
  const database = await createDb({ databaseUrl: withoutWaitingForDisk(url), poolSize: 4 });
  let closed: Promise<void> | undefined;
  return {
    ...database,
    url,
    close() {
      closed ??= database
        .close()
        .then(() => (inWorker ? dropInBackground(name) : dropDatabase(name)));
      return closed;
    },
  };
}

/** Copies made by createTestDatabaseFrom start with this: vitest's workers are its children. */
export function copyDatabasePrefix(runPid = process.ppid): string {
  return `sightline_copy_${runPid}_`;
}

function uniqueName(prefix: string): string {
  return `${prefix}${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
}

function databaseUrl(name: string): string {
  const url = new URL(requireTestUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

/** A test database's sessions commit without waiting for the disk to confirm. */
function withoutWaitingForDisk(url: string): string {
  const withOptions = new URL(url);
  withOptions.searchParams.set("options", "-c synchronous_commit=off");
  return withOptions.toString();
}

async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: requireTestUrl() });
  await admin.connect();
  try {
    await whileInUse(() => admin.query(text));
  } finally {
    await admin.end();
  }
}

async function createCopy(template: string): Promise<string> {
  const name = uniqueName(copyDatabasePrefix());
  await adminQuery(`create database "${name}" template "${template}"`);
  return name;
}

/** Per template, a copy made ahead for this process's next call (undefined if that failed). */
const spares = new Map<string, Promise<string | undefined>>();

function makeSpare(template: string): void {
  if (!spares.has(template))
    spares.set(
      template,
      createCopy(template).catch(() => undefined),
    );
}

function takeSpare(template: string): Promise<string | undefined> {
  const spare = spares.get(template);
  spares.delete(template);
  return spare ?? Promise.resolve(undefined);
}

function dropDatabase(name: string): Promise<void> {
  return adminQuery(`drop database if exists "${name}" with (force)`);
}

/** Drops a closed test database without making the caller wait; what fails is the teardown's. */
function dropInBackground(name: string): void {
  dropDatabase(name).catch(() => {});
}

/**
 * Drops every database on TEST_DATABASE_URL's server whose name starts with `prefix` (a test
 * run's teardown: its snapshots, and the copies its workers still held when vitest ended them).
 */
export async function dropDatabasesStartingWith(prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: requireTestUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists "${datname}" with (force)`);
    }
  } finally {
    await admin.end();
  }
}

/** Creates an empty PostgreSQL database on TEST_DATABASE_URL's server (or a copy of `template`). */
export async function createScratchPostgresDatabase(options: { template?: string } = {}): Promise<{
  url: string;
  drop: () => Promise<void>;
}> {
  const name = uniqueName("sightline_test_");
  await adminQuery(
    options.template
      ? `create database "${name}" template "${options.template}"`
      : `create database "${name}"`,
  );
  return {
    url: databaseUrl(name),
    drop: () => adminQuery(`drop database if exists "${name}" with (force)`),
  };
}

/**
 * Renames a database on TEST_DATABASE_URL's server once its last connection has gone (to keep a
 * test's database as a snapshot that later files copy).
 */
export function renameTestDatabase(from: string, to: string): Promise<void> {
  return adminQuery(`alter database "${from}" rename to "${to}"`);
}
