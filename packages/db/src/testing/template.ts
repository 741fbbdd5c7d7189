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
import pg from "pg";
import { createDb, migrationsFolder } from "../client.ts";

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
 * each call a copy of bytes read once per process. A Node Blob hands its ~45 MB body out in
 * small chunks: reading it cost more CPU than the copy, for every test database (decision 020).
 */
export function tarballBlob(bytes: Uint8Array): Blob {
  const kept = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  return {
    size: kept.byteLength,
    type: "",
    arrayBuffer: async () => kept.slice(0),
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
  const name = `pglite-${templateHash()}.tar`;
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

/** A new in-memory PGlite loaded from the template; `migrate` then finds nothing to do. */
export async function pgliteFromTemplate() {
  return createDb({ memory: true, loadDataDir: await pgliteTemplate() });
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
