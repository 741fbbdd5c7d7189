import type { Database } from "@sightline/db";
import { fromPglite, type Job, PgBoss, type QueuePolicy } from "pg-boss";
import { z } from "zod";
import type { Logger } from "../lib/logger.ts";
import type { AppMetrics, QueueDepth } from "./metrics.ts";

/**
 * A job as the code declares it: one file per job (house rule 11). The payload is versioned:
 * a job sent by an older release carries its version, and `run` only ever sees the current
 * schema's shape (an unknown version fails loudly instead of running on a guess).
 */
export type JobDefinition<Payload, Context> = {
  /** Queue name, e.g. "instagram-sync-account". */
  name: string;
  version: number;
  schema: z.ZodType<Payload>;
  /**
   * pg-boss queue policy: "stately" keeps at most one waiting and one running job per
   * singleton key, so racing triggers (a webhook and the schedule) collapse into one run.
   */
  policy?: QueuePolicy;
  retryLimit?: number;
  retryDelaySeconds?: number;
  expireInSeconds?: number;
  /**
   * Jobs of this queue run at most this many times ten at once in one process (one fetch loop,
   * see startDispatcher; without it, one pg-boss worker runs batches of up to ten).
   */
  concurrency?: number;
  /**
   * How often the worker looks for jobs that became due (sent with a delay). Without it, jobs
   * sent for now wake the worker at once (LISTEN/NOTIFY) and delayed ones wait up to 30 s.
   */
  dueCheckSeconds?: number;
  /** Deterministic key of a payload (one queued job per key under "stately"/"singleton"). */
  key?: (payload: Payload) => string;
  run(payload: Payload, context: Context & JobRunContext): Promise<void>;
};

export type JobRunContext = { jobId: string; logger: Logger };

// biome-ignore lint/suspicious/noExplicitAny: a registry holds jobs of every payload type.
type AnyJob<Context> = JobDefinition<any, Context>;

export function defineJob<Payload, Context>(
  definition: JobDefinition<Payload, Context>,
): JobDefinition<Payload, Context> {
  return definition;
}

/** The payload of a job that takes none (a cron's daily prune): `{}` and nothing else. */
export const emptyPayload = z.object({}).strict() as unknown as z.ZodType<Record<string, never>>;

type Envelope = { v: number; data: unknown };

export type SendOptions = { startAfterSeconds?: number; startAt?: Date; key?: string };

export interface JobQueue<Context> {
  /** Enqueues; answers the job id, or null when a job with the same key is already waiting. */
  send<Payload>(
    job: JobDefinition<Payload, Context>,
    payload: Payload,
    options?: SendOptions,
  ): Promise<string | null>;
  /** Cron schedule (UTC) of a job with a fixed payload. */
  schedule<Payload>(
    job: JobDefinition<Payload, Context>,
    cron: string,
    payload: Payload,
  ): Promise<void>;
  /** Resolves when none of this handle's jobs is waiting (due now) or running (tests wait). */
  idle(options?: { timeoutMs?: number }): Promise<void>;
  /**
   * Adds the jobs of a feature built on another context (Trend Radar and Press Radar) to this
   * same queue: one pg-boss instance, one set of connections and pollers, each job run with the
   * context it was declared for. The answer sends, schedules and waits for those jobs only; its
   * `stop` does nothing (whoever created the queue stops it).
   */
  attach<Other>(jobs: readonly AnyJob<Other>[], context: Other): Promise<JobQueue<Other>>;
  stop(): Promise<void>;
}

/**
 * The app's one job queue (one pg-boss instance, one set of connections and pollers), built
 * once by the composition root. A feature gets a typed `handle` for its jobs while it is being
 * built (its context needs the queue to send), and the root `register`s the jobs with that
 * context afterwards: no context ever holds a queue set after the fact.
 */
export interface AppJobQueue {
  /** Sends, schedules and waits for these jobs only; sends work once they are registered. */
  handle<Context>(jobs: readonly AnyJob<Context>[]): JobQueue<Context>;
  /** Creates the jobs' queues and (unless `work` is off) their workers, run with `context`. */
  register<Context>(jobs: readonly AnyJob<Context>[], context: Context): Promise<void>;
  /**
   * Resolves when the queue is started (and not stopped) and its database answers pg-boss's own
   * schema query within `timeoutMs`; rejects otherwise (readiness, /api/ready).
   */
  check(timeoutMs: number): Promise<void>;
  /** Jobs queued, deferred and active per registered queue, read within `timeoutMs` (metrics). */
  depth(timeoutMs: number): Promise<QueueDepth[]>;
  stop(): Promise<void>;
}

/**
 * How long a stopping queue lets running jobs finish; pg-boss then fails what still runs ("pg-boss
 * shut down while active"), which puts it back in the queue for its retry on another instance.
 */
export const JOB_QUEUE_STOP_GRACE_MS = 10_000;

/**
 * The job queue on the app's own database (pg-boss 12): PGlite in the embedded default through
 * its in-process adapter, PostgreSQL with a small pool of its own. Workers run in this process.
 */
export async function startJobQueue(options: {
  database: Database;
  logger: Logger;
  /** Start workers (default true); a web-only instance could turn them off. */
  work?: boolean;
  /** Where each run's duration and failure are counted (decision 031). */
  metrics?: Pick<AppMetrics, "observeJob">;
}): Promise<AppJobQueue> {
  const { database, logger } = options;
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: "pglite", useListenNotify: true })
    : new PgBoss({
        connectionString: (database.pool!.options as { connectionString: string }).connectionString,
        max: 4,
        useListenNotify: true,
      });
  boss.on("error", (error) => logger.error({ err: error }, "job queue error"));
  let stopped = false;
  boss.on("stopped", () => {
    stopped = true;
  });
  await boss.start();

  const work = options.work !== false;
  // Jobs this process is running or still sending, by job name (idle() waits for a handle's own
  // jobs only). A send not yet stored counts: a webhook's answer does not wait for its drain
  // request's insert (CI of f32eaee).
  const running = new Map<string, Set<Promise<unknown>>>();
  // The fetch loops of the queues whose jobs run many at once (startDispatcher), by queue name.
  const dispatchers = new Map<string, Dispatcher>();
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    // The loops first: their jobs settle through pg-boss, which must still be running then.
    await Promise.all([...dispatchers.values()].map((loop) => loop.stop(JOB_QUEUE_STOP_GRACE_MS)));
    await boss.stop({ graceful: true, timeout: JOB_QUEUE_STOP_GRACE_MS });
  };
  const register = async <C>(jobs: readonly AnyJob<C>[], context: C) => {
    for (const job of jobs) if (!running.has(job.name)) running.set(job.name, new Set());
    await registerJobs(boss, logger, jobs, context, work, running, dispatchers, options.metrics);
  };
  const check = async (timeoutMs: number) => {
    if (stopped) throw new Error("the job queue is stopped");
    const version = await withTimeout(boss.schemaVersion(), timeoutMs, "the job queue");
    if (version === null) throw new Error("the job queue's schema is missing");
  };
  const depth = (timeoutMs: number) =>
    withTimeout(readDepth(boss, [...running.keys()]), timeoutMs, "the job queue's depth");
  const handle = <C>(jobs: readonly AnyJob<C>[]): JobQueue<C> => ({
    send: async (job, payload, sendOptions) => {
      const sent = sendJob(boss, job, payload, sendOptions);
      const inProcess = running.get(job.name);
      inProcess?.add(sent);
      const id = await sent.finally(() => inProcess?.delete(sent));
      // A job for now wakes this process's loop at once (pg-boss's NOTIFY wakes only its workers).
      if (id !== null && isDueNow(sendOptions)) dispatchers.get(job.name)?.wake();
      return id;
    },
    schedule: async (job, cron, payload) => {
      await boss.schedule(job.name, cron, { v: job.version, data: job.schema.parse(payload) });
    },
    idle: (idleOptions) => waitIdle(boss, jobs, running, idleOptions),
    attach: async (otherJobs, otherContext) => {
      await register(otherJobs, otherContext);
      return { ...handle(otherJobs), stop: async () => {} };
    },
    stop,
  });
  return { handle, register, check, depth, stop };
}

/** A queue of its own for these jobs (a second worker in the benchmarks, the queue's tests). */
export async function createJobQueue<Context>(options: {
  database: Database;
  logger: Logger;
  jobs: readonly AnyJob<Context>[];
  context: Context;
  work?: boolean;
}): Promise<JobQueue<Context>> {
  const queue = await startJobQueue(options);
  await queue.register(options.jobs, options.context);
  return queue.handle(options.jobs);
}

/** Creates each job's queue and (unless `work` is off) its worker; answers the running set. */
async function registerJobs<Context>(
  boss: PgBoss,
  logger: Logger,
  jobs: readonly AnyJob<Context>[],
  context: Context,
  work: boolean,
  running: Map<string, Set<Promise<unknown>>>,
  dispatchers: Map<string, Dispatcher>,
  metrics: Pick<AppMetrics, "observeJob"> | undefined,
): Promise<void> {
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      policy: job.policy ?? "standard",
      retryLimit: job.retryLimit ?? 3,
      retryDelay: job.retryDelaySeconds ?? 30,
      retryBackoff: true,
      expireInSeconds: job.expireInSeconds ?? 15 * 60,
      notify: true,
    });
    if (!work) continue;
    const runOne = async (entry: { id: string; data: Envelope }) => {
      const jobLogger = logger.child({ job: job.name, jobId: entry.id });
      const envelope = entry.data;
      if (envelope?.v !== job.version) {
        throw new Error(
          `${job.name}: payload version ${String(envelope?.v)} is not ${job.version}; no migration is defined`,
        );
      }
      const payload = job.schema.parse(envelope.data);
      const work = job.run(payload, { ...context, jobId: entry.id, logger: jobLogger });
      const runningOfJob = running.get(job.name)!;
      runningOfJob.add(work);
      try {
        await work;
      } catch (error) {
        jobLogger.warn({ err: error }, "job failed");
        throw error;
      } finally {
        runningOfJob.delete(work);
      }
    };
    /** Runs one fetched job and counts it; answers its outcome for pg-boss to record. */
    const runCounted = async (entry: { id: string; data: Envelope }) => {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        await runOne(entry);
        metrics?.observeJob(job.name, seconds(), "completed");
        return { id: entry.id, status: "completed" as const };
      } catch (error) {
        metrics?.observeJob(job.name, seconds(), "failed");
        return { id: entry.id, status: "failed" as const, output: failureOutput(error) };
      }
    };
    const concurrency = job.concurrency ?? 1;
    if (concurrency > 1) {
      dispatchers.set(
        job.name,
        startDispatcher(boss, logger, {
          name: job.name,
          slots: concurrency * BATCH_SIZE,
          pollMs: (job.dueCheckSeconds ?? NOTIFY_BACKSTOP_SECONDS) * 1000,
          expireMs: (job.expireInSeconds ?? 15 * 60) * 1000,
          run: runCounted,
        }),
      );
      continue;
    }
    // Batches of ten, each job settled on its own: a full batch means more is waiting, so the
    // worker fetches again at once instead of waiting for the next poll (a webhook burst).
    await boss.work<
      Envelope,
      unknown,
      {
        pollingIntervalSeconds: number;
        notifyPollingIntervalSeconds?: number;
        batchSize: number;
        burstWhenBatchFull: true;
        perJobResults: true;
      }
    >(
      job.name,
      {
        pollingIntervalSeconds: job.dueCheckSeconds ?? 2,
        ...(job.dueCheckSeconds !== undefined
          ? { notifyPollingIntervalSeconds: job.dueCheckSeconds }
          : {}),
        batchSize: BATCH_SIZE,
        burstWhenBatchFull: true,
        perJobResults: true,
      },
      async (entries) => Promise.all(entries.map(runCounted)),
    );
  }
}

/** Jobs a fetch takes at most (pg-boss's batch; a full one means more are waiting). */
const BATCH_SIZE = 10;
/** pg-boss's default poll of a NOTIFY-woken queue: delayed jobs are found within it. */
const NOTIFY_BACKSTOP_SECONDS = 30;

/** Whether a job sent with these options is due at once (not delayed into the future). */
function isDueNow(options: SendOptions = {}): boolean {
  if (options.startAfterSeconds !== undefined && options.startAfterSeconds > 0) return false;
  return options.startAt === undefined || options.startAt.getTime() <= Date.now();
}

/** A fetched job's attempt: pg-boss settles it only while that attempt still holds the job. */
type Attempt = { id: string; retryCount: number };

/** What pg-boss records for a failed job. */
function failureOutput(error: unknown): { message: string } {
  return { message: error instanceof Error ? error.message : String(error) };
}

type Dispatcher = {
  /** Fetch now (a job for now was sent from this process). */
  wake(): void;
  /** No more fetches; waits up to `graceMs` for running jobs, then fails the rest (retried). */
  stop(graceMs: number): Promise<void>;
};

/**
 * The one fetch loop of a queue whose jobs run many at once (decision 020, twentieth round).
 * pg-boss's `localConcurrency: N` runs N loops, each polling on its own: the publish queue's ten
 * fetched ten times a second on an idle server, and each loop waited for its whole batch, so one
 * slow job (a video's processing, up to a minute) held back the nine fetched with it. Here one
 * loop fetches as many jobs as there are free slots (up to ten at a time), runs each on its own
 * and settles it with pg-boss (complete or fail, fenced to the attempt it fetched). It fetches
 * again at once after a full fetch, or as soon as a slot frees when all are taken; otherwise
 * every `pollMs`, or sooner when this process sends a job for now (`wake`).
 */
function startDispatcher(
  boss: PgBoss,
  logger: Logger,
  options: {
    name: string;
    slots: number;
    pollMs: number;
    expireMs: number;
    run: (entry: Job<Envelope>) => Promise<{ status: "completed" | "failed"; output?: object }>;
  },
): Dispatcher {
  const { name, slots, pollMs, expireMs, run } = options;
  const running = new Map<string, { attempt: Attempt; done: Promise<void> }>();
  let stopping = false;
  let woken = false;
  let waitingForSlot = false;
  let endSleep: (() => void) | undefined;
  const wake = () => {
    woken = true;
    endSleep?.();
  };
  const settle = async (entry: Job<Envelope>, attempt: Attempt) => {
    const outcome = await withTimeout(run(entry), expireMs, `${name} job ${entry.id}`).catch(
      (error: unknown) => ({ status: "failed" as const, output: failureOutput(error) }),
    );
    try {
      if (outcome.status === "completed") await boss.complete(name, attempt);
      else await boss.fail(name, attempt, outcome.output ?? null);
    } catch (error) {
      // A job not settled stays active until it expires, then pg-boss retries or fails it.
      logger.warn({ err: error, job: name, jobId: entry.id }, "could not record a job's outcome");
    }
  };
  const loop = (async () => {
    while (!stopping) {
      woken = false;
      const free = slots - running.size;
      const asked = Math.min(free, BATCH_SIZE);
      let fetched = 0;
      if (asked > 0) {
        try {
          const entries = await boss.fetch<Envelope>(name, { batchSize: asked });
          fetched = entries.length;
          for (const entry of entries) {
            const attempt = { id: entry.id, retryCount: entry.retryCount };
            const done = settle(entry, attempt).finally(() => {
              running.delete(entry.id);
              if (waitingForSlot) wake();
            });
            running.set(entry.id, { attempt, done });
          }
        } catch (error) {
          if (!stopping) logger.error({ err: error, job: name }, "job queue fetch failed");
        }
      }
      if (stopping) break;
      // A full fetch: more may be due, so fetch again at once while a slot is free, or when one is.
      const full = asked > 0 && fetched === asked;
      waitingForSlot = full || asked === 0;
      if ((full && running.size < slots) || woken) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(finish, pollMs);
        function finish() {
          clearTimeout(timer);
          endSleep = undefined;
          resolve();
        }
        endSleep = finish;
      });
    }
  })();
  return {
    wake,
    stop: async (graceMs) => {
      stopping = true;
      endSleep?.();
      await loop;
      if (running.size === 0) return;
      const finished = Promise.allSettled([...running.values()].map((job) => job.done));
      const late = await withTimeout(finished, graceMs, `${name}'s running jobs`).then(
        () => false,
        () => true,
      );
      if (!late || running.size === 0) return;
      // As pg-boss does with its own workers' jobs at the end of its grace: failed, so retried.
      const left = [...running.values()].map((job) => job.attempt);
      await boss
        .fail(name, left, { message: "pg-boss shut down while active" })
        .catch((error: unknown) =>
          logger.warn({ err: error, job: name }, "could not fail the jobs still running at stop"),
        );
    },
  };
}

function sendJob<Payload, Context>(
  boss: PgBoss,
  job: JobDefinition<Payload, Context>,
  payload: Payload,
  sendOptions: SendOptions = {},
): Promise<string | null> {
  const data = job.schema.parse(payload);
  const key = sendOptions.key ?? job.key?.(data);
  return boss.send(job.name, { v: job.version, data } satisfies Envelope, {
    ...(key !== undefined ? { singletonKey: key } : {}),
    ...(sendOptions.startAfterSeconds !== undefined
      ? { startAfter: sendOptions.startAfterSeconds }
      : {}),
    ...(sendOptions.startAt !== undefined ? { startAfter: sendOptions.startAt } : {}),
  });
}

async function waitIdle(
  boss: PgBoss,
  jobs: readonly { name: string }[],
  running: Map<string, Set<Promise<unknown>>>,
  { timeoutMs = 30_000 }: { timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let quietReads = 0;
  while (quietReads < 2) {
    if (Date.now() > deadline) throw new Error(`jobs still running after ${timeoutMs} ms`);
    const waiting = await countDueOrActive(boss, jobs);
    const inProcess = jobs.reduce((sum, job) => sum + (running.get(job.name)?.size ?? 0), 0);
    quietReads = waiting === 0 && inProcess === 0 ? quietReads + 1 : 0;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function countDueOrActive(boss: PgBoss, jobs: readonly { name: string }[]): Promise<number> {
  // Jobs delayed into the future (a token refresh weeks ahead) do not count as work to wait for.
  const { rows } = await boss
    .getDb()
    .executeSql(
      `select count(*)::int as n from pgboss.job where name = any($1::text[]) and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
      [jobs.map((job) => job.name)],
    );
  return Number(rows[0]?.n ?? 0);
}

function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * Counts straight from pg-boss's job table (its own per-queue counts are refreshed only by its
 * monitor, once a minute): jobs not yet started, split by whether they are due, and running ones.
 * Every registered queue is answered, with zeros, so "none waiting" reads as 0, not as absent.
 */
async function readDepth(boss: PgBoss, queues: string[]): Promise<QueueDepth[]> {
  if (queues.length === 0) return [];
  const { rows } = await boss.getDb().executeSql(
    `select name,
        count(*) filter (where state in ('created', 'retry') and start_after <= now())::int as queued,
        count(*) filter (where state in ('created', 'retry') and start_after > now())::int as deferred,
        count(*) filter (where state = 'active')::int as active
      from pgboss.job
      where name = any($1::text[]) and state in ('created', 'retry', 'active')
      group by name`,
    [queues],
  );
  const byQueue = new Map(
    (rows as Array<{ name: string; queued: number; deferred: number; active: number }>).map(
      (row) => [row.name, row],
    ),
  );
  return queues.flatMap((queue) => {
    const row = byQueue.get(queue);
    return (["queued", "deferred", "active"] as const).map((state) => ({
      queue,
      state,
      jobs: Number(row?.[state] ?? 0),
    }));
  });
}
