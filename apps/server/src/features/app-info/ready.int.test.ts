import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { testEngine } from "@sightline/db/testing";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../platform/storage.ts";
import {
  createTestApp,
  cutOffDatabase,
  TEST_PUBLIC_URL,
  type TestApp,
} from "../../testing/create-test-app.ts";

/*
 * GET /api/ready (issue 28 point 5, decision 031): 200 only when the database answers, every
 * migration is applied, storage takes a write and the job queue runs; otherwise 503 naming the
 * checks that failed, and nothing else (no error text, connection string or stack).
 */

type Ready = { status: string; failed: string[]; checks: Record<string, string> };

async function ready(testApp: TestApp, headers: Record<string, string> = {}) {
  const response = await testApp.app.request(`${TEST_PUBLIC_URL}/api/ready`, { headers });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as Ready, text };
}

/** What no answer may hold: the secrets and internals a failure's message could carry. */
function expectNothingInternal(text: string) {
  expect(text).not.toMatch(/postgres(ql)?:\/\/|\bat .+:\d+:\d+|Error:|stack|\/tmp\//i);
}

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

describe(`GET /api/ready on ${testEngine()}`, () => {
  it("answers 200 when the database, migrations, storage and queue all answer, for any host", async () => {
    const answer = await ready(testApp);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      status: "ready",
      failed: [],
      checks: { database: "ok", migrations: "ok", storage: "ok", queue: "ok" },
    });
    // A load balancer probes the instance by its address, not by PUBLIC_URL's name.
    expect((await ready(testApp, { host: "10.0.3.7:3000" })).status).toBe(200);
    const response = await testApp.app.request("/api/ready");
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers 503 naming storage while its folder cannot be written, 200 once it can", async () => {
    rmSync(testApp.storageRoot, { recursive: true, force: true });
    writeFileSync(testApp.storageRoot, "a file where the storage folder should be");
    try {
      const answer = await ready(testApp);
      expect(answer.status).toBe(503);
      expect(answer.body.failed).toEqual(["storage"]);
      expect(answer.body.checks).toMatchObject({ storage: "failed", database: "ok" });
      expectNothingInternal(answer.text);
      expect(answer.text).not.toContain(testApp.storageRoot);
    } finally {
      rmSync(testApp.storageRoot, { force: true });
      mkdirSync(testApp.storageRoot);
    }
    expect((await ready(testApp)).status).toBe(200);
  });

  it("answers 503 naming migrations while the newest migration is not applied", async () => {
    const { rows } = (await testApp.database.db.execute(
      "delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations) returning hash, created_at::text as created_at",
    )) as unknown as { rows: Array<{ hash: string; created_at: string }> };
    const newest = rows[0]!;
    try {
      const answer = await ready(testApp);
      expect(answer.status).toBe(503);
      expect(answer.body.failed).toEqual(["migrations"]);
    } finally {
      await testApp.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest.hash}, ${newest.created_at}::bigint)`,
      );
    }
    expect((await ready(testApp)).status).toBe(200);
  });
});

describe(`GET /api/ready when a part stops, on ${testEngine()}`, () => {
  it("answers 503 naming the queue once the job queue is stopped", async () => {
    const separate = await createTestApp();
    try {
      expect((await ready(separate)).status).toBe(200);
      await separate.queue.stop();
      const answer = await ready(separate);
      expect(answer.status).toBe(503);
      expect(answer.body.failed).toEqual(["queue"]);
      expect(answer.body.checks).toMatchObject({ queue: "failed", database: "ok", storage: "ok" });
    } finally {
      await separate.close();
    }
  });

  it("answers 503 naming the database once it is closed, with nothing internal in the body", async () => {
    const separate = await createTestApp();
    await cutOffDatabase(separate);
    const answer = await ready(separate);
    expect(answer.status).toBe(503);
    expect(answer.body.failed).toContain("database");
    expect(answer.body.checks.database).toBe("failed");
    expectNothingInternal(answer.text);
    // The rest of the app is left as the database's end left it (as the health test does).
    await separate.queue.stop().catch(() => {});
    await separate.events.close();
  });

  it("bounds each check by its timeout: a storage that never answers reads as a timeout", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "sightline-hanging-storage-"));
    const local = createLocalStorage({
      root,
      signingSecret: "s".repeat(32),
      publicOrigin: TEST_PUBLIC_URL,
      now: Date.now,
    });
    const separate = await createTestApp({
      storage: { ...local, checkReady: () => new Promise<void>(() => {}) },
    });
    try {
      const started = performance.now();
      const answer = await ready(separate);
      const took = performance.now() - started;
      expect(answer.status).toBe(503);
      expect(answer.body.failed).toEqual(["storage"]);
      expect(answer.body.checks.storage).toBe("timeout");
      // The check's own 2 s, not the test's 30.
      expect(took).toBeGreaterThanOrEqual(1_900);
      expect(took).toBeLessThan(5_000);
    } finally {
      await separate.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("answers 503 naming shutdown once shutdown begins, while /api/health still answers", async () => {
    const separate = await createTestApp();
    try {
      expect((await ready(separate)).status).toBe(200);
      separate.lifecycle.beginShutdown();
      const answer = await ready(separate);
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({ status: "unavailable", failed: ["shutdown"], checks: {} });
      expect((await separate.app.request("/api/health")).status).toBe(200);
    } finally {
      await separate.close();
    }
  });
});
