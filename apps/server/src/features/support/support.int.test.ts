import { supportRequests } from "@sightline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { mailboxFor, uniqueEmail } from "../../testing/factories.ts";
import { createHttpClient } from "../../testing/http-client.ts";

let testApp: TestApp;
/** A second app on a clock the tests move (the rate-limit window is measured on it). */
let clocked: TestApp;
let clock = Date.UTC(2026, 0, 15, 12);
beforeAll(async () => {
  [testApp, clocked] = await Promise.all([createTestApp(), createTestApp({ now: () => clock })]);
});
afterAll(async () => {
  await testApp?.close();
  await clocked?.close();
});

const valid = () => ({
  name: "Maya Chen",
  email: uniqueEmail("support"),
  topic: "instagram",
  message: "My Instagram account does not appear after connecting it. What should I check?",
});

describe("POST /api/support/requests", () => {
  it("stores a good request, e-mails support and the sender, and answers 201 with a reference", async () => {
    const client = createHttpClient(testApp.app);
    const input = valid();
    const response = await client.post("/api/support/requests", input);
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: string; reference: string };
    expect(body.reference).toMatch(/^[0-9A-F]{8}$/);

    const [row] = await testApp.database.db
      .select()
      .from(supportRequests)
      .where(eq(supportRequests.id, body.id));
    expect(row).toMatchObject({ name: input.name, email: input.email, topic: "instagram" });

    const toSupport = await mailboxFor(client, "support@sightline.app");
    expect(toSupport[0]?.subject).toContain(body.reference);
    expect(toSupport[0]?.text).toContain(input.message);
    const confirmation = await mailboxFor(client, input.email);
    expect(confirmation[0]?.subject).toBe(`We received your message (${body.reference})`);
  });

  it.each([
    [{ email: "not-an-email" }, "email", "Enter a valid e-mail address."],
    [{ name: "  " }, "name", "Enter your name."],
    [{ topic: "lottery" }, "topic", "Choose a topic."],
    [{ message: "help" }, "message", "Tell us a little more: at least 20 characters."],
  ])("rejects %o with a clear message", async (override, path, message) => {
    const client = createHttpClient(testApp.app);
    const response = await client.post("/api/support/requests", { ...valid(), ...override });
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as {
      error: { message: string; issues: { path: string; message: string }[] };
    };
    expect(error.issues).toContainEqual({ path, message });
  });

  it("limits one address to 5 requests an hour", async () => {
    const client = createHttpClient(testApp.app, { ip: "198.51.100.7" });
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/api/support/requests", valid())).status).toBe(201);
    }
    const sixth = await client.post("/api/support/requests", valid());
    expect(sixth.status).toBe(429);
    expect(((await sixth.json()) as { error: { message: string } }).error.message).toContain(
      "wait a little",
    );
  });

  it("counts the hour on the server's clock: limited until the oldest request is an hour old", async () => {
    const client = createHttpClient(clocked.app, { ip: "198.51.100.8" });
    for (let i = 0; i < 5; i++) {
      expect((await client.post("/api/support/requests", valid())).status).toBe(201);
      clock += 60_000;
    }
    // The first request was 5 minutes ago.
    expect((await client.post("/api/support/requests", valid())).status).toBe(429);
    // One millisecond short of an hour after the first: still limited; at the hour: open.
    clock += 55 * 60_000 - 1;
    expect((await client.post("/api/support/requests", valid())).status).toBe(429);
    clock += 1;
    expect((await client.post("/api/support/requests", valid())).status).toBe(201);
  });

  it("limits one sender address to 5 requests an hour across client addresses", async () => {
    const email = uniqueEmail("flood");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const client = createHttpClient(testApp.app, { ip: `198.51.100.${20 + i}` });
      statuses.push((await client.post("/api/support/requests", { ...valid(), email })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
  });

  it("sends the unverified sender a generic confirmation with nothing they wrote in it", async () => {
    const client = createHttpClient(testApp.app);
    const input = {
      ...valid(),
      name: "Your account is suspended, verify at https://evil.example/login",
      message: "Claim your prize at https://evil.example/prize before midnight tonight!",
    };
    const response = await client.post("/api/support/requests", input);
    expect(response.status).toBe(201);
    const { reference } = (await response.json()) as { reference: string };
    const [confirmation] = await mailboxFor(client, input.email);
    expect(confirmation?.subject).toBe(`We received your message (${reference})`);
    expect(confirmation?.text).not.toContain("evil.example");
    expect(confirmation?.text).not.toContain("suspended");
    expect(confirmation?.text).not.toContain("prize");
    expect(confirmation?.links).toEqual([]);
  });
});
