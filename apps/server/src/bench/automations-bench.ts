/*
 * Automations benchmark (run by `npm run bench automations` through scripts/bench.mjs; not a test):
 *   latency  a sandbox comment containing the keyword → signed webhook → stored → the rule's
 *            private reply answered by the sandbox (the action row `sent`), p50/p95 over
 *            BENCH_COMMENTS (30), beside the same comments' webhook → stored in the inbox (the
 *            baseline: what the inbox already pays)
 *   burst    BENCH_BURST (1,000) matching comments at once: the time to evaluate and queue them
 *            all, then the drain at the configured pace on a moved clock (simulated hours, real
 *            CPU), with duplicates (a second private reply Instagram refused) and lost (an acted
 *            run without a sent private reply) counted
 * PostgreSQL when TEST_DATABASE_URL is set (SIGHTLINE_TEST_DB=postgres), else PGlite.
 */

import { setWorkspacePlan } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { drainAutomationActions } from "../features/automations/index.ts";
import { createTestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";
import { connectSandboxAccount } from "../testing/instagram.ts";
import { percentile, timesBaseline } from "./baseline.ts";

const ms = (value: number) => `${value.toFixed(0)} ms`;
const sleep = (time: number) => new Promise((resolve) => setTimeout(resolve, time));

let offset = 0;
const now = () => Date.now() + offset;
const limits = {
  privateRepliesPerHour: 750,
  dmsPerHour: 200,
  publicRepliesPerHour: 200,
  perSecond: 5,
};
const testApp = await createTestApp({ now, sandboxClock: now, automationLimits: limits });
try {
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 300_000 });
  const db = testApp.database.db;
  await setWorkspacePlan(db, connection.workspace_id, "pro", null, new Date());
  const space = connection.user_id;
  const created = await client.post("/api/automations", {
    name: "Bench",
    trigger: { kind: "comment", keywords: { mode: "any", words: ["link"] } },
    actions: { privateReply: { text: "Here is the link" } },
  });
  if (created.status !== 201) throw new Error(`create rule: ${created.status}`);

  const row = async (sql: string) =>
    ((await db.execute(sql)) as unknown as { rows: Array<Record<string, unknown>> }).rows[0];

  // Latency: one comment at a time, polled every 5 ms.
  const comments = Number(process.env.BENCH_COMMENTS ?? 30);
  const stored: number[] = [];
  const replied: number[] = [];
  for (let i = 0; i < comments; i++) {
    const started = performance.now();
    const simulated = testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: `link ${i}`,
      space,
    });
    if (!simulated) continue;
    let storedAt: number | undefined;
    for (;;) {
      if (
        storedAt === undefined &&
        (await row(`select 1 from instagram_comments where ig_comment_id = '${simulated.id}'`))
      ) {
        storedAt = performance.now() - started;
      }
      const action = await row(
        `select a.status from automation_actions a join automation_runs r on r.id = a.run_id
         where r.source_id = '${simulated.id}'`,
      );
      const run = await row(
        `select outcome from automation_runs where source_id = '${simulated.id}'`,
      );
      if (run?.outcome === "skipped") break; // the same person on the same post again
      if (action?.status === "sent" || action?.status === "failed") {
        if (storedAt !== undefined) stored.push(storedAt);
        replied.push(performance.now() - started);
        break;
      }
      if (performance.now() - started > 30_000) {
        throw new Error(
          `no private reply in 30 s: ${JSON.stringify({ storedAt, action, run, events: await row("select count(*)::int as n, count(processed_at)::int as done from instagram_webhook_events") })}`,
        );
      }
      await sleep(5);
    }
  }

  // Burst: N matching comments at once, then the paced drain on a moved clock.
  const burst = Number(process.env.BENCH_BURST ?? 1000);
  offset += 2 * 3_600_000;
  const queuedStarted = performance.now();
  for (let i = 0; i < burst; i++) {
    testApp.sandbox!.simulateComment({ username: "lena.makes", text: `LINK please ${i}`, space });
  }
  await testApp.sandbox!.idle();
  await testApp.instagramContext.queue.idle({ timeoutMs: 900_000 });
  await testApp.automationsContext.queue.idle({ timeoutMs: 900_000 });
  const queuedSeconds = (performance.now() - queuedStarted) / 1000;
  const burstStart = now();
  const drainStarted = performance.now();
  let steps = 0;
  for (;;) {
    await drainAutomationActions(testApp.automationsContext);
    const waiting = await row(
      "select count(*)::int as n from automation_actions where status in ('queued', 'sending')",
    );
    if (Number(waiting?.n ?? 0) === 0) break;
    // Move the clock to the next due action, or a second on when the per-second ceiling held it.
    const next = await row(
      "select min(due_at) as due from automation_actions where status in ('queued', 'sending')",
    );
    const due = new Date(String(next?.due)).getTime();
    offset += Math.max(1000, due - now());
    steps++;
    if (steps > 100_000) throw new Error("the burst did not drain");
  }
  const drainCpuSeconds = (performance.now() - drainStarted) / 1000;
  const simulatedMinutes = (now() - burstStart) / 60_000;
  const counts = await row(`
    select count(*) filter (where r.outcome = 'acted')::int as acted,
      count(*) filter (where r.outcome = 'skipped')::int as skipped,
      count(a.id) filter (where a.status = 'sent')::int as sent,
      count(a.id) filter (where a.status = 'failed')::int as failed,
      count(*) filter (where r.outcome = 'acted' and (a.id is null or a.status <> 'sent'))::int as lost,
      count(a.id) filter (where a.reason like 'Already replied%')::int as duplicates
    from automation_runs r left join automation_actions a on a.run_id = r.id
    where r.text like 'LINK please %'`);

  const engine = testEngine();
  console.info(`\nautomations (${engine}): @lena.makes on Pro, one comment rule (private reply)`);
  console.info(
    `  baseline webhook → comment stored   p50 ${ms(percentile(stored, 0.5))}  p95 ${ms(percentile(stored, 0.95))}  (${stored.length} comments)`,
  );
  console.info(
    `  webhook → private reply sent        p50 ${ms(percentile(replied, 0.5))}  p95 ${ms(percentile(replied, 0.95))}  ${timesBaseline(percentile(replied, 0.5), percentile(stored, 0.5))} at p50, ${timesBaseline(percentile(replied, 0.95), percentile(stored, 0.95))} at p95  (target p95 < 2,000 ms)`,
  );
  console.info(
    `  burst of ${burst}: evaluated and queued in ${queuedSeconds.toFixed(1)} s; drained in ${simulatedMinutes.toFixed(0)} simulated minutes at ${limits.privateRepliesPerHour}/h (${drainCpuSeconds.toFixed(1)} s of work); acted ${counts?.acted}, skipped ${counts?.skipped} (same person, same post), sent ${counts?.sent}, failed ${counts?.failed}, duplicates ${counts?.duplicates}, lost ${counts?.lost}`,
  );
} finally {
  await testApp.close();
}
