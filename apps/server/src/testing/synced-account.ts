import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { InstagramConnection, PlanId } from "@sightline/contracts";
import { createDb, findInstagramConnection } from "@sightline/db";
import {
  createScratchPostgresDatabase,
  createTestDatabaseFrom,
  postgresTemplate,
  readTarball,
  renameTestDatabase,
  testEngine,
} from "@sightline/db/testing";
import { inject } from "vitest";
import { accountClientFor } from "../features/instagram/index.ts";
import { createTestApp, type TestApp } from "./create-test-app.ts";
import { createVerifiedUser, setPersonalPlan } from "./factories.ts";
import { createHttpClient, type HttpClient } from "./http-client.ts";
import { connectSandboxAccount } from "./instagram.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** A folder for this run's synced-account snapshots (scripts/integration-setup.ts). */
    snapshotDir: string;
    /** Prefix of this run's PostgreSQL snapshot databases, dropped after the run. */
    snapshotDatabasePrefix: string;
  }
}

export type SyncedAccount = {
  testApp: TestApp;
  /** Signed in as the account's owner. */
  client: HttpClient;
  email: string;
  password: string;
  connection: InstagramConnection;
  /**
   * The one instant at which the snapshot's sync read Instagram (epoch ms): its app and sandbox
   * ran on a clock stopped there, so every figure it stored is the sandbox's answer at that
   * instant. A file whose own clock starts here finds the stored figures equal to the sandbox's.
   */
  syncedAt: number;
};

type Account = { username: string; login: "instagram" | "facebook" };

type SnapshotMeta = {
  email: string;
  password: string;
  key: string;
  connection: InstagramConnection;
  postgres?: string;
  syncedAt: number;
};

/*
 * What `createVerifiedUser` + `connectSandboxAccount` + waiting for the first sync leave behind,
 * made once per test run and account, and copied for each test file that only needs a synced
 * account (CI time, issue 27). The sandbox's world depends only on its seed and the UTC day, so
 * the copy matches a fresh sandbox of the same day; the day is part of the snapshot's key.
 * Tests that are about connecting or syncing keep doing it themselves.
 */

async function buildSnapshot(account: Account, dir: string, key: string): Promise<SnapshotMeta> {
  const encryptionKey = randomBytes(32);
  const engine = testEngine();
  let postgres: { url: string; name: string } | undefined;
  let database: Awaited<ReturnType<typeof createTestDatabaseFrom>> | undefined;
  if (engine === "postgres") {
    const scratch = await createScratchPostgresDatabase({
      template: await postgresTemplate(process.env.TEST_DATABASE_URL ?? ""),
    });
    const built = await createDb({ databaseUrl: scratch.url, poolSize: 4 });
    postgres = { url: scratch.url, name: new URL(scratch.url).pathname.slice(1) };
    database = built;
  }
  // One stopped clock for the app and the sandbox: a post's figures grow with its age, and a
  // sync at real time would read its first posts and its last ones seconds apart.
  const syncedAt = Date.now();
  const testApp = await createTestApp({
    encryptionKeys: [{ id: "test", key: encryptionKey }],
    ...(database ? { database } : {}),
    now: () => syncedAt,
    sandboxClock: () => syncedAt,
  });
  const user = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, user.client, account);
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  const meta: SnapshotMeta = {
    email: user.email,
    password: user.password,
    key: encryptionKey.toString("hex"),
    connection,
    syncedAt,
  };
  if (engine === "pglite") {
    const dump = await testApp.database.pglite!.dumpDataDir("none");
    await testApp.close();
    writeFileSync(path.join(dir, `${key}.tar`), new Uint8Array(await dump.arrayBuffer()));
  } else {
    await testApp.close();
    const target = `${inject("snapshotDatabasePrefix")}${key.replace(/[^a-z0-9]/g, "_")}`;
    await renameTestDatabase(postgres!.name, target);
    meta.postgres = target;
  }
  return meta;
}

/** The snapshot for `account`: built by the first file that asks, waited for by the others. */
async function snapshotFor(account: Account): Promise<{ meta: SnapshotMeta; tarball: string }> {
  const dir = inject("snapshotDir");
  if (!dir)
    throw new Error(
      "no snapshotDir: scripts/integration-setup.ts is not this project's globalSetup",
    );
  const day = new Date().toISOString().slice(0, 10);
  const key = `${testEngine()}-${account.username}-${account.login}-${day}`;
  const metaFile = path.join(dir, `${key}.json`);
  const tarball = path.join(dir, `${key}.tar`);
  const lockFile = path.join(dir, `${key}.lock`);
  const deadline = Date.now() + 600_000;
  while (!existsSync(metaFile)) {
    let lock: number | undefined;
    try {
      lock = openSync(lockFile, "wx");
    } catch {
      // another file is building it: wait for its meta file
    }
    if (lock !== undefined) {
      closeSync(lock);
      const meta = await buildSnapshot(account, dir, key);
      const temp = `${metaFile}.${process.pid}`;
      writeFileSync(temp, JSON.stringify(meta));
      renameSync(temp, metaFile);
      return { meta, tarball };
    }
    if (Date.now() > deadline) throw new Error(`the snapshot ${key} was not made in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { meta: JSON.parse(readFileSync(metaFile, "utf8")) as SnapshotMeta, tarball };
}

/**
 * A test app whose database already holds a verified user with `account` connected and synced
 * once, as `createVerifiedUser` + `connectSandboxAccount` + `queue.idle()` would leave it, and a
 * client signed in as that user. Options are createTestApp's.
 *
 * The copy's sandbox is a fresh one: the same demo world, but no consent given in it yet, so
 * control calls and `sandbox.issueToken` that name no space act on the shared world, not the
 * user's copy; name it (`space: connection.user_id`, the user's id, decision 015).
 */
export async function createTestAppWithSyncedAccount(
  account: Account,
  {
    plan,
    webhooks,
    ...options
  }: Omit<Parameters<typeof createTestApp>[0] & object, "database" | "encryptionKeys"> & {
    /** The personal workspace's plan (Free, as after sign-up, when not given). */
    plan?: PlanId;
    /**
     * Subscribe the account's webhooks at the sandbox again, as connecting did: the fresh
     * sandbox knows no subscription, and a simulated comment or message would not reach the app.
     */
    webhooks?: boolean;
  } = {},
): Promise<SyncedAccount> {
  const { meta, tarball } = await snapshotFor(account);
  const database = await createTestDatabaseFrom(
    meta.postgres ? { postgres: meta.postgres } : { pglite: readTarball(tarball) },
  );
  const testApp = await createTestApp({
    ...options,
    database,
    encryptionKeys: [{ id: "test", key: Buffer.from(meta.key, "hex") }],
  });
  if (plan) await setPersonalPlan(testApp, meta.email, plan);
  if (webhooks) {
    const row = await findInstagramConnection(
      testApp.database.db,
      meta.connection.workspace_id,
      meta.connection.instagram_id,
    );
    await accountClientFor(testApp.instagramContext, row!).subscribeWebhooks([
      "comments",
      "messages",
    ]);
  }
  const client = createHttpClient(testApp.app);
  const signIn = await client.post("/api/auth/sign-in/email", {
    email: meta.email,
    password: meta.password,
  });
  if (signIn.status !== 200) {
    throw new Error(`sign-in as the snapshot's user: ${signIn.status} ${await signIn.text()}`);
  }
  return {
    testApp,
    client,
    email: meta.email,
    password: meta.password,
    connection: meta.connection,
    syncedAt: meta.syncedAt,
  };
}

/**
 * The instant the snapshot of `account` was synced at (SyncedAccount.syncedAt), made first if no
 * file has asked for it yet: a file that starts its own clock there before its app exists.
 */
export async function syncedAccountInstant(account: Account): Promise<number> {
  return (await snapshotFor(account)).meta.syncedAt;
}
