import { createTestDatabase, type TestDatabase } from "@sightline/db/testing";
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

  it("leaves stopping to whoever created the queue", async () => {
    await attached.stop();
    await attached.send(otherJob, { n: 4 });
    await attached.idle({ timeoutMs: 20_000 });
    expect(seen).toContain("other:4");
  });
});
