import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { createDb, type Database, migrationsFolder } from "../client.ts";

/*
 * One migrated database per test run, copied for each test file instead of migrating a new one
 * every time (CI time, issue 27). Each template is named after a hash of the migrations (and of
 * PGlite's version), so a changed or added migration makes a new template by itself and no test
 * ever runs on a stale schema.
 */

/** Hash of everything that decides the migrated schema. */
export function schemaHash(folder = migrationsFolder): string {
  const hash = createHash("sha256");
  const files = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory()
          ? files(path.join(dir, entry.name))
          : entry.isFile()
            ? [path.join(dir, entry.name)]
            : [],
      )
      .sort();
  for (const file of files(folder)) {
    hash.update(path.relative(folder, file));
    hash.update(readFileSync(file));
  }
  try {
    const entry = createRequire(import.meta.url).resolve("@electric-sql/pglite");
    hash.update(readFileSync(path.join(path.dirname(entry), "..", "package.json")));
  } catch {
    hash.update("pglite-unknown");
  }
  return hash.digest("hex").slice(0, 16);
}

let cachedHash: string | undefined;
function templateHash(): string {
  cachedHash ??= schemaHash();
  return cachedHash;
}

const templateDir = () => path.join(tmpdir(), "sightline-test-templates");

/** Drops template files of other schemas not used for a day (other checkouts may share /tmp). */
function pruneOldTemplates(dir: string, keep: string) {
  const dayAgo = Date.now() - 86_400_000;
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    try {
      if (name !== keep && statSync(file).atimeMs < dayAgo && statSync(file).mtimeMs < dayAgo) {
        rmSync(file, { force: true });
      }
    } catch {
      // another process removed it first
    }
  }
}

/**
 * A tarball's bytes as the one part of a Blob that PGlite's `loadDataDir` reads (`arrayBuffer`),
 * read once per process. A Node Blob hands its body out in small chunks: reading it cost more CPU
 * than a copy, for every test database (decision 020). Every call hands out the same bytes, not a
 * copy: `loadDataDir` only reads them (it untars them, and its in-memory file system copies each
 * file's part into a file of its own), and a copy of the old 45 MB tarball cost ~150 ms of CPU
 * here, mostly the kernel's, for each new test database (decision 020, twenty-sixth round).
 */
export function tarballBlob(bytes: Uint8Array): Blob {
  const kept = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return {
    size: kept.byteLength,
    type: "",
    arrayBuffer: async () => kept,
  } as unknown as Blob;
}

/** Tarballs already read by this process (test workers keep their modules between files). */
const readTarballs = new Map<string, Blob>();

/** The tarball at `file` (it never changes once written), read once per process. */
export function readTarball(file: string): Blob {
  let blob = readTarballs.get(file);
  if (!blob) {
    blob = tarballBlob(readFileSync(file));
    readTarballs.set(file, blob);
  }
  return blob;
}

/**
 * The migrated PGlite data folder as a tarball (`dumpDataDir`), made once and kept in the
 * system's temp folder. Two processes that miss it at once each build one; the rename is atomic.
 */
export async function pgliteTemplate(): Promise<Blob> {
  const dir = templateDir();
  // "lean": without the template0 and template1 databases (below).
  const name = `pglite-${templateHash()}-lean.tar`;
  const file = path.join(dir, name);
  if (readTarballs.has(file) || existsSync(file)) {
    try {
      return readTarball(file);
    } catch {
      // removed between the check and the read: build it again
    }
  }
  mkdirSync(dir, { recursive: true });
  const database = await createDb({ memory: true });
  let dump: Blob;
  try {
    // No test creates a database on PGlite, which serves only its `postgres` one: without the
    // other two, a third of the tarball, each new test database loads ~16 MB less (~10 % of its
    // CPU here; decision 020, twenty-sixth round). The app's database is the same either way.
    for (const statement of [
      "alter database template1 is_template false",
      "drop database template1",
      "alter database template0 is_template false",
      "drop database template0",
      "checkpoint",
    ]) {
      await database.pglite!.query(statement);
    }
    dump = await database.pglite!.dumpDataDir("none");
  } finally {
    await database.close();
  }
  const bytes = new Uint8Array(await dump.arrayBuffer());
  const temp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  writeFileSync(temp, bytes);
  renameSync(temp, file);
  pruneOldTemplates(dir, name);
  const blob = tarballBlob(bytes);
  readTarballs.set(file, blob);
  return blob;
}

/*
 * PGlite test databases are reused within a process (CI time, issue 27; decision 020, fifteenth
 * round). Loading the template into a new PGlite cost ~1.5 s of CPU here; putting a used one
 * back as the template left it costs ~0.2 s. A test worker keeps its modules from one file to
 * the next, so a database one file's test app gave back when it stopped (`release()`, called by
 * createTestApp's close) serves the next file's `createTestDatabase()`.
 *
 * It goes back only when nothing of its user can reach the next one: no transaction open, no
 * method of the instance replaced (a spy), its listeners gone, every table of the app's schema
 * that was written to emptied and every sequence restarted, the job queue's schema dropped (the
 * next app installs it as on a new database), the session's settings, locks and temporary tables
 * discarded, and then the catalog exactly as in the template (`catalogFingerprint`). Anything
 * else, and it is closed.
 */

/**
 * True in a vitest worker, which runs one test file after another: only there is a database kept,
 * or made ahead, for a next file. A benchmark's own process has no next file, and nothing would
 * take or drop what it kept.
 */
export function hasNextTestFile(): boolean {
  return Boolean(process.env.VITEST);
}

/** Test databases given back (`release()`) and waiting for the next caller, at most `MAX_KEPT`. */
const kept: Database[] = [];
const MAX_KEPT = 2;
let templateFingerprint: string | undefined;

/**
 * A new in-memory PGlite as the template left it: one of this process given back by `release()`
 * (put back at this call rather than at its release, so a write its last user made late is wiped
 * too), or a new one. `close()` closes it for good (a test of what a closed database does).
 */
export async function pgliteFromTemplate(): Promise<Database & { release(): Promise<void> }> {
  let database: Database | undefined;
  for (let candidate = kept.pop(); candidate && !database; candidate = kept.pop()) {
    if (await resetForReuse(candidate.pglite!)) database = candidate;
  }
  if (!database) {
    database = await createDb({ memory: true, loadDataDir: await pgliteTemplate() });
    templateFingerprint ??= await catalogFingerprint(database.pglite!);
  }
  return reusable(database);
}

/** `inner` with a `release()` that keeps it for the process's next test database. */
function reusable(inner: Database): Database & { release(): Promise<void> } {
  let finished: Promise<void> | undefined;
  return {
    ...inner,
    close() {
      finished ??= inner.close();
      return finished;
    },
    release() {
      finished ??= (async () => {
        // Kept only for a next test file: in a benchmark's own process a kept PGlite's own timer
        // would hold it open (`npm run bench analytics` never exited).
        if (hasNextTestFile() && kept.length < MAX_KEPT && mayBeReused(inner.pglite!)) {
          kept.push(inner);
          return;
        }
        await inner.close();
      })();
      return finished;
    },
  };
}

/*
 * A synced-account snapshot (a tarball of the template plus one account's first sync) is loaded
 * whole only the first time a process asks for it: ~1.7 s of CPU, half unpacking ~45 MB into
 * PGlite's in-memory file system and half starting Postgres on it. Its rows are read out then
 * (`COPY … TO`, one blob per table) and its sequences noted, and every later copy in the process
 * is a database put back as the template left it (above) with those rows copied in: no trigger
 * runs and no foreign key is checked while they go in (`session_replication_role = replica`), as
 * they are already the snapshot's own consistent rows. The job queue's schema is not copied: the
 * app installs it as on a new database, and a snapshot's jobs have all finished.
 */
type SnapshotRows = {
  tables: Array<{ name: string; rows: Blob }>;
  sequences: Array<{ name: string; value: string }>;
};

/** Per snapshot tarball (readTarball keeps one Blob per file and process). */
const snapshotRows = new WeakMap<Blob, SnapshotRows>();

/** A new in-memory PGlite holding a snapshot's rows; `release()` as pgliteFromTemplate's. */
export async function pgliteFromSnapshot(
  tarball: Blob,
): Promise<Database & { release(): Promise<void> }> {
  const rows = snapshotRows.get(tarball);
  if (rows) {
    const database = await pgliteFromTemplate();
    try {
      await copyRowsIn(database.pglite!, rows);
      return database;
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  const database = await createDb({ memory: true, loadDataDir: tarball });
  snapshotRows.set(tarball, await copyRowsOut(database.pglite!));
  return reusable(database);
}

/** The tables of the app's schema (`public`), quoted for SQL, by name. */
async function publicTables(pglite: PGlite): Promise<string[]> {
  const tables = await pglite.query<{ name: string }>(
    "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public' order by 1",
  );
  return tables.rows.map((row) => row.name);
}

async function copyRowsOut(pglite: PGlite): Promise<SnapshotRows> {
  const out: SnapshotRows = { tables: [], sequences: [] };
  for (const name of await publicTables(pglite)) {
    const copied = await pglite.query(`copy ${name} to '/dev/blob'`);
    if (copied.blob && copied.blob.size > 0) out.tables.push({ name, rows: copied.blob });
  }
  const sequences = await pglite.query<{ name: string; value: string }>(
    "select format('%I.%I', schemaname, sequencename) as name, last_value::text as value from pg_sequences where schemaname = 'public' and last_value is not null",
  );
  out.sequences = sequences.rows;
  return out;
}

async function copyRowsIn(pglite: PGlite, rows: SnapshotRows): Promise<void> {
  await pglite.exec("set session_replication_role = replica");
  try {
    for (const table of rows.tables) {
      await pglite.query(`copy ${table.name} from '/dev/blob'`, [], { blob: table.rows });
    }
    for (const sequence of rows.sequences) {
      await pglite.query("select setval($1::regclass, $2::bigint, true)", [
        sequence.name,
        sequence.value,
      ]);
    }
  } finally {
    await pglite.exec("reset session_replication_role");
  }
}

/** Methods a test may replace on the instance (a spy); a replaced one is an own property. */
const REPLACEABLE = ["query", "exec", "transaction", "listen", "unlisten", "close"] as const;

/** Open, no transaction left open, no method replaced. */
function mayBeReused(pglite: PGlite): boolean {
  return (
    !pglite.closed &&
    !pglite.isInTransaction() &&
    !REPLACEABLE.some((name) => Object.hasOwn(pglite, name))
  );
}

/**
 * Puts a closed test database back as the template left it; false (and closed) when it cannot be.
 */
async function resetForReuse(pglite: PGlite): Promise<boolean> {
  if (!mayBeReused(pglite)) {
    if (!pglite.closed) void pglite.close().catch(() => {});
    return false;
  }
  const reset = async () => {
    const channels = await pglite.query<{ channel: string }>(
      "select pg_listening_channels() as channel",
    );
    for (const { channel } of channels.rows) await pglite.unlisten(channel);
    // Only the tables the last user wrote to: a table never written has no pages, and TRUNCATE
    // gives each table it empties new files, which cost ~240 ms a database for all ~90 of them
    // where most were untouched (decision 020, twenty-eighth round). Sequences are restarted
    // whether or not their table was written (a failed insert still takes a number).
    const written = await pglite.query<{ name: string }>(
      "select format('%I.%I', n.nspname, c.relname) as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and pg_relation_size(c.oid) > 0 order by 1",
    );
    if (written.rows.length > 0) {
      const names = written.rows.map((row) => row.name);
      await pglite.exec(`truncate ${names.join(", ")} restart identity cascade`);
    }
    await pglite.query(
      "select setval(format('%I.%I', schemaname, sequencename)::regclass, start_value, false) from pg_sequences where schemaname = 'public' and last_value is not null",
    );
    await pglite.exec("drop schema if exists pgboss cascade");
    await pglite.exec("discard all");
    return (await catalogFingerprint(pglite)) === templateFingerprint;
  };
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), 5_000);
  });
  try {
    const reusable = await Promise.race([reset(), timeout]);
    if (!reusable && !pglite.closed) void pglite.close().catch(() => {});
    return reusable;
  } catch {
    if (!pglite.closed) void pglite.close().catch(() => {});
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * One hash of what a test could leave in the catalog: schemas, relations and their columns,
 * constraints, indexes, triggers, functions, types, extensions, roles, per-database settings, the
 * sequences' states and the migrations journal.
 */
async function catalogFingerprint(pglite: PGlite): Promise<string> {
  const result = await pglite.query<{ hash: string }>(`
    with own_namespaces as (
      select oid, nspname from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema')
        and nspname not like 'pg_toast%' and nspname not like 'pg_temp%'
    ), parts as (
      select 'n:' || nspname as part from own_namespaces
      union all
      select 'c:' || n.nspname || '.' || c.relname || ':' || c.relkind::text || ':' || c.relnatts
      from pg_class c join own_namespaces n on n.oid = c.relnamespace
      union all
      select 'a:' || n.nspname || '.' || c.relname || '.' || a.attname || ':' || a.atttypid || ':'
        || a.atttypmod || ':' || a.attnotnull || ':' || a.atthasdef || ':' || a.attidentity::text
      from pg_attribute a join pg_class c on c.oid = a.attrelid
        join own_namespaces n on n.oid = c.relnamespace
      where a.attnum > 0 and not a.attisdropped
      union all
      select 'k:' || n.nspname || '.' || k.conname || ':' || pg_get_constraintdef(k.oid)
      from pg_constraint k join own_namespaces n on n.oid = k.connamespace
      union all
      select 'i:' || n.nspname || '.' || i.indexname || ':' || i.indexdef
      from pg_indexes i join own_namespaces n on n.nspname = i.schemaname
      union all
      select 't:' || t.tgrelid::regclass::text || '.' || t.tgname || ':' || t.tgenabled::text
      from pg_trigger t where not t.tgisinternal
      union all
      select 'p:' || n.nspname || '.' || p.proname || ':' || md5(p.prosrc)
      from pg_proc p join own_namespaces n on n.oid = p.pronamespace
      union all
      select 'y:' || n.nspname || '.' || y.typname from pg_type y
      join own_namespaces n on n.oid = y.typnamespace
      union all
      select 'x:' || extname || ':' || extversion from pg_extension
      union all
      select 'r:' || rolname from pg_roles
      union all
      select 'd:' || coalesce(array_to_string(setconfig, ','), '') from pg_db_role_setting
      union all
      select 's:' || schemaname || '.' || sequencename || ':' || coalesce(last_value, 0)
      from pg_sequences
      union all
      select 'm:' || count(*) || ':' || coalesce(max(created_at), 0) from drizzle.__drizzle_migrations
    )
    select md5(string_agg(part, ',' order by part)) as hash from parts
  `);
  return result.rows[0]!.hash;
}

/**
 * Runs a CREATE/ALTER DATABASE again while PostgreSQL says the source is still in use: a closed
 * pool's backends can take a moment to go away.
 */
export async function whileInUse<T>(run: () => Promise<T>, attempts = 50): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if ((error as { code?: string }).code !== "55006" || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** Any constant: held while one process builds the PostgreSQL template. */
const TEMPLATE_LOCK_KEY = 7_362_045_119;

/**
 * The name of the migrated template database on TEST_DATABASE_URL's server, made once (under an
 * advisory lock, then renamed into place so a half-built one is never copied).
 */
export async function postgresTemplate(adminUrl: string): Promise<string> {
  const name = `sightline_template_${templateHash()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const exists = async () =>
      (await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 1;
    if (await exists()) return name;
    await admin.query("select pg_advisory_lock($1)", [TEMPLATE_LOCK_KEY]);
    try {
      if (await exists()) return name;
      const building = `${name}_building_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database "${building}"`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      const database = await createDb({ databaseUrl: url.toString(), poolSize: 1 });
      await database.close();
      await whileInUse(() => admin.query(`alter database "${building}" rename to "${name}"`));
      return name;
    } finally {
      await admin.query("select pg_advisory_unlock($1)", [TEMPLATE_LOCK_KEY]);
    }
  } finally {
    await admin.end();
  }
}
