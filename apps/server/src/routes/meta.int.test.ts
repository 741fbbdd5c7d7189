import { createHmac } from "node:crypto";
import { dataDeletionRequests } from "@sightline/db";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

function signedRequest(secret: string, payload: object) {
  const encoded = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const signature = createHmac("sha256", secret).update(encoded).digest("base64url");
  return `${signature}.${encoded}`;
}

function post(path: string, signed: string) {
  return testApp.app.request(`http://localhost:3000/api/meta${path}`, {
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
      issued_at: 1,
      user_id: "17841400000000042",
    });
    expect((await post("/deauthorize", signed)).status).toBe(200);
  });
});
