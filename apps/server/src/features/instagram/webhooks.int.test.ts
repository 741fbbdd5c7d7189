import { createHash, createHmac } from "node:crypto";
import { insertWebhookEventsOnce } from "@sightline/db";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import {
  commentWebhookBody,
  connectSandboxAccount,
  newestPostIds,
  sandboxControl,
} from "../../testing/instagram.ts";
import { frames } from "../../testing/sse.ts";
import { processWebhooksJob } from "./jobs/process-webhooks.job.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function storedEvents(): Promise<number> {
  const result = await testApp.database.db.execute(
    "select count(*)::int as n from instagram_webhook_events",
  );
  return Number((result as unknown as { rows: Array<{ n: number }> }).rows[0]!.n);
}

function sign(body: string, secret: string) {
  return `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;
}

function postWebhook(body: string, signature: string | undefined) {
  return testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(signature ? { "x-hub-signature-256": signature } : {}),
    },
    body,
  });
}

const sampleBody = (id: string) =>
  JSON.stringify({
    object: "instagram",
    entry: [
      {
        id: "17841400000000999",
        time: Math.floor(Date.now() / 1000),
        changes: [{ field: "comments", value: { id, text: "Hello", media: { id: "1" } } }],
      },
    ],
  });

describe("/webhooks/instagram", () => {
  it("answers Meta's verification handshake only with the verify token", async () => {
    const token = testApp.instagram.webhookVerifyToken;
    const ok = await testApp.app.request(
      `${TEST_PUBLIC_URL}/webhooks/instagram?hub.mode=subscribe&hub.verify_token=${token}&hub.challenge=1158201444`,
    );
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe("1158201444");
    const wrong = await testApp.app.request(
      `${TEST_PUBLIC_URL}/webhooks/instagram?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1`,
    );
    expect(wrong.status).toBe(403);
  });

  it("refuses a tampered or unsigned delivery with 401 and stores nothing", async () => {
    const before = await storedEvents();
    const body = sampleBody("900001");
    const signature = sign(body, testApp.instagram.instagramAppSecret!);
    const tampered = await postWebhook(body.replace("Hello", "Hellp"), signature);
    expect(tampered.status).toBe(401);
    expect((await postWebhook(body, undefined)).status).toBe(401);
    expect((await postWebhook(body, sign(body, "some-other-secret"))).status).toBe(401);
    expect(await storedEvents()).toBe(before);
  });

  it("stores a duplicated delivery once, signed with either app secret", async () => {
    const before = await storedEvents();
    const body = sampleBody("900002");
    const signature = sign(body, testApp.instagram.instagramAppSecret!);
    for (let i = 0; i < 3; i++) expect((await postWebhook(body, signature)).status).toBe(200);
    const other = sampleBody("900003");
    expect((await postWebhook(other, sign(other, testApp.instagram.appSecret))).status).toBe(200);
    expect(await storedEvents()).toBe(before + 2);
    await testApp.instagramContext.queue.idle();
  }, 180_000);

  it("stores concurrent deliveries once each, identical ones too, and processes all of them", async () => {
    const before = await storedEvents();
    const secret = testApp.instagram.instagramAppSecret!;
    const bodies = Array.from({ length: 40 }, (_, index) => sampleBody(`91${index}`));
    const posts = [...bodies, ...bodies.slice(0, 10), ...bodies.slice(0, 10)].map((body) =>
      postWebhook(body, sign(body, secret)),
    );
    const answers = await Promise.all(posts);
    expect(answers.every((answer) => answer.status === 200)).toBe(true);
    expect(await storedEvents()).toBe(before + 40);
    await testApp.instagramContext.queue.idle();
    const pending = (await testApp.database.db.execute(
      "select count(*)::int as n from instagram_webhook_events where processed_at is null",
    )) as unknown as { rows: Array<{ n: number }> };
    expect(pending.rows[0]!.n).toBe(0);
  });

  it("a sandbox comment and DM reach the user's open stream in under a second and the inbox tables", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "lena.makes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const stream = await client.get("/api/realtime");
    const events = frames(stream);
    await new Promise((resolve) => setTimeout(resolve, 50));

    // Each kind is delivered three times and the median latency must stay under a second: a
    // path that polls (a 2 s queue tick, say) fails every round, while one scheduling stall of
    // a loaded CI machine cannot fail the test alone. Frames are awaited for up to 10 s so a
    // slow round is measured, not thrown.
    async function latency(
      send: (round: number) => Promise<unknown>,
      event: string,
    ): Promise<number> {
      const rounds: number[] = [];
      for (let round = 0; round < 3; round++) {
        const started = performance.now();
        await send(round);
        try {
          await events.until(event, 10_000);
          rounds.push(performance.now() - started);
        } catch {
          // Not within 10 s: a slow round (its frame, if it comes, is read by the next one).
          rounds.push(10_000);
        }
      }
      return rounds.sort((a, b) => a - b)[1]!;
    }

    const commentIds: string[] = [];
    const commentLatency = await latency(async (round) => {
      const comment = (await sandboxControl(testApp, "/simulate/comment", {
        username: "lena.makes",
        text: `Where can I buy this vase? (${round})`,
      })) as { id: string };
      commentIds.push(comment.id);
    }, "instagram-comment:created");
    expect(commentLatency).toBeLessThan(1_000);
    const comments = await testApp.database.db.execute(
      `select text, user_igsid from instagram_comments where workspace_id = '${connection.workspace_id}' and ig_comment_id = '${commentIds[0]}'`,
    );
    expect((comments as unknown as { rows: unknown[] }).rows).toEqual([
      expect.objectContaining({ text: "Where can I buy this vase? (0)" }),
    ]);

    const messageLatency = await latency(
      (round) =>
        sandboxControl(testApp, "/simulate/message", {
          username: "lena.makes",
          text: `Do you ship to Vienna? (${round})`,
        }),
      "ig-message",
    );
    expect(messageLatency).toBeLessThan(1_000);
    const messages = await testApp.database.db.execute(
      `select direction from instagram_messages where workspace_id = '${connection.workspace_id}' and text = 'Do you ship to Vienna? (0)'`,
    );
    expect((messages as unknown as { rows: unknown[] }).rows).toEqual([{ direction: "inbound" }]);
    await events.cancel();
  }, 180_000);

  it("tells a workspace's open pages once per batch: one comment event naming every post, no bell event beside it", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "lena.makes",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const [first, second] = (await newestPostIds(testApp, connection.workspace_id, 2)) as [
      string,
      string,
    ];
    const stream = await client.get("/api/realtime");
    const events = frames(stream);
    await new Promise((resolve) => setTimeout(resolve, 50));

    // Three deliveries stored before a drain runs: one batch.
    const delivery = (mediaId: string, id: string) =>
      commentWebhookBody(connection.instagram_id, mediaId, {
        id,
        text: `Batch comment ${id}`,
        from: { id: "6345000000000888", username: "a.batch.visitor" },
      });
    const bodies = [
      delivery(first, "17800000000000101"),
      delivery(second, "17800000000000102"),
      delivery(first, "17800000000000103"),
    ];
    await insertWebhookEventsOnce(
      testApp.database.db,
      bodies.map((body) => ({
        bodySha256: createHash("sha256").update(body).digest("hex"),
        object: "instagram",
        signedBy: "instagram" as const,
        body,
      })),
    );
    await testApp.instagramContext.queue.send(processWebhooksJob, {});
    await testApp.instagramContext.queue.idle();

    const frame = await events.next(10_000);
    expect(frame.event).toBe("instagram-comment:created");
    expect(new Set((JSON.parse(frame.data!) as { mediaIds: string[] }).mediaIds)).toEqual(
      new Set([first, second]),
    );
    // Nothing else for this batch: no second comment event, no notifications:updated.
    await expect(events.next(1_500)).rejects.toThrow();
    const stored = (await testApp.database.db.execute(
      `select count(*)::int as n from instagram_comments where workspace_id = '${connection.workspace_id}' and text like 'Batch comment %'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(stored.rows[0]!.n).toBe(3);
    await events.cancel();
  }, 180_000);

  it("a partial comment payload is completed by re-reading just that post's comments", async () => {
    const { client } = await createVerifiedUser(testApp);
    const connection = await connectSandboxAccount(testApp, client, {
      username: "northfield.coffee",
      login: "instagram",
    });
    await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
    const db = testApp.database.db;
    const media = (await db.execute(
      `select ig_media_id from instagram_media where workspace_id = '${connection.workspace_id}' and comments_count > 0 and parent_ig_media_id is null order by posted_at desc limit 1`,
    )) as unknown as { rows: Array<{ ig_media_id: string }> };
    const mediaId = media.rows[0]!.ig_media_id;
    await db.execute(
      `delete from instagram_comments where workspace_id = '${connection.workspace_id}' and ig_media_id = '${mediaId}'`,
    );
    const body = JSON.stringify({
      object: "instagram",
      entry: [
        {
          id: connection.instagram_id,
          time: Math.floor(Date.now() / 1000),
          changes: [{ field: "comments", value: { id: "1", media: { id: mediaId } } }],
        },
      ],
    });
    const answer = await postWebhook(body, sign(body, testApp.instagram.instagramAppSecret!));
    expect(answer.status).toBe(200);
    await testApp.instagramContext.queue.idle();
    const comments = (await db.execute(
      `select count(*)::int as n from instagram_comments where workspace_id = '${connection.workspace_id}' and ig_media_id = '${mediaId}'`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(comments.rows[0]!.n).toBeGreaterThan(0);
  }, 180_000);
});
