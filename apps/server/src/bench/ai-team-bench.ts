/*
 * AI team benchmark (run by `npm run bench ai-team` through scripts/bench.mjs; not a test):
 * GET /api/ai-team for @lena.makes on Pro with the built-in engine (no model), after its first
 * sync:
 *   cold  no stored report, so every role's facts are computed and worded now (the first read of
 *         a day), median and slowest of BENCH_RUNS (7)
 *   warm  every report stored and fresh (the reads of the rest of the day), p50/p95 of 50
 * beside a `SELECT 1` through the same pool (the baseline). PostgreSQL when TEST_DATABASE_URL is
 * set (SIGHTLINE_TEST_DB=postgres), else PGlite.
 */

import { setWorkspacePlan } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { createTestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";
import { connectSandboxAccount } from "../testing/instagram.ts";
import { percentile, selectOneBaseline, timesBaseline } from "./baseline.ts";

const ms = (value: number) => `${value.toFixed(1)} ms`;

const testApp = await createTestApp();
try {
  const { client } = await createVerifiedUser(testApp);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 300_000 });
  const db = testApp.database.db;
  await setWorkspacePlan(db, connection.workspace_id, "pro", null, new Date());

  const read = async () => {
    const started = performance.now();
    const response = await client.get("/api/ai-team");
    if (response.status !== 200) throw new Error(`GET /api/ai-team: ${response.status}`);
    const body = (await response.json()) as { roles: Array<{ status: string }> };
    return { ms: performance.now() - started, roles: body.roles.length };
  };

  const runs = Number(process.env.BENCH_RUNS ?? 7);
  const cold: number[] = [];
  let roles = 0;
  for (let i = 0; i < runs; i++) {
    await db.execute("delete from ai_team_reports");
    const result = await read();
    cold.push(result.ms);
    roles = result.roles;
  }
  const warm: number[] = [];
  for (let i = 0; i < 53; i++) {
    const result = await read();
    if (i >= 3) warm.push(result.ms);
  }
  const baseline = await selectOneBaseline(db);
  const engine = testEngine();
  console.info(`\nai-team (${engine}): GET /api/ai-team, @lena.makes on Pro, ${roles} roles`);
  console.info(`  baseline SELECT 1      p50 ${ms(baseline)}`);
  console.info(
    `  cold (computed now)    p50 ${ms(percentile(cold, 0.5))}  max ${ms(Math.max(...cold))}  ${timesBaseline(percentile(cold, 0.5), baseline)}  (${runs} runs)`,
  );
  console.info(
    `  warm (stored, fresh)   p50 ${ms(percentile(warm, 0.5))}  p95 ${ms(percentile(warm, 0.95))}  ${timesBaseline(percentile(warm, 0.5), baseline)}  (50 runs)`,
  );
} finally {
  await testApp.close();
}
