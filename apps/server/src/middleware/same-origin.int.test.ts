import { testEngine } from "@sightline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser } from "../testing/factories.ts";

/**
 * Issue 25: `Origin: null` is what a sandboxed frame, a data: URL or a file: page sends. It is
 * an opaque origin, never ours, so a write carrying it is refused even when the other signals
 * (Sec-Fetch-Site, a bearer token instead of the cookie) would let it through.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

describe(`Origin: null on ${testEngine()}`, () => {
  it("refuses a cookie-authenticated sign-out from an opaque origin, even with Sec-Fetch-Site: same-origin", async () => {
    const { client } = await createVerifiedUser(testApp);
    const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await testApp.app.request(`${TEST_PUBLIC_URL}/api/session/sign-out`, {
      method: "POST",
      headers: {
        cookie,
        origin: "null",
        "sec-fetch-site": "same-origin",
        "content-type": "application/json",
      },
      body: "{}",
    });
    expect(response.status).toBe(403);
    expect(await response.text()).toContain("Cross-site requests are not allowed.");
    // The session is still there: nothing was done.
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("refuses a bearer-token write from an opaque origin (no cookie, no Sec-Fetch-Site)", async () => {
    const { client, email } = await createVerifiedUser(testApp);
    const token = (await client.get("/api/auth/get-session")).headers.get("set-auth-jwt");
    expect(token).toBeTruthy();
    const write = (origin: string) =>
      testApp.app.request(`${TEST_PUBLIC_URL}/api/support/requests`, {
        method: "POST",
        headers: {
          authorization: `Bearer ${token}`,
          "content-type": "application/json",
          origin,
          "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 250)}`,
        },
        body: JSON.stringify({
          name: "Ada",
          email,
          topic: "account",
          message: "A message long enough to pass the length rule.",
        }),
      });
    const refused = await write("null");
    expect(refused.status).toBe(403);
    // The same request from our own origin goes through, so the refusal is about the origin.
    expect((await write(TEST_PUBLIC_URL)).status).toBe(201);
  });
});
