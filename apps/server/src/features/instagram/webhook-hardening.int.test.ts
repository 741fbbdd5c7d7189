import { createHmac } from "node:crypto";
import type { InstagramConnection } from "@sightline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import {
  commentWebhookBody,
  connectSandboxAccount,
  newestPostIds,
  sandboxControl,
} from "../../testing/instagram.ts";
import { WEBHOOK_MAX_ATTEMPTS } from "./jobs/process-webhooks.job.ts";

/** Issue 25: a poison webhook, control characters, age, signature and size of deliveries. */
let testApp: TestApp;
const logLines: Array<{ level: number; msg: string; eventId?: number }> = [];
let connection: InstagramConnection;
let mediaIds: string[];

beforeAll(async () => {
  testApp = await createTestApp({
    log: { level: "warn", write: (line) => logLines.push(JSON.parse(line)) },
  });
  const { client } = await createVerifiedUser(testApp);
  connection = await connectSandboxAccount(testApp, client, {
    username: "northfield.coffee",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  mediaIds = await newestPostIds(testApp, connection.workspace_id, 3);
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

async function query<Row>(sql: string): Promise<Row[]> {
  return ((await testApp.database.db.execute(sql)) as unknown as { rows: Row[] }).rows;
}

function sign(body: string | Uint8Array, secret = testApp.instagram.instagramAppSecret!) {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

function postWebhook(body: string, signature: string) {
  return testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    body,
  });
}

function commentDelivery(
  mediaId: string,
  comment: { id: string; text?: string },
  timeSeconds?: number,
) {
  return commentWebhookBody(connection.instagram_id, mediaId, comment, timeSeconds);
}

describe("the webhook drain and a poison event", () => {
  it("retries a failing event on its own: a new delivery behind it is stored at once", async () => {
    const poisonMedia = mediaIds[0]!;
    // Reading this post's comments fails until the fault is cleared: a partial comment on it
    // (which the drain completes by reading them) fails every time it is tried.
    await sandboxControl(testApp, "/faults", {
      path: `/${poisonMedia}/comments`,
      times: 0,
      status: 400,
      code: 100,
      message: "Unsupported get request.",
    });
    try {
      const poison = commentDelivery(poisonMedia, { id: "17800000000000001" });
      expect((await postWebhook(poison, sign(poison))).status).toBe(200);
      await testApp.instagramContext.queue.idle();
      const [failed] = await query<{ attempts: number; retry_at: Date | null }>(
        "select attempts, retry_at from instagram_webhook_events where body like '%17800000000000001%'",
      );
      expect(failed!.attempts).toBe(1);
      expect(failed!.retry_at).not.toBeNull();

      const ordinary = commentDelivery(mediaIds[1]!, {
        id: "17800000000000002",
        text: "Is this on sale?",
      });
      expect((await postWebhook(ordinary, sign(ordinary))).status).toBe(200);
      // idle() waits for drains due now, not for ones delayed by a back-off.
      await testApp.instagramContext.queue.idle();
      const stored = await query<{ text: string }>(
        `select text from instagram_comments where workspace_id = '${connection.workspace_id}' and ig_comment_id = '17800000000000002'`,
      );
      expect(stored).toEqual([{ text: "Is this on sale?" }]);
    } finally {
      await sandboxControl(testApp, "/faults", undefined, "DELETE");
    }
  }, 60_000);

  it("dead-letters an event after its last attempt: marked in the table and logged as an error", async () => {
    await sandboxControl(testApp, "/faults", {
      path: `/${mediaIds[2]!}/comments`,
      times: 0,
      status: 400,
      code: 100,
      message: "Unsupported get request.",
    });
    try {
      const poison = commentDelivery(mediaIds[2]!, { id: "17800000000000003" });
      expect((await postWebhook(poison, sign(poison))).status).toBe(200);
      await testApp.instagramContext.queue.idle();
      // Its earlier attempts are spent: the next one is the last.
      await testApp.database.db.execute(
        `update instagram_webhook_events set attempts = ${WEBHOOK_MAX_ATTEMPTS - 1}, retry_at = null where body like '%17800000000000003%'`,
      );
      await testApp.instagramContext.queue.send(
        (await import("./jobs/process-webhooks.job.ts")).processWebhooksJob,
        {},
      );
      await testApp.instagramContext.queue.idle();
      const [dead] = await query<{
        id: number;
        attempts: number;
        dead_lettered_at: Date | null;
        error: string | null;
      }>(
        "select id, attempts, dead_lettered_at, error from instagram_webhook_events where body like '%17800000000000003%'",
      );
      expect(dead!.attempts).toBe(WEBHOOK_MAX_ATTEMPTS);
      expect(dead!.dead_lettered_at).not.toBeNull();
      expect(dead!.error).toBeTruthy();
      expect(
        logLines.some(
          (line) =>
            line.level >= 50 && line.eventId === Number(dead!.id) && /dead-lettered/.test(line.msg),
        ),
      ).toBe(true);
      // Never tried again.
      await testApp.instagramContext.queue.send(
        (await import("./jobs/process-webhooks.job.ts")).processWebhooksJob,
        {},
      );
      await testApp.instagramContext.queue.idle();
      const [after] = await query<{ attempts: number }>(
        `select attempts from instagram_webhook_events where id = ${dead!.id}`,
      );
      expect(after!.attempts).toBe(WEBHOOK_MAX_ATTEMPTS);
    } finally {
      await sandboxControl(testApp, "/faults", undefined, "DELETE");
    }
  }, 60_000);

  it("strips NUL and other control characters from webhook text at the door", async () => {
    const delivery = commentDelivery(mediaIds[1]!, {
      id: "17800000000000004",
      text: "Nice\u0000 cup\u0007\u001b! Line\nbreak\u0085",
    });
    expect((await postWebhook(delivery, sign(delivery))).status).toBe(200);
    await testApp.instagramContext.queue.idle();
    const stored = await query<{ text: string }>(
      `select text from instagram_comments where workspace_id = '${connection.workspace_id}' and ig_comment_id = '17800000000000004'`,
    );
    expect(stored).toEqual([{ text: "Nice cup! Line\nbreak" }]);
    const [event] = await query<{ body: string; processed_at: Date | null }>(
      "select body, processed_at from instagram_webhook_events where body like '%17800000000000004%'",
    );
    expect(event!.processed_at).not.toBeNull();
    expect(event!.body).not.toMatch(/\\u0000/);
  });

  it("stores a delivery without control characters as it was sent (no parse and rewrite)", async () => {
    // Spacing JSON.stringify would not write, and an escaped tab, which is allowed text.
    const delivery = commentDelivery(mediaIds[1]!, {
      id: "17800000000000014",
      text: "tab\there",
    }).replace('"object":', '"object" :');
    expect((await postWebhook(delivery, sign(delivery))).status).toBe(200);
    const [event] = await query<{ body: string }>(
      "select body from instagram_webhook_events where body like '%17800000000000014%'",
    );
    expect(event!.body).toBe(delivery);
  });
});

describe("webhook deliveries: signature, age and size", () => {
  it("refuses a signature header with anything after the 64 hex digits", async () => {
    const body = commentDelivery(mediaIds[1]!, { id: "17800000000000005", text: "hi" });
    expect((await postWebhook(body, `${sign(body)}00`)).status).toBe(401);
    expect((await postWebhook(body, `${sign(body)}zz`)).status).toBe(401);
    expect((await postWebhook(body, sign(body))).status).toBe(200);
  });

  it("drops a delivery whose entries are older than two days, and keeps a fresh one", async () => {
    const before = await query<{ n: number }>(
      "select count(*)::int as n from instagram_webhook_events",
    );
    const old = commentDelivery(
      mediaIds[1]!,
      { id: "17800000000000006", text: "replayed" },
      Math.floor(Date.now() / 1000) - 3 * 24 * 3600,
    );
    expect((await postWebhook(old, sign(old))).status).toBe(200);
    const after = await query<{ n: number }>(
      "select count(*)::int as n from instagram_webhook_events",
    );
    expect(after[0]!.n).toBe(before[0]!.n);
    // Messaging entries count milliseconds: a fresh one is kept.
    const fresh = JSON.stringify({
      object: "instagram",
      entry: [{ id: connection.instagram_id, time: Date.now(), messaging: [] }],
    });
    expect((await postWebhook(fresh, sign(fresh))).status).toBe(200);
    const kept = await query<{ n: number }>(
      "select count(*)::int as n from instagram_webhook_events",
    );
    expect(kept[0]!.n).toBe(before[0]!.n + 1);
  });

  it("accepts a batch of 1,000 updates (well over 64 KB) and refuses one over the cap", async () => {
    const changes = Array.from({ length: 1000 }, (_, index) => ({
      field: "comments",
      value: {
        id: `1790000000000${String(index).padStart(4, "0")}`,
        media: { id: mediaIds[1]! },
        text: "Ünïcödé comment text that Meta escapes \u00e9".repeat(8),
        from: { id: "6345000000000777", username: "a.visitor" },
      },
    }));
    const big = JSON.stringify({
      object: "instagram",
      entry: [{ id: connection.instagram_id, time: Math.floor(Date.now() / 1000), changes }],
    });
    expect(big.length).toBeGreaterThan(256 * 1024);
    expect((await postWebhook(big, sign(big))).status).toBe(200);
    const tooBig = JSON.stringify({
      object: "instagram",
      entry: [{ id: "1", time: Math.floor(Date.now() / 1000), pad: "x".repeat(5 * 1024 * 1024) }],
    });
    expect((await postWebhook(tooBig, sign(tooBig))).status).toBe(413);
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  }, 180_000);
});
