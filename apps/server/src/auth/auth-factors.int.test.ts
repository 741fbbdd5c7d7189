import { randomUUID } from "node:crypto";
import { account } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor } from "../testing/factories.ts";
import { createHttpClient, totpFromUri } from "../testing/http-client.ts";
import { SoftwareAuthenticator } from "../testing/webauthn.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp({
    env: {
      GOOGLE_CLIENT_ID: "test-client.apps.googleusercontent.com",
      GOOGLE_CLIENT_SECRET: "test-google-secret",
    },
  });
});
afterAll(() => testApp?.close());

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

async function latestCode(client: ReturnType<typeof createHttpClient>, phone: string) {
  const [sms] = await mailboxFor(client, phone);
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code texted to ${phone}`);
  return code;
}

describe(`factors and identities on ${testEngine()}`, () => {
  it("verifies a phone by text message, then accepts a texted code as the second factor (aal2)", async () => {
    const { client, email, password } = await createVerifiedUser(testApp);
    const phone = `+1415555${Math.floor(1000 + Math.random() * 8999)}`;
    expect(
      (await client.post("/api/auth/phone-number/send-otp", { phoneNumber: phone })).status,
    ).toBe(200);
    const verify = await client.post("/api/auth/phone-number/verify", {
      phoneNumber: phone,
      code: await latestCode(client, phone),
      updatePhoneNumber: true,
    });
    expect(verify.status).toBe(200);

    const enable = await client.post("/api/auth/two-factor/enable", { password });
    const { totpURI } = await json<{ totpURI: string }>(enable);
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: totpFromUri(totpURI) }))
        .status,
    ).toBe(200);

    const second = createHttpClient(testApp.app);
    const signIn = await json<{ twoFactorRedirect?: boolean }>(
      await second.post("/api/auth/sign-in/email", { email, password }),
    );
    expect(signIn.twoFactorRedirect).toBe(true);
    expect((await second.post("/api/auth/two-factor/send-otp", {})).status).toBe(200);
    const wrong = await second.post("/api/auth/two-factor/verify-otp", { code: "000000" });
    expect(wrong.status).toBe(401);
    const right = await second.post("/api/auth/two-factor/verify-otp", {
      code: await latestCode(second, phone),
    });
    expect(right.status).toBe(200);
    expect((await json<{ aal: string }>(await second.get("/api/me"))).aal).toBe("aal2");
  });

  it("lists and revokes sessions", async () => {
    const { client, email, password } = await createVerifiedUser(testApp);
    const other = createHttpClient(testApp.app);
    await other.post("/api/auth/sign-in/email", { email, password });
    const sessions = await json<{ token: string; id: string }[]>(
      await client.get("/api/auth/list-sessions"),
    );
    expect(sessions).toHaveLength(2);
    const otherToken = decodeURIComponent(other.cookies.get("sightline.session_token") ?? "").split(
      ".",
    )[0];
    const revoke = await client.post("/api/auth/revoke-session", { token: otherToken });
    expect(revoke.status).toBe(200);
    expect((await other.get("/api/me")).status).toBe(401);
    expect((await client.get("/api/me")).status).toBe(200);
  });

  it("links Google (redirecting to Google's consent) and unlinks a linked identity", async () => {
    const { client } = await createVerifiedUser(testApp);
    const link = await client.post("/api/auth/link-social", {
      provider: "google",
      callbackURL: "/settings",
    });
    expect(link.status).toBe(200);
    const { url } = await json<{ url: string }>(link);
    const consent = new URL(url);
    expect(consent.hostname).toBe("accounts.google.com");
    expect(consent.searchParams.get("redirect_uri")).toBe(
      "http://localhost:3000/api/auth/callback/google",
    );
    expect(consent.searchParams.get("code_challenge_method")).toBe("S256");

    // Google cannot answer here: record the identity its callback would have linked.
    const me = await json<{ id: string }>(await client.get("/api/me"));
    await testApp.database.db.insert(account).values({
      id: randomUUID(),
      accountId: "google-subject-123",
      providerId: "google",
      userId: me.id,
      createdAt: new Date(),
      updatedAt: new Date(),
    });
    const accounts = await json<{ id: string; providerId: string }[]>(
      await client.get("/api/auth/list-accounts"),
    );
    expect(accounts.map((a) => a.providerId).sort()).toEqual(["credential", "google"]);
    const google = accounts.find((a) => a.providerId === "google")!;
    expect((await client.post("/api/auth/unlink-account", { accountId: google.id })).status).toBe(
      200,
    );
    const after = await json<{ providerId: string }[]>(await client.get("/api/auth/list-accounts"));
    expect(after.map((a) => a.providerId)).toEqual(["credential"]);
  });

  it("shows Google sign-in in the public config when it is configured", async () => {
    expect(await json(await testApp.app.request("/api/config"))).toEqual({
      googleSignIn: true,
      devMailbox: true,
    });
  });
});

describe(`passkeys on ${testEngine()}`, () => {
  async function registerPasskey() {
    const user = await createVerifiedUser(testApp);
    const authenticator = new SoftwareAuthenticator("localhost", "http://localhost:3000");
    const options = await json<{ challenge: string }>(
      await user.client.get("/api/auth/passkey/generate-register-options"),
    );
    const registered = await user.client.post("/api/auth/passkey/verify-registration", {
      response: authenticator.register(options.challenge),
      name: "Laptop",
    });
    expect(registered.status).toBe(200);
    return { ...user, authenticator };
  }

  async function signInWithPasskey(authenticator: SoftwareAuthenticator, userVerified: boolean) {
    const client = createHttpClient(testApp.app);
    const options = await json<{ challenge: string }>(
      await client.get("/api/auth/passkey/generate-authenticate-options"),
    );
    const response = await client.post("/api/auth/passkey/verify-authentication", {
      response: authenticator.authenticate(options.challenge, { userVerified }),
    });
    return { client, response };
  }

  it("registers a passkey and signs in with it at aal2 when the authenticator verified the user", async () => {
    const { authenticator, email } = await registerPasskey();
    const { client, response } = await signInWithPasskey(authenticator, true);
    expect(response.status).toBe(200);
    const me = await json<{ email: string; aal: string }>(await client.get("/api/me"));
    expect(me).toMatchObject({ email, aal: "aal2" });
  });

  it("keeps a passkey sign-in without user verification at aal1", async () => {
    const { authenticator } = await registerPasskey();
    const { client, response } = await signInWithPasskey(authenticator, false);
    expect(response.status).toBe(200);
    expect((await json<{ aal: string }>(await client.get("/api/me"))).aal).toBe("aal1");
  });

  it("refuses an assertion signed by an unknown key", async () => {
    await registerPasskey();
    const stranger = new SoftwareAuthenticator("localhost", "http://localhost:3000");
    const { response } = await signInWithPasskey(stranger, true);
    expect(response.status).toBeGreaterThanOrEqual(400);
  });
});
