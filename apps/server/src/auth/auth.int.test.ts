import { authMessages } from "@sightline/contracts";
import { profiles } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../testing/create-test-app.ts";
import {
  createVerifiedUser,
  latestLink,
  mailboxFor,
  TEST_PASSWORD,
  uniqueEmail,
} from "../testing/factories.ts";
import { createHttpClient, totpFromUri } from "../testing/http-client.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(() => testApp?.close());

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

describe(`accounts on ${testEngine()}`, () => {
  it("signs up, e-mails a link that verifies and signs in on /auth/callback, then signs in", async () => {
    const client = createHttpClient(testApp.app);
    const email = uniqueEmail("flow");
    const signUp = await client.post("/api/auth/sign-up/email", {
      email,
      password: TEST_PASSWORD,
      name: "x",
      firstName: "Grace",
      lastName: "Hopper",
      phone: "+14155550100",
      callbackURL: "/auth/callback",
    });
    expect(signUp.status).toBe(200);

    const [message] = await mailboxFor(client, email);
    expect(message?.subject).toBe("Confirm your e-mail address for Sightline");
    expect(message?.text).toContain("Welcome to Sightline, Grace");

    const [profile] = await testApp.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.email, email));
    expect(profile).toMatchObject({ firstName: "Grace", lastName: "Hopper" });

    const verify = await client.get(await latestLink(client, email, /verify-email/));
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/auth/callback");
    const me = await client.get("/api/me");
    expect(me.status).toBe(200);
    expect(await json(me)).toMatchObject({
      email,
      aal: "aal1",
      profile: { first_name: "Grace", last_name: "Hopper" },
    });

    const fresh = createHttpClient(testApp.app);
    const signIn = await fresh.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(200);
    expect((await fresh.get("/api/me")).status).toBe(200);
  });

  it("refuses sign-in before the address is verified", async () => {
    const client = createHttpClient(testApp.app);
    const email = uniqueEmail("unverified");
    await client.post("/api/auth/sign-up/email", { email, password: TEST_PASSWORD, name: "x" });
    const signIn = await client.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(signIn.status).toBe(403);
    expect((await json<{ code: string }>(signIn)).code).toBe("EMAIL_NOT_VERIFIED");
    expect((await client.get("/api/me")).status).toBe(401);
  });

  it("refuses a wrong password with the service's message", async () => {
    const { email } = await createVerifiedUser(testApp);
    const client = createHttpClient(testApp.app);
    const signIn = await client.post("/api/auth/sign-in/email", {
      email,
      password: "wrong pass 1",
    });
    expect(signIn.status).toBe(401);
    expect((await json<{ message: string }>(signIn)).message).toBe("Invalid email or password");
  });

  it.each(["short1", "onlyletters", "1234567890"])(
    "refuses the weak sign-up password %s on the server",
    async (password) => {
      const client = createHttpClient(testApp.app);
      const response = await client.post("/api/auth/sign-up/email", {
        email: uniqueEmail("weak"),
        password,
        name: "x",
      });
      expect(response.status).toBe(400);
      expect((await json<{ message: string }>(response)).message).toBe(authMessages.passwordRule);
    },
  );

  it("answers recovery the same for a known and an unknown address, and mails only the known", async () => {
    const { email } = await createVerifiedUser(testApp);
    const client = createHttpClient(testApp.app);
    const unknown = uniqueEmail("nobody");
    const known = await client.post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    const missing = await client.post("/api/auth/request-password-reset", {
      email: unknown,
      redirectTo: "/auth/reset-password",
    });
    expect(known.status).toBe(missing.status);
    expect(await known.json()).toEqual(await missing.json());
    expect((await mailboxFor(client, email))[0]?.subject).toBe("Reset your Sightline password");
    expect(await mailboxFor(client, unknown)).toEqual([]);
  });

  it("resets the password once; the old password stops working", async () => {
    const { email, client: signedIn } = await createVerifiedUser(testApp);
    const client = createHttpClient(testApp.app);
    await client.post("/api/auth/request-password-reset", {
      email,
      redirectTo: "/auth/reset-password",
    });
    const link = await client.get(await latestLink(client, email, /reset-password/));
    expect(link.status).toBe(302);
    const token = new URL(link.headers.get("location")!, "http://x").searchParams.get("token");
    expect(token).toBeTruthy();

    const weak = await client.post("/api/auth/reset-password", { token, newPassword: "weakpass" });
    expect(weak.status).toBe(400);
    const reset = await client.post("/api/auth/reset-password", {
      token,
      newPassword: "new secret 99",
    });
    expect(reset.status).toBe(200);
    const again = await client.post("/api/auth/reset-password", {
      token,
      newPassword: "other secret 77",
    });
    expect(again.status).toBe(400);

    expect((await signedIn.get("/api/me")).status).toBe(401);
    const old = await client.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
    expect(old.status).toBe(401);
    const fresh = await client.post("/api/auth/sign-in/email", {
      email,
      password: "new secret 99",
    });
    expect(fresh.status).toBe(200);
    expect((await mailboxFor(client, email))[0]?.subject).toBe(
      "Your Sightline password was changed",
    );
  });

  it("raises the session to aal2 after a TOTP challenge", async () => {
    const { client, email, password } = await createVerifiedUser(testApp);
    const enable = await client.post("/api/auth/two-factor/enable", { password });
    expect(enable.status).toBe(200);
    const { totpURI } = await json<{ totpURI: string }>(enable);
    const confirm = await client.post("/api/auth/two-factor/verify-totp", {
      code: totpFromUri(totpURI),
    });
    expect(confirm.status).toBe(200);

    const second = createHttpClient(testApp.app);
    const signIn = await second.post("/api/auth/sign-in/email", { email, password });
    expect(await json(signIn)).toMatchObject({ twoFactorRedirect: true });
    expect((await second.get("/api/me")).status).toBe(401);
    const challenge = await second.post("/api/auth/two-factor/verify-totp", {
      code: totpFromUri(totpURI),
    });
    expect(challenge.status).toBe(200);
    const me = await json<{ aal: string }>(await second.get("/api/me"));
    expect(me.aal).toBe("aal2");

    const token = await json<{ token: string }>(await second.get("/api/auth/token"));
    const bearer = await testApp.app.request("/api/me", {
      headers: { authorization: `Bearer ${token.token}` },
    });
    expect((await json<{ aal: string }>(bearer)).aal).toBe("aal2");
  });

  it("signs out with a scope: this session, the others, or all", async () => {
    const { email, password } = await createVerifiedUser(testApp);
    const sessions = await Promise.all(
      [1, 2, 3, 4].map(async () => {
        const client = createHttpClient(testApp.app);
        expect((await client.post("/api/auth/sign-in/email", { email, password })).status).toBe(
          200,
        );
        return client;
      }),
    );
    const [a, b, c, d] = sessions as [
      (typeof sessions)[0],
      (typeof sessions)[0],
      (typeof sessions)[0],
      (typeof sessions)[0],
    ];
    expect((await a.post("/api/session/sign-out", { scope: "local" })).status).toBe(200);
    expect((await a.get("/api/me")).status).toBe(401);
    expect((await b.get("/api/me")).status).toBe(200);

    await b.post("/api/session/sign-out", { scope: "others" });
    expect((await b.get("/api/me")).status).toBe(200);
    expect((await c.get("/api/me")).status).toBe(401);
    expect((await d.get("/api/me")).status).toBe(401);

    const e = createHttpClient(testApp.app);
    await e.post("/api/auth/sign-in/email", { email, password });
    await b.post("/api/session/sign-out", { scope: "global" });
    expect((await b.get("/api/me")).status).toBe(401);
    expect((await e.get("/api/me")).status).toBe(401);
    // Signing out without a session is not an error.
    expect((await b.post("/api/session/sign-out", { scope: "local" })).status).toBe(200);
  });

  it("issues a JWT that verifies against the JWKS; a tampered one is refused", async () => {
    const { client } = await createVerifiedUser(testApp);
    const { token } = await json<{ token: string }>(await client.get("/api/auth/token"));
    const jwks = await json<{ keys: { kid: string; alg: string }[] }>(
      await testApp.app.request("/.well-known/jwks.json"),
    );
    expect(jwks.keys.length).toBeGreaterThan(0);
    const { createLocalJWKSet, jwtVerify } = await import("jose");
    const { payload } = await jwtVerify(token, createLocalJWKSet(jwks as never));
    expect(payload.aal).toBe("aal1");

    const ok = await testApp.app.request("/api/me", {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ok.status).toBe(200);

    const [header, body, signature] = token.split(".") as [string, string, string];
    // Change a character in the middle: the last one of a base64url signature partly holds
    // padding bits, so changing it can leave the decoded bytes as they were.
    const middle = Math.floor(signature.length / 2);
    const flipped = `${signature.slice(0, middle)}${signature[middle] === "A" ? "B" : "A"}${signature.slice(middle + 1)}`;
    const tampered = await testApp.app.request("/api/me", {
      headers: { authorization: `Bearer ${header}.${body}.${flipped}` },
    });
    expect(tampered.status).toBe(401);
    expect((await json<{ error: { message: string } }>(tampered)).error.message).toBe(
      "Invalid JWT signature",
    );
  });
});

describe("rate limits", () => {
  it("trips on repeated sign-in attempts from one address with a clear message", async () => {
    const limited = await createTestApp({ rateLimits: { signIn: 3 } });
    try {
      const client = createHttpClient(limited.app, { ip: "203.0.113.9" });
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) {
        const response = await client.post("/api/auth/sign-in/email", {
          email: "nobody@example.com",
          password: "wrong pass 1",
        });
        statuses.push(response.status);
        if (response.status === 429) {
          expect((await json<{ message: string }>(response)).message).toMatch(/too many/i);
        }
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429]);
      const other = createHttpClient(limited.app, { ip: "203.0.113.10" });
      const fromElsewhere = await other.post("/api/auth/sign-in/email", {
        email: "nobody@example.com",
        password: "wrong pass 1",
      });
      expect(fromElsewhere.status).toBe(401);
    } finally {
      await limited.close();
    }
  });
});
