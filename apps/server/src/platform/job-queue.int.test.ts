import { createTestDatabase, type TestDatabase } from "@sightline/db/testing";
import { sql } from "drizzle-orm";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { createLogger } from "../lib/logger.ts";
import { createTestApp } from "../testing/create-test-app.ts";
import { createJobQueue, defineJob, type JobQueue } from "./job-queue.ts";

describe("the app's job queue", () => {
  it("is one pg-boss instance: the radar jobs run on the Instagram feature's queue", async () => {
    const start = vi.spyOn(PgBoss.prototype, "start");
    const testApp = await createTestApp();
    try {
      // A second instance would add its own supervisor, cron loop and (PostgreSQL) connections.
      expect(start).toHaveBeenCalledTimes(1);
    } finally {
      start.mockRestore();
      await testApp.close();
    }
  }, 60_000);
});

describe("JobQueue.attach", () => {
  type Base = { label: "base"; seen: string[] };
  type Other = { label: "other"; seen: string[] };
  const seen: string[] = [];
  let release: (() => void) | undefined;
  const baseJob = defineJob<{ n: number }, Base>({
    name: "test-attach-base",
    version: 1,
    schema: z.object({ n: z.number() }),
    async run(payload, ctx) {
      ctx.seen.push(`${ctx.label}:${payload.n}`);
    },
  });
  const otherJob = defineJob<{ n: number }, Other>({
    name: "test-attach-other",
    version: 1,
    schema: z.object({ n: z.number() }),
    async run(payload, ctx) {
      ctx.seen.push(`${ctx.label}:${payload.n}`);
    },
  });
  const slowBaseJob = defineJob<Record<string, never>, Base>({
    name: "test-attach-slow-base",
    version: 1,
    schema: z.object({}),
    async run(_payload, ctx) {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      ctx.seen.push(`${ctx.label}:slow`);
    },
  });

  let database: TestDatabase;
  let queue: JobQueue<Base>;
  let attached: JobQueue<Other>;
  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await createJobQueue<Base>({
      database,
      logger: createLogger("silent", false),
      jobs: [baseJob, slowBaseJob],
      context: { label: "base", seen },
    });
    attached = await queue.attach([otherJob], { label: "other", seen });
  }, 60_000);
  afterAll(async () => {
    await queue?.stop();
    await database?.close();
  });

  it("runs each job with the context it was declared for", async () => {
    await attached.send(otherJob, { n: 1 });
    await queue.send(baseJob, { n: 2 });
    await attached.idle({ timeoutMs: 20_000 });
    await queue.idle({ timeoutMs: 20_000 });
    expect(seen).toContain("other:1");
    expect(seen).toContain("base:2");
    expect(seen).not.toContain("base:1");
    expect(seen).not.toContain("other:2");
  });

  it("waits in idle() for its own jobs only", async () => {
    await queue.send(slowBaseJob, {});
    await attached.send(otherJob, { n: 3 });
    // The attached handle is idle once its job ran, while the base queue's slow job still runs.
    await attached.idle({ timeoutMs: 20_000 });
    expect(seen).toContain("other:3");
    await expect(queue.idle({ timeoutMs: 600 })).rejects.toThrow(/still running/);
    await vi.waitFor(() => expect(release).toBeDefined(), { timeout: 20_000 });
    release?.();
    await queue.idle({ timeoutMs: 20_000 });
    expect(seen).toContain("base:slow");
  });

  it("counts in idle() a job this process is still sending", async () => {
    // A webhook's answer does not wait for its drain request's insert: a test that waits for the
    // sandbox's delivery and then for idle() must still find the drain's work done.
    const send = PgBoss.prototype.send;
    const slowSend = vi.spyOn(PgBoss.prototype, "send").mockImplementation(async function (
      this: PgBoss,
      ...args: Parameters<PgBoss["send"]>
    ) {
      await new Promise((resolve) => setTimeout(resolve, 400));
      return (send as (...a: typeof args) => ReturnType<PgBoss["send"]>).apply(this, args);
    });
    try {
      const sent = queue.send(baseJob, { n: 5 });
      await queue.idle({ timeoutMs: 20_000 });
      expect(seen).toContain("base:5");
      await sent;
    } finally {
      slowSend.mockRestore();
    }
  });

  it("leaves stopping to whoever created the queue", async () => {
    await attached.stop();
    await attached.send(otherJob, { n: 4 });
    await attached.idle({ timeoutMs: 20_000 });
    expect(seen).toContain("other:4");
  });
});

describe("a queue whose jobs run many at once (one fetch loop)", () => {
  type Ctx = { gates: Map<string, () => void>; done: string[]; running: () => number };
  let running = 0;
  let most = 0;
  const gates = new Map<string, () => void>();
  const done: string[] = [];
  /** Waits until the test opens its gate when `hold` is set; counts how many run at once. */
  const manyJob = defineJob<{ id: string; hold: boolean }, Ctx>({
    name: "test-many-at-once",
    version: 1,
    schema: z.object({ id: z.string(), hold: z.boolean() }),
    retryLimit: 0,
    concurrency: 2,
    dueCheckSeconds: 1,
    async run(payload) {
      running += 1;
      most = Math.max(most, running);
      try {
        if (payload.hold) {
          await new Promise<void>((resolve) => {
            gates.set(payload.id, resolve);
          });
        }
        done.push(payload.id);
      } finally {
        running -= 1;
      }
    },
  });
  /** Found by the 30-s poll only, unless sending it wakes the loop. */
  const nowJob = defineJob<{ id: string }, Ctx>({
    name: "test-many-at-once-now",
    version: 1,
    schema: z.object({ id: z.string() }),
    concurrency: 2,
    async run(payload) {
      done.push(payload.id);
    },
  });
  const failingJob = defineJob<Record<string, never>, Ctx>({
    name: "test-many-at-once-failing",
    version: 1,
    schema: z.object({}),
    retryLimit: 0,
    concurrency: 2,
    async run() {
      throw new Error("the job's own failure");
    },
  });

  let database: TestDatabase;
  let queue: JobQueue<Ctx>;
  beforeAll(async () => {
    database = await createTestDatabase();
    queue = await createJobQueue<Ctx>({
      database,
      logger: createLogger("silent", false),
      jobs: [manyJob, nowJob, failingJob],
      context: { gates, done, running: () => running },
    });
  }, 60_000);
  afterAll(async () => {
    for (const open of gates.values()) open();
    await queue?.stop();
    await database?.close();
  });

  it("runs a job sent for now at once, not at the next poll (30 s here)", async () => {
    const sent = performance.now();
    await queue.send(nowJob, { id: "now" });
    await vi.waitFor(() => expect(done).toContain("now"), { timeout: 5_000, interval: 20 });
    expect(performance.now() - sent).toBeLessThan(5_000);
  });

  it("keeps fetching while jobs it fetched are still running", async () => {
    // Two held jobs, fetched one after the other: pg-boss's two batch loops (concurrency 2) each
    // waited for its batch, so nothing else was fetched until one of them finished.
    for (const id of ["slow-1", "slow-2"]) {
      await queue.send(manyJob, { id, hold: true });
      await vi.waitFor(() => expect(gates.has(id)).toBe(true), { timeout: 5_000, interval: 20 });
    }
    for (let n = 0; n < 5; n++) await queue.send(manyJob, { id: `fast-${n}`, hold: false });
    await vi.waitFor(() => expect(done.filter((id) => id.startsWith("fast-"))).toHaveLength(5), {
      timeout: 5_000,
      interval: 20,
    });
    expect(done).not.toContain("slow-1");
    gates.get("slow-1")?.();
    gates.get("slow-2")?.();
    await queue.idle({ timeoutMs: 20_000 });
    expect(done).toEqual(expect.arrayContaining(["slow-1", "slow-2"]));
  });

  it("runs at most ten per unit of concurrency at once, and the rest as slots free", async () => {
    most = 0;
    for (let n = 0; n < 25; n++) await queue.send(manyJob, { id: `held-${n}`, hold: true });
    await vi.waitFor(() => expect(running).toBe(20), { timeout: 10_000, interval: 20 });
    // Give the loop time to (wrongly) take more.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(running).toBe(20);
    for (let n = 0; n < 25; n++) {
      await vi.waitFor(() => expect(gates.has(`held-${n}`)).toBe(true), { timeout: 10_000 });
      gates.get(`held-${n}`)?.();
    }
    await queue.idle({ timeoutMs: 20_000 });
    expect(done.filter((id) => id.startsWith("held-"))).toHaveLength(25);
    expect(most).toBe(20);
  });

  it("records a job's failure with pg-boss (not retried past its limit)", async () => {
    const id = await queue.send(failingJob, {});
    await queue.idle({ timeoutMs: 20_000 });
    const { rows } = (await database.db.execute(
      sql`select state, output from pgboss.job where id = ${id}`,
    )) as unknown as { rows: Array<{ state: string; output: unknown }> };
    expect(rows[0]).toMatchObject({
      state: "failed",
      output: { message: "the job's own failure" },
    });
  });
});
