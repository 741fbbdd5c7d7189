import { createHmac } from "node:crypto";
import {
  commentChangeValueSchema,
  messagingEventSchema,
  parseWebhookPayload,
} from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import type { ActivityLevel } from "../core/context.ts";
import { signedWith } from "./assertions.ts";
import { APP_SECRET, createRig, INSTAGRAM_APP_SECRET, type Rig, WEBHOOK_URL } from "./test-rig.ts";

/** Subscribes lena.makes to comment and DM webhooks, then runs `steps` ticks `stepMs` apart at `level`. */
async function runSubscribedActivity(
  rig: Rig,
  level: ActivityLevel,
  steps: number,
  stepMs: number,
): Promise<void> {
  await rig.igAccount().subscribeWebhooks(["comments", "messages"]);
  rig.sandbox.setActivity(level);
  for (let step = 0; step < steps; step++) {
    rig.advance(stepMs);
    await rig.sandbox.tick();
  }
}

describe("webhooks and live activity (§6)", () => {
  it("produces comments and DMs over time and signs every webhook with the Instagram app secret", async () => {
    const rig = createRig();
    await runSubscribedActivity(rig, "high", 20, 15_000);
    expect(rig.webhooks.length).toBeGreaterThan(5);
    let comments = 0;
    let messages = 0;
    for (const hook of rig.webhooks) {
      const expected = `sha256=${createHmac("sha256", INSTAGRAM_APP_SECRET).update(hook.body).digest("hex")}`;
      expect(hook.headers.get("x-hub-signature-256")).toBe(expected);
      expect(signedWith(hook, INSTAGRAM_APP_SECRET)).toBe(true);
      expect(signedWith(hook, APP_SECRET)).toBe(false);
      expect(signedWith(hook, "wrong")).toBe(false);
      // Meta escapes slashes and non-ASCII; verifying re-serialised JSON would fail.
      expect([...hook.body].every((char) => char.charCodeAt(0) < 0x80)).toBe(true);
      const payload = parseWebhookPayload(hook.body);
      expect(payload.object).toBe("instagram");
      const entry = payload.entry[0]!;
      expect(entry.id).toBe(rig.lena.igUserId);
      if (entry.changes) {
        comments++;
        expect(entry.time).toBeLessThan(1e11); // seconds
        const value = commentChangeValueSchema.parse(entry.changes[0]!.value);
        expect(value.media?.id).toBeDefined();
        expect(value.text).toBeTruthy();
      } else {
        messages++;
        expect(entry.time).toBeGreaterThan(1e12); // milliseconds
        const event = messagingEventSchema.parse(entry.messaging![0]);
        expect(event.recipient.id).toBe(rig.lena.igUserId);
        expect(event.message?.is_echo).toBeUndefined();
      }
    }
    expect(comments).toBeGreaterThan(0);
    expect(messages).toBeGreaterThan(0);

    // The new items are visible through the API too.
    const conversations = await rig.igAccount().listConversations({ limit: 1 });
    expect(Date.parse(conversations.data[0]!.updated_time!.replace("+0000", "Z"))).toBeGreaterThan(
      Date.parse("2025-06-15T10:00:00Z"),
    );
  });

  it("is deterministic: the same seed and ticks give the same events", async () => {
    const run = async () => {
      const rig = createRig();
      await runSubscribedActivity(rig, "low", 10, 60_000);
      return rig.webhooks.map((hook) => hook.body);
    };
    expect(await run()).toEqual(await run());
  });

  it("sends nothing for accounts that did not subscribe, and nothing when activity is off", async () => {
    const rig = createRig();
    rig.advance(600_000);
    await rig.sandbox.tick();
    rig.sandbox.simulateComment({ username: "lena.makes", text: "hello" });
    await rig.sandbox.idle();
    expect(rig.webhooks).toHaveLength(0);
  });

  it("verifies the callback first and retries failed deliveries with back-off", async () => {
    let fail = 2;
    const received: string[] = [];
    let handshakes = 0;
    const rig = createRig({
      sandbox: {
        webhookVerifyToken: "verify-me",
        fetch: async (url, init) => {
          const request = new Request(url, init);
          if (request.method === "GET") {
            handshakes++;
            const query = new URL(url).searchParams;
            expect(query.get("hub.mode")).toBe("subscribe");
            expect(query.get("hub.verify_token")).toBe("verify-me");
            return new Response(query.get("hub.challenge"));
          }
          if (fail-- > 0) return new Response("busy", { status: 503 });
          received.push(await request.text());
          return new Response("ok");
        },
      },
    });
    expect(WEBHOOK_URL).toContain("/webhooks/instagram");
    await rig.igAccount().subscribeWebhooks(["messages"]);
    rig.sandbox.simulateMessage({ username: "lena.makes", text: "Do you ship to Norway?" });
    await rig.sandbox.idle();
    expect(handshakes).toBe(1);
    expect(received).toHaveLength(0);
    rig.advance(5_000);
    await rig.sandbox.tick();
    rig.advance(30_000);
    await rig.sandbox.tick();
    expect(received).toHaveLength(1);
    expect(JSON.parse(received[0]!).entry[0].messaging[0].message.text).toBe(
      "Do you ship to Norway?",
    );
  });

  it("lets the control endpoint drive activity", async () => {
    const rig = createRig();
    await rig.fbAccount().subscribeWebhooks(["comments"]);
    expect((await rig.control("/activity", { level: "high" })).status).toBe(200);
    rig.advance(120_000);
    const tick = await rig.control("/tick", {});
    expect(tick.json.events).toBeGreaterThan(0);
    const state = await rig.control("/state");
    expect(state.json.activity).toBe("high");
  });
});

describe("webhook redelivery as Meta does it (§12.10)", () => {
  /** A rig whose webhook endpoint fails until `healthyAfterMs` on the sandbox clock. */
  function flakyEndpoint(healthyAfterMs: number, duplicateRate = 0) {
    const received: string[] = [];
    let start = 0;
    const rig = createRig({
      sandbox: {
        webhookDuplicateRate: duplicateRate,
        fetch: async (url, init) => {
          const request = new Request(url, init);
          if (request.method === "GET") {
            return new Response(new URL(url).searchParams.get("hub.challenge"));
          }
          if (rig.sandbox.now().getTime() - start < healthyAfterMs) {
            return new Response("down", { status: 503 });
          }
          received.push(await request.text());
          return new Response("ok");
        },
      },
    });
    start = rig.sandbox.now().getTime();
    return { rig, received };
  }

  async function runFor(rig: Rig, hours: number) {
    for (let step = 0; step < hours * 4; step++) {
      rig.advance(15 * 60_000);
      await rig.sandbox.tick();
    }
  }

  it("keeps retrying a failed delivery with back-off for up to 36 hours", async () => {
    const { rig, received } = flakyEndpoint(30 * 3600_000);
    await rig.igAccount().subscribeWebhooks(["messages"]);
    rig.sandbox.simulateMessage({ username: "lena.makes", text: "Still open?" });
    await rig.sandbox.idle();
    await runFor(rig, 29);
    expect(received).toHaveLength(0);
    // The last retry is due 35 h 42 min after the first attempt (later on a coarse tick).
    await runFor(rig, 8);
    expect(received).toHaveLength(1);
  });

  it("drops a delivery that still fails after 36 hours", async () => {
    const { rig, received } = flakyEndpoint(37 * 3600_000);
    await rig.igAccount().subscribeWebhooks(["messages"]);
    rig.sandbox.simulateMessage({ username: "lena.makes", text: "Still open?" });
    await rig.sandbox.idle();
    await runFor(rig, 40);
    expect(received).toHaveLength(0);
    expect(rig.sandbox.summary()).toMatchObject({ webhooks: { dropped: 1, pending: 0 } });
  });

  it("sometimes delivers the same event twice, so receivers must be idempotent", async () => {
    const { rig, received } = flakyEndpoint(0, 1);
    await rig.igAccount().subscribeWebhooks(["messages"]);
    rig.sandbox.simulateMessage({ username: "lena.makes", text: "Twice?" });
    await rig.sandbox.idle();
    expect(received).toHaveLength(2);
    expect(received[0]).toBe(received[1]);
    // At the default rate, some of many deliveries are duplicated and most are not.
    const many = flakyEndpoint(0, 0.02);
    await many.rig.igAccount().subscribeWebhooks(["messages"]);
    for (let index = 0; index < 300; index++) {
      many.rig.sandbox.simulateMessage({ username: "lena.makes", text: `Message ${index}` });
    }
    await many.rig.sandbox.idle();
    expect(new Set(many.received).size).toBe(300);
    expect(many.received.length).toBeGreaterThan(300);
    expect(many.received.length).toBeLessThan(330);
  });
});
