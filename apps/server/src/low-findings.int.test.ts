import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./testing/create-test-app.ts";
import { createVerifiedUser, TEST_PASSWORD } from "./testing/factories.ts";
import { createHttpClient } from "./testing/http-client.ts";

/** Issue 25's low findings that have no better home. */
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

describe("low findings", () => {
  it("answers a badly encoded /storage path with 400, not 500", async () => {
    for (const path of [
      "/storage/instagram-media/%E0%A4%A",
      "/storage/scheduled-content/a/%zz.jpg",
    ]) {
      const response = await testApp.app.request(`${TEST_PUBLIC_URL}${path}?expires=1&signature=x`);
      expect(response.status, path).toBe(400);
    }
  });

  it("puts no raw session token in any auth response body", async () => {
    const { email } = await createVerifiedUser(testApp);
    const client = createHttpClient(testApp.app);
    const signIn = await client.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    const cookieToken = decodeURIComponent(
      [...(client as unknown as { cookies: Map<string, string> }).cookies].find(([name]) =>
        name.endsWith("session_token"),
      )![1],
    ).split(".")[0]!;
    expect(cookieToken.length).toBeGreaterThan(10);
    const bodies = [
      await signIn.text(),
      await (await client.get("/api/auth/get-session")).text(),
      await (await client.get("/api/auth/list-sessions")).text(),
    ];
    for (const body of bodies) {
      expect(body).not.toContain(cookieToken);
      expect(body).not.toMatch(/"token":"[^".]+"/);
    }
    // The access token still comes, in its header.
    expect((await client.get("/api/auth/get-session")).headers.get("set-auth-jwt")).toBeTruthy();
    // The server's own lookup of the session (each cookie-signed API call) signs none to throw
    // away: that was a key read, decrypted and used on every such call.
    const cookie = [...(client as unknown as { cookies: Map<string, string> }).cookies]
      .map(([name, value]) => `${name}=${value}`)
      .join("; ");
    const lookup = await testApp.auth.api.getSession({
      headers: new Headers({ cookie }),
      returnHeaders: true,
    });
    expect(lookup.response?.user.email).toBe(email);
    expect(lookup.headers.get("set-auth-jwt")).toBeNull();
  });

  it("strips right-to-left overrides and other bidi controls from names, at sign-up and in Settings", async () => {
    const { client } = await createVerifiedUser(testApp, {
      firstName: "Anna\u202egnp.exe",
      lastName: "\u2066Lee\u2069\u200f",
    });
    const settings = (await (await client.get("/api/settings")).json()) as {
      profile: { firstName: string; lastName: string };
    };
    expect(settings.profile).toMatchObject({ firstName: "Annagnp.exe", lastName: "Lee" });
    const patched = await client.request("/api/settings/profile", {
      method: "PATCH",
      json: {
        firstName: "Mal\u202eory",
        lastName: "O\u200fK\u2067",
        timeZone: "Europe/Berlin",
        language: "en",
      },
    });
    expect(patched.status).toBe(200);
    expect(
      ((await patched.json()) as { profile: { firstName: string; lastName: string } }).profile,
    ).toMatchObject({ firstName: "Malory", lastName: "OK" });
  });

  it("sets a Content-Security-Policy on HTML the web app does not serve", async () => {
    for (const path of ["/api/auth/error?error=unknown", "/sandbox", "/dev/mailbox"]) {
      const response = await testApp.app.request(`${TEST_PUBLIC_URL}${path}`);
      expect(response.headers.get("content-type") ?? "", path).toMatch(/text\/html/);
      expect(
        response.headers.get("content-security-policy"),
        `${path} ${response.status} ${JSON.stringify([...response.headers])}`,
      ).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
    }
  });
});
