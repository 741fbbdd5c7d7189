import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import {
  WEBHOOK_TOLERANCE_SECONDS,
  type WebhookDeliveryEventType,
  webhookEventBodySchema,
} from "@sightline/contracts";
import { webhookEndpoints } from "@sightline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeTransport, type SafeFetchLookup } from "../../lib/safe-fetch.ts";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor, setPersonalPlan } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { sandboxControl } from "../../testing/instagram.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import {
  drainWebhookDeliveries,
  pruneWebhookDeliveriesJob,
  verifyWebhookSignature,
} from "./index.ts";

/*
 * Issue 35 point 4: outgoing webhooks end to end, in process. A real HTTP receiver on loopback
 * stands behind a public-looking host name (the injected DNS answers a public address and the
 * transport connects to the receiver), so every safe-fetch rule stays on: the test verifies the
 * signature and timestamp it received, a failing receiver is retried on the injected clock and
 * then switched off with an e-mail, private addresses are refused, the plan gates, another
 * workspace's endpoint is 404, and a published post and a DM each make one delivery.
 */

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

const HOUR = 3_600_000;
let testApp: TestApp;
let synced: Awaited<ReturnType<typeof createTestAppWithSyncedAccount>>;
let client: HttpClient;
let email: string;
let workspaceId: string;
let offset = 0;
const logLines: string[] = [];
const received: Received[] = [];
let receiver: Server;
let receiverPort = 0;

/** Host names as the injected DNS answers them. */
const hosts: Record<string, string> = {
  "hooks.example.com": "93.184.216.34",
  "internal.example.com": "10.1.2.3",
  "metadata.example.com": "169.254.169.254",
};
const lookup: SafeFetchLookup = async (hostname) => {
  const address = hosts[hostname];
  if (!address) throw new Error(`no such host in this test: ${hostname}`);
  return [{ address, family: 4 }];
};

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const path = request.url ?? "/";
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks).toString() });
      if (path.startsWith("/fail")) {
        response.writeHead(500, { "content-type": "text/plain" }).end("receiver is down");
      } else if (path.startsWith("/redirect")) {
        response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      } else {
        response.writeHead(200, { "content-type": "text/plain" }).end("thanks");
      }
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverPort = (receiver.address() as AddressInfo).port;
  const toReceiver = nodeTransport();
  synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    {
      plan: "pro",
      now: () => Date.now() + offset,
      log: { level: "debug", write: (line) => logLines.push(line) },
      webhookFetch: {
        lookup,
        // The address was checked (a public one); the connection goes to this test's receiver.
        transport: (request) =>
          toReceiver({
            ...request,
            url: new URL(
              `http://127.0.0.1:${receiverPort}${request.url.pathname}${request.url.search}`,
            ),
            address: { address: "127.0.0.1", family: 4 },
          }),
      },
    },
  );
  ({ testApp, client, email } = synced);
  workspaceId = synced.connection.workspace_id;
}, 180_000);

afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

type Endpoint = {
  id: string;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
  consecutiveFailures: number;
  lastDelivery: { status: string; responseCode: number | null } | null;
};
type Delivery = {
  id: string;
  eventId: string;
  eventType: string;
  attempt: number;
  manual: boolean;
  status: string;
  responseCode: number | null;
  responseExcerpt: string | null;
  durationMs: number | null;
  nextAttemptAt: string | null;
  payload: { id: string; type: string; workspace_id: string; data: Record<string, unknown> };
};

async function createEndpoint(
  path: string,
  events: string[],
  as: HttpClient = client,
): Promise<{ endpoint: Endpoint; secret: string }> {
  const response = await as.post("/api/webhook-endpoints", {
    url: `https://hooks.example.com${path}`,
    description: "Test receiver",
    events,
  });
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as { endpoint: Endpoint; secret: string };
}

async function deliveriesOf(endpointId: string): Promise<Delivery[]> {
  const response = await client.get(`/api/webhook-endpoints/${endpointId}/deliveries?limit=100`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: Delivery[] }).items;
}

/** Waits for the queue's drain (and anything it queued) to finish. */
async function settle() {
  await testApp.outgoingWebhooksContext.queue.idle({ timeoutMs: 30_000 });
}

function receivedAt(path: string) {
  return received.filter((request) => request.path === path);
}

describe("outgoing webhooks", () => {
  it("a loopback receiver gets a signed test event, and the test verifies signature and timestamp", async () => {
    const { endpoint, secret } = await createEndpoint("/ok-ping", ["post.published"]);
    expect(secret).toMatch(/^whsec_/);
    // The secret is shown once: never listed, and sealed at rest.
    const list = await client.get("/api/webhook-endpoints");
    expect(list.status).toBe(200);
    const listed = await list.text();
    expect(listed).not.toContain(secret);
    expect((JSON.parse(listed) as { allowed: boolean }).allowed).toBe(true);
    const [row] = await testApp.database.db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secret).not.toContain(secret.slice(6));

    const sent = await client.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    expect(sent.status).toBe(202);
    await settle();
    const [request] = receivedAt("/ok-ping");
    expect(request).toBeDefined();
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["sightline-event"]).toBe("ping");
    const timestamp = request!.headers["sightline-timestamp"] as string;
    expect(
      verifyWebhookSignature({
        secret,
        header: request!.headers["sightline-signature"] as string,
        timestamp,
        body: request!.body,
        nowSeconds: Math.floor((Date.now() + offset) / 1000),
        toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
      }),
    ).toBe(true);
    // Another secret does not verify it.
    expect(
      verifyWebhookSignature({
        secret: "whsec_wrong",
        header: request!.headers["sightline-signature"] as string,
        timestamp,
        body: request!.body,
        nowSeconds: Math.floor((Date.now() + offset) / 1000),
        toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
      }),
    ).toBe(false);
    const body = JSON.parse(request!.body) as { id: string; type: string; workspace_id: string };
    expect(body).toMatchObject({ type: "ping", workspace_id: workspaceId });
    const [logged] = await deliveriesOf(endpoint.id);
    expect(logged).toMatchObject({
      id: request!.headers["sightline-delivery"],
      eventId: body.id,
      status: "succeeded",
      responseCode: 200,
      responseExcerpt: "thanks",
      attempt: 1,
      manual: true,
    });
    expect(logged!.durationMs).toBeGreaterThanOrEqual(0);

    // Rolled: the next delivery is signed with the new secret only.
    const rolled = (await (
      await client.post(`/api/webhook-endpoints/${endpoint.id}/roll-secret`)
    ).json()) as { secret: string };
    expect(rolled.secret).not.toBe(secret);
    await client.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    await settle();
    const second = receivedAt("/ok-ping")[1]!;
    const check = (withSecret: string) =>
      verifyWebhookSignature({
        secret: withSecret,
        header: second.headers["sightline-signature"] as string,
        timestamp: second.headers["sightline-timestamp"] as string,
        body: second.body,
        nowSeconds: Math.floor((Date.now() + offset) / 1000),
        toleranceSeconds: WEBHOOK_TOLERANCE_SECONDS,
      });
    expect([check(rolled.secret), check(secret)]).toEqual([true, false]);
    // Resend: the same event id, the next attempt.
    const resent = await client.post(
      `/api/webhook-endpoints/${endpoint.id}/deliveries/${logged!.id}/resend`,
    );
    expect(resent.status).toBe(202);
    await settle();
    const third = JSON.parse(receivedAt("/ok-ping")[2]!.body) as { id: string };
    expect(third.id).toBe(body.id);
  });

  it("a published post produces one post.published delivery, however often it is told", async () => {
    const { endpoint } = await createEndpoint("/ok-posts", ["post.published", "post.failed"]);
    testApp.instagramContext.publishRuntime = {
      sleep: async (ms) => {
        await sandboxControl(testApp, "/clock", { advanceMs: ms });
      },
    };
    const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
    const upload = await client.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(await sample.arrayBuffer()),
    });
    expect(upload.status).toBe(201);
    const file = (await upload.json()) as { bucket: string; key: string };
    const published = await client.post("/api/scheduled-posts/publish-now", {
      items: [{ ...file, mediaType: "image" }],
      caption: `Webhook test ${randomUUID().slice(0, 8)}`,
      time_zone: "UTC",
      client_id: randomUUID(),
    });
    expect(published.status, await published.clone().text()).toBe(202);
    const { post } = (await published.json()) as { post: { id: string } };
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    await settle();
    const requests = receivedAt("/ok-posts");
    expect(requests.map((request) => request.headers["sightline-event"])).toEqual([
      "post.published",
    ]);
    const body = JSON.parse(requests[0]!.body) as {
      data: { post_id: string; ig_media_id: string | null; permalink: string | null };
    };
    expect(body.data.post_id).toBe(post.id);
    expect(body.data.ig_media_id).toMatch(/^\d+$/);
    // The same occurrence told again (a second worker, a redelivery) is not a second delivery.
    await testApp.instagramContext.outgoing.emit(workspaceId, {
      type: "post.published",
      key: post.id,
      data: {
        post_id: post.id,
        account_id: "1",
        ig_media_id: null,
        permalink: null,
        published_at: null,
      },
    });
    await settle();
    expect(receivedAt("/ok-posts")).toHaveLength(1);
    expect(await deliveriesOf(endpoint.id)).toHaveLength(1);
  }, 120_000);

  it("a webhook's DMs each produce dm.received, only for endpoints subscribed to it", async () => {
    await createEndpoint("/ok-dms", ["dm.received"]);
    await createEndpoint("/ok-comments-only", ["comment.received"]);
    const texts = [1, 2].map((n) => `Webhook DM ${n} ${randomUUID().slice(0, 8)}`);
    const accountId = synced.connection.instagram_id;
    // Two DMs in one delivery, as Meta's webhook batches them, signed with the app's secret.
    const body = JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: accountId,
          time: Math.floor(Date.now() / 1000),
          messaging: texts.map((text, index) => ({
            sender: { id: "6345000000000888" },
            recipient: { id: accountId },
            timestamp: Date.now() + index,
            message: { mid: `mid.${randomUUID()}`, text },
          })),
        },
      ],
    });
    const signature = `sha256=${createHmac("sha256", testApp.instagram.instagramAppSecret!).update(body).digest("hex")}`;
    const delivered = await testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-hub-signature-256": signature },
      body,
    });
    expect(delivered.status).toBe(200);
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    await settle();
    const bodies = receivedAt("/ok-dms").map(
      (request) =>
        JSON.parse(request.body) as {
          type: string;
          data: { text: string | null; from_id: string };
        },
    );
    expect(bodies.map((one) => one.data.text).sort()).toEqual([...texts].sort());
    for (const one of bodies) {
      expect(one).toEqual(
        expect.objectContaining({
          type: "dm.received",
          data: expect.objectContaining({ from_id: "6345000000000888" }),
        }),
      );
    }
    // An endpoint that did not subscribe to DMs hears nothing of them.
    expect(receivedAt("/ok-comments-only")).toEqual([]);
  }, 120_000);

  it("refuses private, loopback, link-local and local-name URLs, http and credentials", async () => {
    for (const url of [
      "https://127.0.0.1/hook",
      "https://10.0.0.5/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/hook",
      "https://localhost/hook",
      "https://api.localhost/hook",
      "https://printer.local/hook",
      "https://internal.example.com/hook",
      "https://metadata.example.com/hook",
      "http://hooks.example.com/hook",
      "https://user:secret@hooks.example.com/hook",
      "not a url",
    ]) {
      const response = await client.post("/api/webhook-endpoints", {
        url,
        events: ["dm.received"],
      });
      expect([url, response.status]).toEqual([url, 422]);
    }
    const empty = await client.post("/api/webhook-endpoints", { url: "https://hooks.example.com" });
    expect(empty.status).toBe(422);
    // A redirect is answered, never followed: the receiver's 302 to the metadata address is a
    // failed delivery, and nothing else is called.
    const { endpoint } = await createEndpoint("/redirect", ["dm.received"]);
    await client.post(`/api/webhook-endpoints/${endpoint.id}/test`);
    await settle();
    expect(receivedAt("/redirect")).toHaveLength(1);
    const [logged] = await deliveriesOf(endpoint.id);
    expect(logged).toMatchObject({ status: "failed", responseCode: 302 });
    expect(logged!.responseExcerpt).toContain("not followed");
  });

  it("a plan without the public API answers 403 plan_required; another workspace's endpoint is 404", async () => {
    const { endpoint } = await createEndpoint("/ok-mine", ["dm.received"]);
    const other = await createVerifiedUser(testApp);
    const refused = await other.client.post("/api/webhook-endpoints", {
      url: "https://hooks.example.com/theirs",
      events: ["dm.received"],
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "plan_required",
    );
    await setPersonalPlan(testApp, other.email, "premium");
    for (const [method, path, body] of [
      ["PATCH", `/api/webhook-endpoints/${endpoint.id}`, { enabled: false }],
      ["DELETE", `/api/webhook-endpoints/${endpoint.id}`, undefined],
      ["POST", `/api/webhook-endpoints/${endpoint.id}/test`, undefined],
      ["POST", `/api/webhook-endpoints/${endpoint.id}/roll-secret`, undefined],
      ["GET", `/api/webhook-endpoints/${endpoint.id}/deliveries`, undefined],
    ] as const) {
      const response = await other.client.request(path, {
        method,
        ...(body ? { json: body } : {}),
      });
      expect([method, path, response.status]).toEqual([method, path, 404]);
    }
    const theirs = (await (await other.client.get("/api/webhook-endpoints")).json()) as {
      endpoints: Endpoint[];
    };
    expect(theirs.endpoints).toEqual([]);
    const mine = (await (await client.get("/api/webhook-endpoints")).json()) as {
      endpoints: Endpoint[];
    };
    expect(mine.endpoints.find((entry) => entry.id === endpoint.id)?.enabled).toBe(true);
  });

  it("a failing endpoint is retried on the back-off schedule, given up, then switched off with an e-mail", async () => {
    const { endpoint } = await createEndpoint("/fail", ["comment.received"]);
    const delays = [1, 5, 30, 120, 360].map((minutes) => minutes * 60_000);
    // Five events the receiver will never take.
    for (let index = 0; index < 5; index++) {
      await testApp.instagramContext.outgoing.emit(workspaceId, {
        type: "comment.received",
        key: `failing-${index}`,
        data: {
          account_id: "1",
          comment_id: `c${index}`,
          parent_id: null,
          media_id: "m",
          from_id: "p",
          from_username: null,
          text: "hello",
          sent_at: new Date().toISOString(),
        },
      });
    }
    await settle();
    await drainWebhookDeliveries(testApp.outgoingWebhooksContext);
    expect(receivedAt("/fail")).toHaveLength(5);
    let log = await deliveriesOf(endpoint.id);
    const pending = log.filter((entry) => entry.status === "pending");
    expect(pending).toHaveLength(5);
    // The second attempt is due a minute after the first.
    for (const entry of pending) {
      expect(entry.attempt).toBe(2);
      expect(Date.parse(entry.nextAttemptAt!) - (Date.now() + offset)).toBeGreaterThan(50_000);
      expect(Date.parse(entry.nextAttemptAt!) - (Date.now() + offset)).toBeLessThanOrEqual(60_000);
    }
    // Nothing goes out before its time.
    offset += 30_000;
    await drainWebhookDeliveries(testApp.outgoingWebhooksContext);
    expect(receivedAt("/fail")).toHaveLength(5);
    offset -= 30_000;
    for (const delay of delays) {
      offset += delay;
      await drainWebhookDeliveries(testApp.outgoingWebhooksContext);
      await settle();
    }
    expect(receivedAt("/fail")).toHaveLength(30);
    log = await deliveriesOf(endpoint.id);
    expect(log).toHaveLength(30);
    for (let index = 0; index < 5; index++) {
      const attempts = log
        .filter((entry) => entry.payload.data.comment_id === `c${index}`)
        .sort((a, b) => a.attempt - b.attempt);
      expect(attempts.map((entry) => [entry.attempt, entry.status, entry.responseCode])).toEqual([
        [1, "failed", 500],
        [2, "failed", 500],
        [3, "failed", 500],
        [4, "failed", 500],
        [5, "failed", 500],
        [6, "given_up", 500],
      ]);
      expect(new Set(attempts.map((entry) => entry.eventId)).size).toBe(1);
    }
    const list = (await (await client.get("/api/webhook-endpoints")).json()) as {
      endpoints: Endpoint[];
    };
    const switchedOff = list.endpoints.find((entry) => entry.id === endpoint.id)!;
    expect(switchedOff).toMatchObject({
      enabled: false,
      consecutiveFailures: 5,
      lastDelivery: { status: "given_up", responseCode: 500 },
    });
    expect(switchedOff.disabledReason).toContain("failed on every attempt");
    const mail = await mailboxFor(client, email);
    expect(mail.map((message) => message.subject)).toContainEqual(
      expect.stringContaining("was switched off"),
    );
    expect(mail.find((message) => message.subject.includes("switched off"))!.text).toContain(
      "https://hooks.example.com/fail",
    );
    // Switched off: a new event is not queued for it; switched on again, it starts afresh.
    await testApp.instagramContext.outgoing.emit(workspaceId, {
      type: "comment.received",
      key: "after-switch-off",
      data: {
        account_id: "1",
        comment_id: "late",
        parent_id: null,
        media_id: "m",
        from_id: "p",
        from_username: null,
        text: "hello",
        sent_at: new Date().toISOString(),
      },
    });
    expect(await deliveriesOf(endpoint.id)).toHaveLength(30);
    const on = await client.request(`/api/webhook-endpoints/${endpoint.id}`, {
      method: "PATCH",
      json: { enabled: true },
    });
    expect(((await on.json()) as { endpoint: Endpoint }).endpoint).toMatchObject({
      enabled: true,
      disabledReason: null,
      consecutiveFailures: 0,
    });
  }, 120_000);

  it("prunes settled deliveries after 30 days and never logs a secret", async () => {
    // The endpoint switched back on above sends its queued deliveries: let them settle first, or
    // one that settles between the prune and the count is counted (a CI failure on PostgreSQL).
    await settle();
    const before = (await testApp.database.db.execute(
      `select count(*)::int as n from webhook_deliveries where workspace_id = '${workspaceId}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(before.rows[0]!.n).toBeGreaterThan(0);
    await pruneWebhookDeliveriesJob.run(
      {},
      {
        ...testApp.outgoingWebhooksContext,
        now: () => Date.now() + offset + 31 * 24 * HOUR,
        jobId: "test",
        logger: testApp.logger,
      },
    );
    const after = (await testApp.database.db.execute(
      `select count(*)::int as n from webhook_deliveries where workspace_id = '${workspaceId}' and status <> 'pending'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(after.rows[0]!.n).toBe(0);
    const secrets = logLines.join("\n").match(/whsec_[A-Za-z0-9_-]{20,}/g);
    expect(secrets).toBeNull();
  });

  it("delivered every body as the OpenAPI document's webhooks describe it", () => {
    const types = new Set<string>();
    for (const request of received) {
      const body = JSON.parse(request.body) as { type: WebhookDeliveryEventType };
      expect(request.headers["sightline-event"]).toBe(body.type);
      // The document's schema for that event (GET /api/v1/openapi.json, `webhooks`), strict
      // about every field's type: what a receiver generated from it would accept.
      const parsed = webhookEventBodySchema(body.type).safeParse(body);
      expect(parsed.error?.issues ?? [], `${body.type}: ${request.body}`).toEqual([]);
      types.add(body.type);
    }
    expect([...types].sort()).toEqual(
      expect.arrayContaining(["comment.received", "dm.received", "ping", "post.published"]),
    );
  });
});
