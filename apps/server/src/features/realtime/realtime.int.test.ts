import { createDb } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "../../lib/logger.ts";
import { createEventBus, type RealtimeEvent } from "../../platform/event-bus.ts";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../testing/factories.ts";
import { frames } from "../../testing/sse.ts";
import { RECONNECT_AFTER_STOP_MS } from "./routes.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

/** The workspace a new user's requests open: their personal one (decision 026). */
async function workspaceId(user: { email: string }): Promise<string> {
  return personalWorkspaceId(testApp, user.email);
}

describe("GET /api/realtime", () => {
  it("needs a signed-in user", async () => {
    expect((await testApp.app.request("/api/realtime")).status).toBe(401);
  });

  it("streams the user's events within a second, and never another user's", async () => {
    const alice = await createVerifiedUser(testApp);
    const bob = await createVerifiedUser(testApp);
    const [aliceId, bobId] = await Promise.all([workspaceId(alice), workspaceId(bob)]);
    const aliceStream = await alice.client.get("/api/realtime");
    expect(aliceStream.status).toBe(200);
    expect(aliceStream.headers.get("content-type")).toContain("text/event-stream");
    const bobStream = await bob.client.get("/api/realtime");
    const alices = frames(aliceStream);
    const bobs = frames(bobStream);
    // Let both streams subscribe before publishing.
    await new Promise((resolve) => setTimeout(resolve, 50));

    const started = performance.now();
    await testApp.events.publish(bobId, "notifications:updated", { for: "bob" });
    await testApp.events.publish(aliceId, "ig-message", { conversationId: "c1", messageId: "m1" });
    const received = await alices.next(1_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(received).toMatchObject({ event: "ig-message" });
    expect(JSON.parse(received.data!)).toEqual({ conversationId: "c1", messageId: "m1" });
    const bobsFrame = await bobs.next(1_000);
    expect(JSON.parse(bobsFrame.data!)).toEqual({ for: "bob" });
    // Alice's stream got nothing of Bob's: her next frame is her own next event.
    await testApp.events.publish(aliceId, "notifications:updated", { n: 2 });
    expect(JSON.parse((await alices.next(1_000)).data!)).toEqual({ n: 2 });
    await alices.cancel();
    await bobs.cancel();
  });

  it("replays what was missed after Last-Event-ID, once and in order, then goes on live", async () => {
    const user = await createVerifiedUser(testApp);
    const { client } = user;
    const id = await workspaceId(user);
    const first = await testApp.events.publish(id, "ig-message", { n: 1 });
    await testApp.events.publish(id, "ig-message", { n: 2 });
    await testApp.events.publish(id, "instagram-comment:created", { n: 3 });
    const resumed = frames(
      await client.get("/api/realtime", { headers: { "last-event-id": String(first) } }),
    );
    const replayed = [await resumed.next(), await resumed.next()];
    expect(replayed.map((frame) => JSON.parse(frame.data!).n)).toEqual([2, 3]);
    expect(replayed.map((frame) => frame.event)).toEqual([
      "ig-message",
      "instagram-comment:created",
    ]);
    expect(Number(replayed[1]!.id)).toBeGreaterThan(Number(replayed[0]!.id));
    await testApp.events.publish(id, "ig-message", { n: 4 });
    expect(JSON.parse((await resumed.next()).data!).n).toBe(4);
    await resumed.cancel();
  });
});

describe("the event bus", () => {
  it("keeps delivering to a new stream when a closed one unsubscribes a second time", async () => {
    const id = await workspaceId(await createVerifiedUser(testApp));
    // A page reload: the old stream closes (abort, then its finally: two unsubscribes), the new
    // one subscribes in between. The second unsubscribe must not drop the new stream's handler.
    const unsubscribeOld = testApp.events.subscribe(id, () => {});
    unsubscribeOld();
    const received = new Promise<RealtimeEvent>((resolve) => testApp.events.subscribe(id, resolve));
    unsubscribeOld();
    const published = await testApp.events.publish(id, "scheduled-posts:updated", { post: "p2" });
    const event = await Promise.race([
      received,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("not delivered")), 2_000),
      ),
    ]);
    expect(event.id).toBe(published);
  });
});

describe.runIf(testEngine() === "postgres")("the event bus across instances", () => {
  it("delivers an event published on one instance to a subscriber on another", async () => {
    const url = testApp.database.url!;
    const id = await workspaceId(await createVerifiedUser(testApp));
    const other = await createDb({ databaseUrl: url, poolSize: 2, migrate: false });
    const otherBus = await createEventBus({
      database: other,
      logger: createLogger("silent", false),
    });
    try {
      const received = new Promise<RealtimeEvent>((resolve) => otherBus.subscribe(id, resolve));
      const published = await testApp.events.publish(id, "scheduled-posts:updated", { post: "p1" });
      const event = await Promise.race([
        received,
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error("not delivered")), 1_000),
        ),
      ]);
      expect(event).toEqual({
        id: published,
        type: "scheduled-posts:updated",
        data: { post: "p1" },
      });
    } finally {
      await otherBus.close();
      await other.close();
    }
  });
});

// Last in the file: the app stops accepting and stays so (one way, as a stopping process).
describe("a stopping server (SIGTERM)", () => {
  it("ends open streams at once with a short retry hint, after what was already sent", async () => {
    const user = await createVerifiedUser(testApp);
    const id = await workspaceId(user);
    const response = await user.client.get("/api/realtime");
    expect(response.status).toBe(200);
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    const readUntil = async (done: (text: string) => boolean) => {
      for (;;) {
        if (done(text)) return true;
        const chunk = await reader.read();
        if (chunk.done) return false;
        text += decoder.decode(chunk.value, { stream: true });
      }
    };
    await readUntil((seen) => seen.includes("retry: 3000"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await testApp.events.publish(id, "ig-message", { before: "stop" });
    await readUntil((seen) => seen.includes('{"before":"stop"}'));
    const started = performance.now();
    testApp.lifecycle.stopAccepting();
    // The stream ends (read to its end) well before the 15 s heartbeat would have come round.
    expect(await readUntil(() => false)).toBe(false);
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(text.trimEnd().endsWith(`retry: ${RECONNECT_AFTER_STOP_MS}`)).toBe(true);
    // A stream opened now ends at once too: this instance takes no new long-lived ones.
    const late = await user.client.get("/api/realtime");
    const lateText = await late.text();
    expect(lateText).toContain(`retry: ${RECONNECT_AFTER_STOP_MS}`);
  });
});
