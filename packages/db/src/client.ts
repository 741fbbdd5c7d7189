import { chmodSync, existsSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { acquireDirLock } from "./lock.ts";
import {
  assertMigrationsApplied,
  type MigrationOutcome,
  migrateIfNeeded,
  newestMigrationMillis,
  type SqlRunner,
} from "./migrate.ts";
import { readPgliteTemplate } from "./pglite-template.ts";
import * as schema from "./schema/index.ts";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type DbKind = "pglite" | "postgres";

export interface Database {
  readonly kind: DbKind;
  readonly db: Db;
  /** Present on the embedded engine: the one in-process connection (pg-boss, LISTEN). */
  readonly pglite?: PGlite;
  /** Present on PostgreSQL. */
  readonly pool?: pg.Pool;
  /** What the start's migration step did: skipped (`ran: false`) when nothing was to do. */
  readonly migration?: MigrationOutcome;
  /** Resolves when the database answers a trivial query within `timeoutMs`. */
  ping(timeoutMs?: number): Promise<void>;
  /**
   * Resolves when every migration this code ships is applied (readiness: another instance may
   * still be migrating, or a restored backup may be behind), answered within `timeoutMs`.
   */
  checkMigrations(timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Tests only: another migrations folder (a copy with a migration added). */
type MigrationOptions = { migrate?: boolean; migrationsFolder?: string };

export type CreateDbOptions =
  | ({ databaseUrl: string; poolSize?: number } & MigrationOptions)
  | ({ dataDir: string } & MigrationOptions)
  | ({
      memory: true;
      /** Start from this data folder (a `dumpDataDir` tarball) instead of an empty cluster. */
      loadDataDir?: Blob;
    } & MigrationOptions);

export const migrationsFolder = fileURLToPath(new URL("../migrations", import.meta.url));

/** Any constant shared by every instance; held while migrating so parallel starts serialise. */
const MIGRATION_LOCK_KEY = 7_362_045_118;

/** The journal is read once per process and folder, on the first readiness check. */
const newestMillisByFolder = new Map<string, number>();
function newestMillisOf(folder: string): number {
  let newest = newestMillisByFolder.get(folder);
  if (newest === undefined) {
    newest = newestMigrationMillis(folder);
    newestMillisByFolder.set(folder, newest);
  }
  return newest;
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** `ping` and `checkMigrations` of either engine, each bounded by its timeout (readiness). */
function readinessChecks(run: SqlRunner, engine: string, folder: string) {
  return {
    async ping(timeoutMs = 2_000) {
      await withTimeout(run("select 1"), timeoutMs, engine);
    },
    async checkMigrations(timeoutMs = 2_000) {
      await withTimeout(assertMigrationsApplied(run, newestMillisOf(folder)), timeoutMs, engine);
    },
  };
}

export async function createDb(options: CreateDbOptions): Promise<Database> {
  if ("databaseUrl" in options) return createPostgres(options);
  return createPglite(options);
}

async function createPostgres(
  options: { databaseUrl: string; poolSize?: number } & MigrationOptions,
): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that errors (server restart) must not crash the process.
  pool.on("error", () => {});
  const db = drizzlePg(pool, { schema, casing: "snake_case" }) as unknown as Db;
  let migration: MigrationOutcome | undefined;
  if (options.migrate !== false) {
    const folder = options.migrationsFolder ?? migrationsFolder;
    const client = await pool.connect();
    try {
      migration = await migrateIfNeeded({
        run: (text, params) => client.query(text, params),
        migrationsFolder: folder,
        migrate: () => migratePg(drizzlePg(client, { schema }), { migrationsFolder: folder }),
        lock: async (work) => {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
          try {
            return await work();
          } finally {
            await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_KEY]);
          }
        },
      });
    } finally {
      client.release();
    }
  }
  let closed: Promise<void> | undefined;
  return {
    kind: "postgres",
    db,
    pool,
    ...(migration ? { migration } : {}),
    ...readinessChecks(
      (text, params) => pool.query(text, params),
      "PostgreSQL",
      options.migrationsFolder ?? migrationsFolder,
    ),
    close() {
      closed ??= pool.end();
      return closed;
    },
  };
}

/** chmod a folder tree to owner-only: folders 0700, files 0600. */
export function restrictTree(root: string): void {
  chmodSync(root, 0o700);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    const full = path.join(root, entry.name);
    if (entry.isDirectory()) restrictTree(full);
    else if (entry.isFile()) chmodSync(full, 0o600);
  }
}

async function createPglite(
  options:
    | ({ dataDir: string } & MigrationOptions)
    | ({ memory: true; loadDataDir?: Blob } & MigrationOptions),
): Promise<Database> {
  let release = () => {};
  let pglite: PGlite;
  if ("dataDir" in options) {
    const dir = path.resolve(options.dataDir);
    // Password hashes and sessions live here: no access for group or others (an existing
    // folder from an older version is tightened too).
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o700);
    release = acquireDirLock(path.join(dir, "pglite.lock"));
    try {
      const pgdata = path.join(dir, "pglite");
      // A new folder starts from the migrated template when `npm run build` made one for these
      // migrations (pglite-template.ts); otherwise PGlite runs initdb.
      const template =
        options.migrate !== false && !existsSync(path.join(pgdata, "PG_VERSION"))
          ? readPgliteTemplate(options.migrationsFolder ?? migrationsFolder)
          : undefined;
      pglite = await PGlite.create(pgdata, template ? { loadDataDir: template } : {});
      // PGlite's file system layer creates its files 0666 whatever the umask.
      restrictTree(path.join(dir, "pglite"));
    } catch (error) {
      release();
      throw error;
    }
  } else {
    pglite = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const db = drizzlePglite(pglite, { schema, casing: "snake_case" }) as unknown as Db;
  let migration: MigrationOutcome | undefined;
  if (options.migrate !== false) {
    const folder = options.migrationsFolder ?? migrationsFolder;
    try {
      migration = await migrateIfNeeded({
        run: (text, params) => pglite.query(text, params),
        migrationsFolder: folder,
        migrate: () =>
          migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder: folder }),
      });
    } catch (error) {
      await pglite.close();
      release();
      throw error;
    }
  }
  let closed: Promise<void> | undefined;
  return {
    kind: "pglite",
    db,
    pglite,
    ...(migration ? { migration } : {}),
    ...readinessChecks(
      (text, params) => pglite.query(text, params),
      "PGlite",
      options.migrationsFolder ?? migrationsFolder,
    ),
    close() {
      closed ??= (async () => {
        try {
          if (!pglite.closed) await pglite.close();
          // Files created while running (WAL segments, new relations) get the same treatment.
          if ("dataDir" in options)
            restrictTree(path.join(path.resolve(options.dataDir), "pglite"));
        } finally {
          release();
        }
      })();
      return closed;
    },
  };
}
