import { zonedParts } from "@sightline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

/*
 * Copies of synced accounts (the run's snapshots, CI time): @lena.makes for the file, and
 * @northfield.coffee for the caption test, which had an account of its own.
 */
let testApp: TestApp;
let lena: HttpClient;
const apps: TestApp[] = [];
beforeAll(async () => {
  ({ testApp, client: lena } = await createTestAppWithSyncedAccount({
    username: "lena.makes",
    login: "instagram",
  }));
  apps.push(testApp);
}, 300_000);
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

const request = {
  start_date: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10),
  count: 5,
  days_per_week: 3,
  allowed_weekdays: [1, 2, 3, 4, 5],
  hour_window: { from: 9, to: 20 },
  timezone: "Europe/Berlin",
};

describe("POST /api/functions/instagram-optimal-times", () => {
  it("computes slots from the synced account, inside every constraint", async () => {
    const client = lena;
    const response = await client.post("/api/functions/instagram-optimal-times", request);
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      slots: Array<{ iso: string }>;
      basis: { onlineFollowerDays: number; posts: number };
    };
    expect(body.basis.onlineFollowerDays).toBeGreaterThan(20);
    expect(body.basis.posts).toBeGreaterThan(100);
    expect(body.slots).toHaveLength(5);
    for (const slot of body.slots) {
      const local = zonedParts(new Date(slot.iso), "Europe/Berlin");
      expect(request.allowed_weekdays).toContain(local.weekday);
      expect(local.hour).toBeGreaterThanOrEqual(9);
      expect(local.hour).toBeLessThanOrEqual(20);
      expect(local.date >= request.start_date).toBe(true);
    }
    // The same data gives the same answer: computed, not random.
    const again = await client.post("/api/functions/instagram-optimal-times", request);
    expect(((await again.json()) as typeof body).slots).toEqual(body.slots);
  }, 180_000);

  it("answers clearly for bad input, no connection and no session", async () => {
    const { client } = await createVerifiedUser(testApp);
    const noConnection = await client.post("/api/functions/instagram-optimal-times", request);
    expect(noConnection.status).toBe(404);
    const badZone = await client.post("/api/functions/instagram-optimal-times", {
      ...request,
      timezone: "Mars/Olympus",
    });
    expect(badZone.status).toBe(400);
    expect(await badZone.text()).toContain("is not a time zone");
    const badWindow = await client.post("/api/functions/instagram-optimal-times", {
      ...request,
      hour_window: { from: 20, to: 9 },
    });
    expect(badWindow.status).toBe(422);
    expect(await badWindow.text()).toContain("hour_window.from must not be after hour_window.to");
    const badWeekday = await client.post("/api/functions/instagram-optimal-times", {
      ...request,
      allowed_weekdays: [7],
    });
    expect(badWeekday.status).toBe(422);
    const anonymous = await testApp.app.request("/api/functions/instagram-optimal-times", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify(request),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe("POST /api/functions/instagram-caption-generate", () => {
  it("drafts from the account's own captions and says which engine wrote it", async () => {
    const northfield = await createTestAppWithSyncedAccount({
      username: "northfield.coffee",
      login: "instagram",
    });
    apps.push(northfield.testApp);
    const { client } = northfield;
    const response = await client.post("/api/functions/instagram-caption-generate", {
      media_url: "https://example.com/a.jpg",
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as {
      success: boolean;
      caption: string;
      hashtags: string[];
      engine: string;
      note: string;
    };
    expect(body.success).toBe(true);
    expect(body.engine).toBe("built-in");
    expect(body.note).toContain("no AI model looked at the image");
    expect(body.caption.length).toBeGreaterThan(3);
    expect(body.hashtags.length).toBeGreaterThan(0);
    expect(body.hashtags.every((tag) => !tag.startsWith("#"))).toBe(true);
    const invalid = await client.post("/api/functions/instagram-caption-generate", {});
    expect(invalid.status).toBe(422);
  }, 180_000);
});
