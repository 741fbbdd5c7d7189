import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";
import { latestLink, mailboxFor, TEST_PASSWORD, uniqueEmail } from "../testing/factories.ts";
import { createHttpClient } from "../testing/http-client.ts";

const lines: string[] = [];
let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({ log: { level: "info", write: (line) => void lines.push(line) } });
});
afterAll(() => testApp?.close());

describe("the log after sign-up, verification, reset and support (issue 8, point 4)", () => {
  it("holds no token, password, cookie or e-mail address", async () => {
    const client = createHttpClient(testApp.app);
    const email = uniqueEmail("logcheck");
    const secrets: string[] = [email, TEST_PASSWORD, "new secret 99"];

    expect(
      (
        await client.post("/api/auth/sign-up/email", {
          email,
          password: TEST_PASSWORD,
          name: "",
          firstName: "Grace",
          lastName: "Hopper",
          callbackURL: "/auth/callback",
        })
      ).status,
    ).toBe(200);
    const verifyPath = await latestLink(client, email, /verify-email/);
    secrets.push(new URL(verifyPath, "http://x").searchParams.get("token")!);
    expect((await client.get(verifyPath)).status).toBe(302);

    await client.post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    const resetPath = await latestLink(client, email, /reset-password/);
    const link = await client.get(resetPath);
    const token = new URL(link.headers.get("location")!, "http://x").searchParams.get("token")!;
    secrets.push(token);
    expect(
      (await client.post("/api/auth/reset-password", { token, newPassword: "new secret 99" }))
        .status,
    ).toBe(200);
    const signIn = await client.post("/api/auth/sign-in/email", {
      email,
      password: "new secret 99",
    });
    expect(signIn.status).toBe(200);
    for (const value of client.cookies.values())
      secrets.push(decodeURIComponent(value).split(".")[0]!);

    const supportEmail = uniqueEmail("supportlog");
    secrets.push(supportEmail);
    expect(
      (
        await client.post("/api/support/requests", {
          name: "Grace Hopper",
          email: supportEmail,
          topic: "account",
          message: "I cannot find the export button in my settings page.",
        })
      ).status,
    ).toBe(201);
    expect((await mailboxFor(client, supportEmail)).length).toBeGreaterThan(0);
    // A failed request is logged too: a reset with a made-up token in the path.
    await client.get("/api/auth/reset-password/abcdefghijklmnopqrstuvwx?callbackURL=%2Fx");

    const log = lines.join("");
    expect(log).toContain('"msg":"request"');
    for (const secret of secrets) expect(log, secret).not.toContain(secret);
    expect(log).not.toContain("abcdefghijklmnopqrstuvwx");
    expect(log).not.toMatch(/[a-z0-9.-]+@example\.com/i);
    expect(log).not.toMatch(/sightline\.session_token/);
  });
});
