import { createGraphClient, sandboxBaseUrls } from "@sightline/instagram-graph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./testing/create-test-app.ts";
import { createVerifiedUser } from "./testing/factories.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

describe("the Instagram sandbox in the embedded default", () => {
  it("is mounted at /sandbox when INSTAGRAM_SANDBOX_URL is unset, and answers the Graph client over HTTP", async () => {
    expect(testApp.instagram.mode).toBe("sandbox");
    expect(testApp.sandbox).toBeDefined();
    expect(testApp.sandboxLink).toMatchObject({ kind: "mounted", origin: TEST_PUBLIC_URL });
    expect(testApp.sandboxLink!.controlToken).toBe(testApp.sandbox!.controlToken);
    // The route a shared sandbox asks whose consent it is exists only with one.
    const asked = await testApp.app.request("/sandbox-host/consent-space", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ state: "s" }),
    });
    expect(asked.status).toBe(404);
    const graph = graphClient();
    const token = testApp.sandbox!.issueToken({ username: "lena.makes", login: "instagram" });
    const account = testApp.sandbox!.accounts().find((a) => a.username === "lena.makes")!;
    const profile = await graph
      .account({ login: "instagram", accessToken: token, igUserId: account.igUserId })
      .getProfile();
    expect(profile.username).toBe("lena.makes");
    expect(profile.followers_count).toBeGreaterThan(20_000);
  });

  it("serves the consent page that lists the sandbox's accounts, to a signed-in user only", async () => {
    const url = new URL(graphAuthorizeUrl());
    const anonymous = await testApp.app.request(url.toString());
    expect(anonymous.status).toBe(401);
    expect(await anonymous.text()).not.toContain("Continue as @");
    const { client } = await createVerifiedUser(testApp);
    const page = await client.get(`${url.pathname}${url.search}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Continue as @lena.makes");
    expect(html).toContain("@northfield.coffee");
  });

  it("keeps the sandbox's control endpoints out of the API", async () => {
    expect((await testApp.app.request("/api/sandbox/_control/state")).status).toBe(404);
  });

  it("answers control calls only with the per-process token, from its own origin", async () => {
    expect((await testApp.app.request("/sandbox/_control/state")).status).toBe(403);
    const token = testApp.sandbox!.controlToken;
    const ok = await testApp.app.request("/sandbox/_control/state", {
      headers: { "x-sandbox-control-token": token },
    });
    expect(ok.status).toBe(200);
    const foreign = await testApp.app.request("/sandbox/_control/activity", {
      method: "POST",
      headers: {
        "x-sandbox-control-token": token,
        origin: "https://attacker.example",
        "content-type": "application/json",
      },
      body: JSON.stringify({ level: "high" }),
    });
    expect(foreign.status).toBe(403);
  });
});

/** The real client, pointed at the mounted sandbox and calling the app in-process. */
function graphClient() {
  return createGraphClient({
    baseUrls: sandboxBaseUrls(TEST_PUBLIC_URL),
    appId: testApp.instagram.appId,
    appSecret: testApp.instagram.appSecret,
    instagramAppId: testApp.instagram.instagramAppId!,
    instagramAppSecret: testApp.instagram.instagramAppSecret!,
    redirectUri: `${TEST_PUBLIC_URL}/auth/instagram/callback`,
    version: "v23.0",
    fetch: (input, init) => testApp.app.request(String(input), init),
  });
}

function graphAuthorizeUrl() {
  return graphClient().oauth.instagramAuthorizeUrl({
    scopes: ["instagram_business_basic"],
    state: "s1",
  });
}

describe("the sandbox's index page", () => {
  it("answers /sandbox and sends /sandbox/ there", async () => {
    expect((await testApp.app.request("/sandbox")).status).toBe(200);
    const slash = await testApp.app.request("/sandbox/");
    expect(slash.status).toBe(302);
    expect(slash.headers.get("location")).toBe("/sandbox");
  });
});
