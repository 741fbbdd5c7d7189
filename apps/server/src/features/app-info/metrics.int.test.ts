import { createHmac, randomUUID } from "node:crypto";
import { testEngine } from "@sightline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineJob } from "../../platform/job-queue.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { frames } from "../../testing/sse.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

/*
 * GET /metrics (issue 28 point 6, decision 031): off without METRICS_TOKEN, behind the token
 * otherwise; route patterns as labels (never a raw path with its ids), job failures by job name,
 * Graph API errors by endpoint and Meta's code, webhook lag, open realtime streams and publish
 * lateness, all in this app's own registry.
 */

const TOKEN = "metrics-token-0123456789-abcdefghijklmnop";

let testApp: TestApp;
let client: HttpClient;
let email: string;
let accountId: string;

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { env: { METRICS_TOKEN: TOKEN } },
  );
  ({ testApp, client, email } = synced);
  accountId = synced.connection.instagram_id;
}, 300_000);
afterAll(async () => {
  await testApp?.close();
});

function scrape(app: TestApp, authorization?: string) {
  return app.app.request("/metrics", {
    headers: authorization === undefined ? {} : { authorization },
  });
}

async function metrics(): Promise<string> {
  const response = await scrape(testApp, `Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one series, `name{labels}`, labels in the order prom-client writes them. */
function seriesValue(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function eventually(read: () => Promise<boolean>, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await read())) {
    if (Date.now() > deadline) throw new Error("not within the timeout");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe(`GET /metrics on ${testEngine()}`, () => {
  it("is off (404) without METRICS_TOKEN", async () => {
    const plain = await createTestApp();
    try {
      for (const authorization of [undefined, `Bearer ${TOKEN}`, "Bearer "]) {
        const response = await scrape(plain, authorization);
        expect(response.status).toBe(404);
        expect(await response.text()).not.toContain("sightline_");
      }
    } finally {
      await plain.close();
    }
  });

  it("answers 401 without the token or with a wrong one, 200 in Prometheus' format with it", async () => {
    for (const authorization of [
      undefined,
      "",
      `Bearer ${TOKEN.slice(0, -1)}x`,
      `Bearer ${TOKEN}x`,
      `Basic ${Buffer.from(`metrics:${TOKEN}`).toString("base64")}`,
      TOKEN,
    ]) {
      const response = await scrape(testApp, authorization);
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("www-authenticate")).toContain("Bearer");
      expect(await response.text()).not.toContain("sightline_");
    }
    const response = await scrape(testApp, `Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("# TYPE sightline_http_request_duration_seconds histogram");
    // Process metrics are on with the token (CPU, memory, event loop).
    expect(text).toContain("sightline_process_cpu_user_seconds_total");
    // The scraper reaches the instance by its address, not PUBLIC_URL's name.
    const byAddress = await testApp.app.request("/metrics", {
      headers: { host: "10.0.3.7:3000", authorization: `Bearer ${TOKEN}` },
    });
    expect(byAddress.status).toBe(200);
  });

  it("labels requests with the route pattern, never the path with its ids, and no user's data", async () => {
    const postId = randomUUID();
    const signedIn = await client.get(`/api/scheduled-posts/${postId}`);
    expect(signedIn.status).toBe(404);
    const anonymous = await testApp.app.request(`${TEST_PUBLIC_URL}/api/scheduled-posts/${postId}`);
    expect(anonymous.status).toBe(401);
    const unknownId = randomUUID();
    expect((await testApp.app.request(`/api/no-such-thing/${unknownId}?token=abc`)).status).toBe(
      404,
    );
    const text = await metrics();
    expect(
      seriesValue(
        text,
        'sightline_http_request_duration_seconds_count{method="GET",route="/api/scheduled-posts/:id",status_class="4xx"}',
      ),
    ).toBe(2);
    expect(text).toContain('route="/api/*",status_class="4xx"');
    for (const raw of [postId, unknownId, "token=abc", email, accountId, TOKEN]) {
      expect(text).not.toContain(raw);
    }
    // Every route label is a pattern the code declares: no path with a long id in it.
    const routes = [...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]!);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) expect(route).not.toMatch(/[0-9a-f]{8}-|\d{6,}/);
  });

  it("counts a job's failure under its name", async () => {
    const failingJob = defineJob<{ attempt: number }, Record<string, never>>({
      name: "test-metrics-failing-job",
      version: 1,
      schema: z.object({ attempt: z.number() }),
      retryLimit: 0,
      async run() {
        throw new Error("failing on purpose");
      },
    });
    await testApp.queue.register([failingJob], {});
    const jobs = testApp.queue.handle([failingJob]);
    const series = 'sightline_job_failures_total{job="test-metrics-failing-job"}';
    expect(seriesValue(await metrics(), series)).toBeUndefined();
    await jobs.send(failingJob, { attempt: 1 });
    await jobs.idle();
    const text = await metrics();
    expect(seriesValue(text, series)).toBe(1);
    expect(
      seriesValue(
        text,
        'sightline_job_duration_seconds_count{job="test-metrics-failing-job",outcome="failed"}',
      ),
    ).toBe(1);
    // Queue depth is read at the scrape, one series per queue and state, zeros included.
    expect(
      seriesValue(
        text,
        'sightline_job_queue_depth{queue="test-metrics-failing-job",state="queued"}',
      ),
    ).toBe(0);
    expect(text).toMatch(
      /sightline_job_queue_depth\{queue="instagram-process-webhooks",state="active"\} \d/,
    );
  });

  it("counts a Graph API error by its normalised endpoint and Meta's code, without the ids", async () => {
    const client = testApp.graph.account({
      login: "instagram",
      accessToken: "IGQVJ-not-a-real-token",
      igUserId: accountId,
    });
    const error = await client.listMedia({ limit: 1 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: 190 });
    const text = await metrics();
    expect(
      seriesValue(
        text,
        'sightline_graph_api_errors_total{host="graphInstagram",method="GET",endpoint="/:id/media",code="190"}',
      ),
    ).toBe(1);
    expect(
      seriesValue(
        text,
        'sightline_graph_api_requests_total{host="graphInstagram",method="GET",endpoint="/:id/media"}',
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain(accountId);
    expect(text).not.toContain("not-a-real-token");
  });

  it("measures webhook lag from a delivery's receipt to its processing", async () => {
    const before = seriesValue(await metrics(), "sightline_webhook_lag_seconds_count") ?? 0;
    const body = JSON.stringify({
      object: "instagram",
      entry: [{ id: "17841400000000999", time: Math.floor(Date.now() / 1000), changes: [] }],
    });
    const signature = `sha256=${createHmac("sha256", testApp.instagram.instagramAppSecret!).update(body).digest("hex")}`;
    const delivered = await testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    expect(delivered.status).toBe(200);
    await testApp.instagramContext.queue.idle();
    await eventually(
      async () =>
        (seriesValue(await metrics(), "sightline_webhook_lag_seconds_count") ?? 0) > before,
    );
    const lag = seriesValue(await metrics(), "sightline_webhook_lag_seconds_sum")!;
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
  });

  it("counts the realtime streams open, down again when one closes", async () => {
    const gauge = "sightline_realtime_connections";
    const before = seriesValue(await metrics(), gauge)!;
    const response = await client.get("/api/realtime");
    expect(response.status).toBe(200);
    const stream = frames(response);
    await eventually(async () => seriesValue(await metrics(), gauge) === before + 1);
    await stream.cancel();
    await eventually(async () => seriesValue(await metrics(), gauge) === before);
  });

  it("measures how late a scheduled post went live", async () => {
    const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
    const uploaded = await client.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(await sample.arrayBuffer()),
    });
    expect(uploaded.status).toBe(201);
    const file = (await uploaded.json()) as { bucket: string; key: string };
    const created = await client.post("/api/scheduled-posts", {
      items: [{ ...file, mediaType: "image" }],
      caption: `Lateness ${randomUUID().slice(0, 8)}`,
      scheduled_time: new Date(Date.now() + 1_000).toISOString(),
      time_zone: "Europe/Lisbon",
    });
    expect(created.status, await created.clone().text()).toBe(201);
    await eventually(
      async () => seriesValue(await metrics(), "sightline_publish_lateness_seconds_count") === 1,
      30_000,
    );
    const lateness = seriesValue(await metrics(), "sightline_publish_lateness_seconds_sum")!;
    expect(lateness).toBeGreaterThanOrEqual(0);
    expect(lateness).toBeLessThan(30);
  }, 60_000);
});
