import { testEngine } from "@sightline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";
import { TEST_PASSWORD, uniqueEmail } from "../testing/factories.ts";

let testApp: TestApp;
let secureApp: TestApp;
beforeAll(async () => {
  [testApp, secureApp] = await Promise.all([
    createTestApp(),
    createTestApp({ env: { PUBLIC_URL: "https://app.sightline.test" } }),
  ]);
});
afterAll(async () => {
  await testApp?.close();
  await secureApp?.close();
});

function signUp(app: TestApp, origin: string, headers: Record<string, string> = {}) {
  return app.app.request(`${origin}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin,
      "x-forwarded-for": "192.0.2.1",
      ...headers,
    },
    body: JSON.stringify({ email: uniqueEmail("cookie"), password: TEST_PASSWORD, name: "x" }),
  });
}

describe(`cookies and cross-site requests on ${testEngine()}`, () => {
  it("sets httpOnly, SameSite=Lax cookies, Secure behind https", async () => {
    const email = uniqueEmail("cookies");
    const client = await testApp.app.request("http://localhost:3000/api/auth/sign-up/email", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000" },
      body: JSON.stringify({ email, password: TEST_PASSWORD, name: "x" }),
    });
    expect(client.status).toBe(200);
    // Verification is required, so sign-up sets no session; the sign-in after verifying does.
    const response = await testApp.auth.api.signInEmail({
      body: { email, password: TEST_PASSWORD },
      asResponse: true,
      headers: new Headers({ origin: "http://localhost:3000" }),
    });
    expect(response.status).toBe(403);

    const https = await secureApp.auth.api.signUpEmail({
      body: { email: uniqueEmail("secure"), password: TEST_PASSWORD, name: "x" },
      asResponse: true,
    });
    expect(https.status).toBe(200);
    const verifyLink = (await (
      await secureApp.app.request("https://app.sightline.test/api/dev/mailbox")
    ).json()) as {
      messages: { links: string[] }[];
    };
    const link = new URL(verifyLink.messages[0]!.links[0]!);
    const verified = await secureApp.app.request(
      `https://app.sightline.test${link.pathname}${link.search}`,
      {
        headers: { origin: "https://app.sightline.test" },
      },
    );
    const cookies = verified.headers.getSetCookie();
    const session = cookies.find((c) => c.includes("session_token"));
    expect(session).toBeDefined();
    expect(session).toMatch(/HttpOnly/i);
    expect(session).toMatch(/SameSite=Lax/i);
    expect(session).toMatch(/Secure/i);
    expect(session).toMatch(/^__Secure-sightline\./);
  });

  it("refuses auth requests from another site", async () => {
    const response = await signUp(testApp, "http://localhost:3000", {
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
  });

  it("refuses form-encoded cross-site posts to the API", async () => {
    const response = await testApp.app.request("http://localhost:3000/api/support/requests", {
      method: "POST",
      headers: { "content-type": "text/plain", origin: "https://evil.example" },
      body: "{}",
    });
    expect(response.status).toBe(403);
  });
});

describe("requests without an Origin", () => {
  it("refuses a browser's cross-site request and lets a server-to-server call through", async () => {
    const crossSite = await testApp.app.request("http://localhost:3000/api/support/requests", {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "cross-site" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    const server = await testApp.app.request("http://localhost:3000/api/support/requests", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(server.status).toBe(422);
  });
});
