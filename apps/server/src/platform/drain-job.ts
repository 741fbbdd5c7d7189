import { z } from "zod";
import { defineJob, type JobDefinition, type JobQueue } from "./job-queue.ts";

/** A drain's job: `{}` drains now; `{ at }` is a wake-up sent for later that then drains. */
export type DrainPayload = { at?: string | undefined };

/**
 * A queue of rows worked off by one drain (outgoing webhook deliveries, automation actions):
 * the job drains every due row and, when rows wait for later, sends itself `{ at }` for then.
 *
 * - Across processes the "stately" policy keeps one waiting and one running drain per key; a
 *   wake-up for later has its own key, so a waiting drain never holds back a later one.
 * - In one process, passes over the same database run one after another (`drain`): two at once
 *   would each read the same due rows. Each feature keeps its own last guard (claiming a row only
 *   if it is still as the pass read it).
 */
export function defineDrainJob<Context extends { db: object; queue: JobQueue<Context> }>(options: {
  name: string;
  /** One pass: works off what is due and answers how many rows it settled. */
  pass: (ctx: Context) => Promise<number>;
  /** How often the worker looks for wake-ups that became due (see JobDefinition). */
  dueCheckSeconds?: number;
}): { job: JobDefinition<DrainPayload, Context>; drain: (ctx: Context) => Promise<number> } {
  const running = new WeakMap<object, Promise<unknown>>();
  const drain = (ctx: Context): Promise<number> => {
    const pass = (running.get(ctx.db) ?? Promise.resolve()).then(() => options.pass(ctx));
    running.set(
      ctx.db,
      pass.catch(() => undefined),
    );
    return pass;
  };
  const job: JobDefinition<DrainPayload, Context> = defineJob<DrainPayload, Context>({
    name: options.name,
    version: 1,
    schema: z.object({ at: z.string().optional() }),
    policy: "stately",
    key: (payload) => (payload.at ? `at:${payload.at.slice(0, 19)}` : "drain"),
    retryLimit: 5,
    retryDelaySeconds: 5,
    ...(options.dueCheckSeconds !== undefined ? { dueCheckSeconds: options.dueCheckSeconds } : {}),
    async run(payload, ctx) {
      if (payload.at) {
        await ctx.queue.send(job, {});
        return;
      }
      await drain(ctx);
    },
  });
  return { job, drain };
}
