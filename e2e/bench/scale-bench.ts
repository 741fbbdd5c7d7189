/*
 * `npm run bench scale` (scripts/bench.mjs runs this file through tsx; not a test): the same
 * load through the round-robin proxy against one instance of the compiled server, then two
 * (issue 28 point 8). The setup is e2e/scale-out.e2e.ts's (e2e/support/scale-out.ts): one
 * PostgreSQL database, one S3 bucket (s3rver), one standalone sandbox, instances with the same
 * secrets and PUBLIC_URL = the proxy. One user, signed up and connected to @lena.makes through
 * the proxy and synced, is the session of BENCH_SCALE_CLIENTS (32) clients that each send one
 * authenticated GET after another (GET /api/me, then the Post Performance list
 * /api/analytics/posts, in turn) for BENCH_SCALE_SECONDS (20) after a 5 s warm-up. Printed for
 * each: requests per second, p50 and p95 latency, failures; then the ratios. The baseline, the
 * same clients through the same proxy against a bare Node HTTP server, is what the proxy and the
 * client alone cost here. Needs TEST_DATABASE_URL (PostgreSQL).
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { startRoundRobinProxy } from "../support/round-robin-proxy.ts";
import {
  type ApiSession,
  connectSandboxAccount,
  signUp,
  startScaleOut,
} from "../support/scale-out.ts";
import { freePort, waitForExit } from "../support/server.ts";

const clients = Number(process.env.BENCH_SCALE_CLIENTS ?? 32);
const seconds = Number(process.env.BENCH_SCALE_SECONDS ?? 20);
const warmUpSeconds = 5;
const routes = ["/api/me", "/api/analytics/posts"];

type Figures = { perSecond: number; p50: number; p95: number; requests: number; failed: number };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? Number.NaN;

/** `clients` loops of GETs to `base` for the warm-up, then measured for `seconds`. */
async function drive(base: string, session: ApiSession | undefined): Promise<Figures> {
  const latencies: number[] = [];
  let failed = 0;
  let measuring = false;
  let stop = false;
  let turn = 0;
  const loop = async () => {
    while (!stop) {
      const route = routes[turn++ % routes.length]!;
      const started = performance.now();
      let ok = false;
      try {
        const answer = session ? await session.fetch(base, route) : await fetch(`${base}${route}`);
        await answer.arrayBuffer();
        ok = answer.status === 200;
      } catch {
        ok = false;
      }
      if (!measuring) continue;
      if (ok) latencies.push(performance.now() - started);
      else failed += 1;
    }
  };
  const running = Array.from({ length: clients }, loop);
  await new Promise((resolve) => setTimeout(resolve, warmUpSeconds * 1000));
  measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  measuring = false;
  const elapsed = (performance.now() - started) / 1000;
  stop = true;
  await Promise.all(running);
  latencies.sort((a, b) => a - b);
  return {
    perSecond: latencies.length / elapsed,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    requests: latencies.length,
    failed,
  };
}

const load = () => readFileSync("/proc/loadavg", "utf8").split(" ", 3).join(" ");
const line = (name: string, figures: Figures) =>
  `scale: ${name}: ${figures.perSecond.toFixed(0)} requests/s, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms (${figures.requests} answered in ${seconds} s, ${figures.failed} failed; load average ${load()})`;

/** A bare Node HTTP server in its own process behind its own proxy: the baseline. */
async function baseline(): Promise<Figures> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      "-e",
      `require("node:http").createServer((q, s) => { s.setHeader("content-type", "application/json"); s.end('{"status":"ready"}'); }).listen(${port}, "127.0.0.1")`,
    ],
    { stdio: "ignore" },
  );
  const proxy = await startRoundRobinProxy([`http://127.0.0.1:${port}`]);
  try {
    for (let i = 0; proxy.ready().length === 0; i++) {
      if (i > 100) throw new Error("the baseline server did not start");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return await drive(proxy.url, undefined);
  } finally {
    await proxy.close();
    child.kill("SIGTERM");
    await waitForExit(child);
  }
}

if (!process.env.TEST_DATABASE_URL) {
  console.info(
    "scale: skipped (set TEST_DATABASE_URL to a PostgreSQL server, e.g. postgres://postgres@127.0.0.1:5432/test)",
  );
  process.exit(0);
}

console.info(
  `scale: ${clients} clients, ${warmUpSeconds} s warm-up then ${seconds} s measured per setup; ${availableParallelism()} cores`,
);
const base = await baseline();
console.info(line("baseline, a bare Node HTTP server behind the same proxy", base));

// Instance B is started only for the second round: the proxy sends to whichever are ready.
const cluster = await startScaleOut({ instances: 2, startNow: 1 });
try {
  const { session } = await signUp(cluster.publicUrl);
  await connectSandboxAccount(session, cluster.publicUrl, cluster.sandboxUrl);
  // The first sync fills the lists the clients read (a job on the instance).
  for (let i = 0; ; i++) {
    const answer = await session.fetch(cluster.publicUrl, "/api/analytics/posts");
    const body = (await answer.json()) as { items?: unknown[] };
    if (answer.status === 200 && (body.items?.length ?? 0) > 0) break;
    if (i > 600) throw new Error("the first sync did not finish in a minute");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const one = await drive(cluster.publicUrl, session);
  console.info(line("1 instance behind the proxy", one));
  await cluster.start(1);
  await cluster.waitUntilProxied([0, 1]);
  const before = cluster.origins.map((origin) => cluster.proxy.stats.answered.get(origin) ?? 0);
  const two = await drive(cluster.publicUrl, session);
  // Warm-up included: round robin, so about half each.
  const split = cluster.origins
    .map((origin, index) => (cluster.proxy.stats.answered.get(origin) ?? 0) - before[index]!)
    .join(" / ");
  console.info(line(`2 instances behind the proxy (answered by each: ${split})`, two));
  console.info(
    `scale: 2 instances / 1: requests/s ×${(two.perSecond / one.perSecond).toFixed(2)}, p95 ×${(two.p95 / one.p95).toFixed(2)}; 1 instance reached ${((one.perSecond / base.perSecond) * 100).toFixed(0)}% of the baseline's requests/s, 2 instances ${((two.perSecond / base.perSecond) * 100).toFixed(0)}%`,
  );
} finally {
  await cluster.close();
}
