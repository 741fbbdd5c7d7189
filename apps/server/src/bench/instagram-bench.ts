/*
 * Instagram benchmarks (run by `npm run bench` through scripts/bench.mjs; not tests):
 *   webhook-ingest      signed webhook deliveries per second over HTTP and their acknowledgement
 *                       latency, then a check that every one was stored exactly once
 *   webhook-to-browser  a sandbox comment → signed webhook → stored → job → NOTIFY → the user's
 *                       open /api/realtime stream, p50/p95 over 40 events
 *   first-sync          the first full sync of @lena.makes (the largest demo account): time,
 *                       Graph calls and rows
 * Uses PostgreSQL when TEST_DATABASE_URL is set (SIGHTLINE_TEST_DB=postgres), else PGlite.
 */
import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { serve } from "@hono/node-server";
import { countSyncedRows } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";
import { connectSandboxAccount, sandboxControl } from "../testing/instagram.ts";
import { frames } from "../testing/sse.ts";

const wanted = process.argv.slice(2);
const run = (name: string) => wanted.length === 0 || wanted.includes(name);
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;
const ms = (value: number) => `${value.toFixed(1)} ms`;

async function listen(testApp: TestApp) {
  const server = serve({ fetch: testApp.app.fetch, port: 0, hostname: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

const loadGenerator = `
const { parentPort, workerData } = require("node:worker_threads");
const { createHmac } = require("node:crypto");
const { url, secret, total, concurrency } = workerData;
const latencies = [];
let next = 0;
let failed = 0;
async function worker() {
  while (next < total) {
    const index = next++;
    const body = JSON.stringify({
      object: "instagram",
      entry: [{ id: "17841400000000001", time: Math.floor(Date.now() / 1000) + index,
        changes: [{ field: "comments", value: { id: String(9000000 + index), text: "bench " + index, media: { id: "1" } } }] }],
    });
    const signature = "sha256=" + createHmac("sha256", secret).update(body).digest("hex");
    const sent = performance.now();
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
    if (response.status !== 200) failed++;
  }
}
const started = performance.now();
Promise.all(Array.from({ length: concurrency }, worker)).then(() =>
  parentPort.postMessage({ latencies, failed, seconds: (performance.now() - started) / 1000 }),
);
`;

async function webhookIngest() {
  const testApp = await createTestApp({ env: { ALLOWED_HOSTS: "127.0.0.1" } });
  const server = await listen(testApp);
  const secret = testApp.instagram.instagramAppSecret!;
  const total = Number(process.env.BENCH_WEBHOOKS ?? 5000);
  const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 16);
  // The load comes from a worker thread: its own event loop, so the server's loop measures only
  // the server's work.
  const worker = new Worker(loadGenerator, {
    eval: true,
    workerData: { url: `${server.url}/webhooks/instagram`, secret, total, concurrency },
  });
  const { latencies, failed, seconds } = await new Promise<{
    latencies: number[];
    failed: number;
    seconds: number;
  }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  await worker.terminate();
  await testApp.instagramContext.queue.idle({ timeoutMs: 300_000 });
  const stored = (await testApp.database.db.execute(
    "select count(*)::int as n, count(processed_at)::int as processed from instagram_webhook_events",
  )) as unknown as { rows: Array<{ n: number; processed: number }> };
  console.info(
    `webhook-ingest (${testEngine()}, ${total} deliveries, ${concurrency} at a time over HTTP): ${(total / seconds).toFixed(0)}/s, ack p50 ${ms(percentile(latencies, 0.5))} p95 ${ms(percentile(latencies, 0.95))}, refused ${failed}, stored ${stored.rows[0]!.n}, processed ${stored.rows[0]!.processed}`,
  );
  await server.close();
  await testApp.close();
}

async function webhookToBrowser() {
  const testApp = await createTestApp({ env: { ALLOWED_HOSTS: "127.0.0.1" } });
  const server = await listen(testApp);
  const { client } = await createVerifiedUser(testApp);
  await connectSandboxAccount(testApp, client, { username: "lena.makes", login: "instagram" });
  await testApp.instagramContext.queue.idle({ timeoutMs: 300_000 });
  const cookie = [...client.cookies].map(([key, value]) => `${key}=${value}`).join("; ");
  const stream = await fetch(`${server.url}/api/realtime`, {
    headers: { cookie, origin: TEST_PUBLIC_URL },
  });
  const events = frames(stream);
  await new Promise((resolve) => setTimeout(resolve, 100));
  const samples: number[] = [];
  for (let i = 0; i < 40; i++) {
    const started = performance.now();
    await sandboxControl(testApp, "/simulate/comment", {
      username: "lena.makes",
      text: `bench comment ${i}`,
    });
    for (;;) {
      const frame = await events.next(5_000);
      if (frame.event === "instagram-comment:created") break;
    }
    samples.push(performance.now() - started);
    await testApp.instagramContext.queue.idle();
  }
  await events.cancel();
  console.info(
    `webhook-to-browser (${testEngine()}, 40 sandbox comments): p50 ${ms(percentile(samples, 0.5))}, p95 ${ms(percentile(samples, 0.95))}, max ${ms(Math.max(...samples))}`,
  );
  await server.close();
  await testApp.close();
}

async function firstSync() {
  const testApp = await createTestApp({ env: { ALLOWED_HOSTS: "127.0.0.1" } });
  const { client } = await createVerifiedUser(testApp);
  const callsBefore = testApp.graphCalls.count;
  const started = performance.now();
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 600_000 });
  const seconds = (performance.now() - started) / 1000;
  const rows = await countSyncedRows(testApp.database.db, connection.workspace_id);
  console.info(
    `first-sync (${testEngine()}, @lena.makes, connect included): ${seconds.toFixed(2)} s, ${testApp.graphCalls.count - callsBefore} Graph calls, rows ${JSON.stringify(rows)}`,
  );
  await testApp.close();
}

if (run("webhook-ingest")) await webhookIngest();
if (run("webhook-to-browser")) await webhookToBrowser();
if (run("first-sync")) await firstSync();
process.exit(0);
