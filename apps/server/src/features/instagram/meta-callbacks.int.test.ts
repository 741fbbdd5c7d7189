import { createHmac } from "node:crypto";
import { dataDeletionRequests } from "@sightline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";

let testApp: TestApp;
/** A second app on a clock the tests set (issued_at is checked against it). */
let clocked: TestApp;
let clock = Date.UTC(2026, 0, 15, 12);
beforeAll(async () => {
  [testApp, clocked] = await Promise.all([createTestApp(), createTestApp({ now: () => clock })]);
});
afterAll(async () => {
  await testApp?.close();
  await clocked?.close();
});

function signedRequest(secret: string, payload: object) {
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const signature = createHmac("sha256", secret).update(encoded).digest("base64url");
  return `${signature}.${encoded}`;
}

function post(path: string, signed: string, app: TestApp = testApp) {
  return app.app.request(`http://localhost:3000/api/meta${path}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ signed_request: signed }).toString(),
  });
}

describe("Meta's data-deletion callback", () => {
  it("answers a signed request with a status URL and a confirmation code that can be looked up", async () => {
    const signed = signedRequest(testApp.instagram.appSecret, {
      algorithm: "HMAC-SHA256",
      issued_at: Math.floor(Date.now() / 1000),
      user_id: "17841400000000042",
    });
    const response = await post("/data-deletion", signed);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { url: string; confirmation_code: string };
    expect(body.confirmation_code).toMatch(/^[A-Z2-9]{12}$/);
    expect(body.url).toBe(`http://localhost:3000/data-deletion?code=${body.confirmation_code}`);

    const [row] = await testApp.database.db
      .select()
      .from(dataDeletionRequests)
      .where(eq(dataDeletionRequests.confirmationCode, body.confirmation_code));
    expect(row).toMatchObject({ metaUserId: "17841400000000042", status: "completed" });

    const status = await testApp.app.request(
      `/api/meta/data-deletion/status?code=${body.confirmation_code.toLowerCase()}`,
    );
    expect(status.status).toBe(200);
    expect(await status.json()).toMatchObject({
      confirmation_code: body.confirmation_code,
      status: "completed",
    });
  });

  it("refuses a request signed with another secret, or not signed at all", async () => {
    const forged = signedRequest("not-the-app-secret", {
      algorithm: "HMAC-SHA256",
      issued_at: 1,
      user_id: "1",
    });
    expect((await post("/data-deletion", forged)).status).toBe(400);
    expect((await post("/deauthorize", forged)).status).toBe(400);
    const missing = await testApp.app.request("/api/meta/data-deletion", { method: "POST" });
    expect(missing.status).toBe(400);
  });

  it("answers an unknown code with 404 and a clear message", async () => {
    const response = await testApp.app.request("/api/meta/data-deletion/status?code=NOPE2345NOPE");
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "We could not find a deletion request with this code.",
    );
  });

  it("accepts a signed deauthorization", async () => {
    const signed = signedRequest(testApp.instagram.appSecret, {
      algorithm: "HMAC-SHA256",
      issued_at: Math.floor(Date.now() / 1000),
      user_id: "17841400000000042",
    });
    expect((await post("/deauthorize", signed)).status).toBe(200);
  });
});

describe("Meta's signed requests: age, replay and field bounds (issue 8, point 10)", () => {
  const secret = () => clocked.instagram.appSecret;
  const nowS = () => Math.floor(clock / 1000);

  it.each([
    ["two hours old", -2 * 3600, 400],
    ["61 minutes old", -61 * 60, 400],
    ["59 minutes old", -59 * 60, 200],
    ["four minutes ahead", 4 * 60, 200],
    ["ten minutes ahead", 10 * 60, 400],
  ])("judges issued_at %s by the server's clock", async (_, offset, expected) => {
    const signed = signedRequest(secret(), {
      algorithm: "HMAC-SHA256",
      issued_at: nowS() + offset,
      user_id: "17841400000000077",
    });
    expect((await post("/data-deletion", signed, clocked)).status).toBe(expected);
    expect((await post("/deauthorize", signed, clocked)).status).toBe(expected);
  });

  it("answers a replay with the first confirmation and records nothing new", async () => {
    const userId = "17841400000000099";
    const signed = signedRequest(secret(), {
      algorithm: "HMAC-SHA256",
      issued_at: nowS(),
      user_id: userId,
    });
    const first = (await (await post("/data-deletion", signed, clocked)).json()) as {
      confirmation_code: string;
      url: string;
    };
    clock += 60_000;
    const replay = await post("/data-deletion", signed, clocked);
    expect(replay.status).toBe(200);
    expect(await replay.json()).toEqual(first);
    const rows = await clocked.database.db
      .select()
      .from(dataDeletionRequests)
      .where(eq(dataDeletionRequests.metaUserId, userId));
    expect(rows).toHaveLength(1);

    // A new request from Meta for the same user (another issued_at) is a new record.
    const again = signedRequest(secret(), {
      algorithm: "HMAC-SHA256",
      issued_at: nowS(),
      user_id: userId,
    });
    const second = (await (await post("/data-deletion", again, clocked)).json()) as {
      confirmation_code: string;
    };
    expect(second.confirmation_code).not.toBe(first.confirmation_code);
  });

  it.each([
    ["a long user_id", { user_id: "1".repeat(200) }],
    ["a user_id that is not digits", { user_id: "abc" }],
    ["a long algorithm name", { algorithm: `HMAC-SHA256${" ".repeat(100)}` }],
    ["a fractional issued_at", { issued_at: 1.5 }],
  ])("refuses a signed request with %s", async (_, override) => {
    const signed = signedRequest(secret(), {
      algorithm: "HMAC-SHA256",
      issued_at: nowS(),
      user_id: "17841400000000042",
      ...override,
    });
    expect((await post("/data-deletion", signed, clocked)).status).toBe(400);
  });

  it("refuses a signed_request longer than any Meta sends before checking it", async () => {
    const signed = signedRequest(secret(), {
      algorithm: "HMAC-SHA256",
      issued_at: nowS(),
      user_id: "17841400000000042",
      padding: "x".repeat(8000),
    });
    const response = await post("/data-deletion", signed, clocked);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(
      "signed_request is too long",
    );
  });
});
