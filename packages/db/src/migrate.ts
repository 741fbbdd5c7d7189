import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";

/*
 * Migrations cost nothing when there is nothing to do (issue 27, decision 025): a hash of the
 * migration journal and of the SQL files it lists is kept in the database after every successful
 * migration, and a start whose migrations hash to the stored value skips the migrator (which
 * otherwise reads and hashes every file and queries its own table on every start).
 */

/** Where the hash is kept: next to drizzle's own `__drizzle_migrations`, outside `public`. */
export const MIGRATIONS_HASH_TABLE = "drizzle.__sightline_migrations_hash";

/** Runs one statement (PGlite's `query`, or a pg client's). */
export type SqlRunner = (text: string, params?: unknown[]) => Promise<{ rows: unknown[] }>;

/** Hash of the journal and of every migration it lists: adding or editing one changes it. */
export function migrationsHash(migrationsFolder: string): string {
  const hash = createHash("sha256");
  const journal = readFileSync(path.join(migrationsFolder, "meta/_journal.json"));
  hash.update(journal);
  const { entries } = JSON.parse(journal.toString("utf8")) as { entries: { tag: string }[] };
  for (const { tag } of entries) {
    hash.update(`\0${tag}\0`);
    hash.update(readFileSync(path.join(migrationsFolder, `${tag}.sql`)));
  }
  return hash.digest("hex");
}

/** The hash stored by the last successful migration, or null (none yet, or no table yet). */
export async function storedMigrationsHash(run: SqlRunner): Promise<string | null> {
  try {
    const { rows } = await run(`select hash from ${MIGRATIONS_HASH_TABLE} where id = 1`);
    return (rows[0] as { hash?: string } | undefined)?.hash ?? null;
  } catch (error) {
    // 42P01 undefined_table, 3F000 invalid_schema_name: a database never migrated by this code.
    const code = (error as { code?: string }).code;
    if (code === "42P01" || code === "3F000") return null;
    throw error;
  }
}

export async function storeMigrationsHash(run: SqlRunner, hash: string): Promise<void> {
  await run("create schema if not exists drizzle");
  await run(
    `create table if not exists ${MIGRATIONS_HASH_TABLE} (id integer primary key, hash text not null, migrated_at timestamptz not null default now())`,
  );
  await run(
    `insert into ${MIGRATIONS_HASH_TABLE} (id, hash) values (1, $1) on conflict (id) do update set hash = excluded.hash, migrated_at = now()`,
    [hash],
  );
}

/**
 * The newest migration's timestamp in the journal (`when`): drizzle stores it as `created_at`
 * of the migration's row and applies every migration newer than its newest row.
 */
export function newestMigrationMillis(migrationsFolder: string): number {
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8"),
  ) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * Throws unless every migration of the folder is applied, by drizzle's own rule (its newest
 * applied row is at least as new as the folder's newest migration). A newer release's
 * migrations applied by another instance still pass: this code's tables are all there.
 */
export async function assertMigrationsApplied(run: SqlRunner, newestMillis: number) {
  let applied: number | null = null;
  try {
    const { rows } = await run(
      "select max(created_at) as newest from drizzle.__drizzle_migrations",
    );
    const newest = (rows[0] as { newest?: string | number | null } | undefined)?.newest;
    applied = newest === null || newest === undefined ? null : Number(newest);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code !== "42P01" && code !== "3F000") throw error;
  }
  if (applied === null || applied < newestMillis) {
    throw new Error("database migrations are not all applied");
  }
}

export type MigrationOutcome = {
  /** False when the stored hash matched and the migrator was not run. */
  ran: boolean;
  ms: number;
};

/**
 * Runs `migrate` unless the stored hash says every migration is applied. `lock`, when given,
 * wraps the migration (PostgreSQL's advisory lock): the hash is checked again once it is held,
 * so instances that waited for another one's migration skip theirs.
 */
export async function migrateIfNeeded(options: {
  run: SqlRunner;
  migrationsFolder: string;
  migrate: () => Promise<void>;
  lock?: <T>(work: () => Promise<T>) => Promise<T>;
}): Promise<MigrationOutcome> {
  const started = performance.now();
  const hash = migrationsHash(options.migrationsFolder);
  const upToDate = async () => (await storedMigrationsHash(options.run)) === hash;
  if (await upToDate()) return { ran: false, ms: performance.now() - started };
  const work = async () => {
    if (options.lock && (await upToDate())) return false;
    await options.migrate();
    await storeMigrationsHash(options.run, hash);
    return true;
  };
  const ran = options.lock ? await options.lock(work) : await work();
  return { ran, ms: performance.now() - started };
}
