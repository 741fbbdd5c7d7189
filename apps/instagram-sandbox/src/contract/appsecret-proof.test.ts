import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { APP_SECRET, createRig, INSTAGRAM_APP_SECRET, ORIGIN } from "./test-rig.ts";

/**
 * Meta's "Require App Secret" (Graph API, Securing Requests; Meta recommends turning it on):
 * every call with an access token carries `appsecret_proof` = HMAC-SHA256(token) keyed with
 * the app secret, in hex. Instagram Login tokens belong to the Instagram app, Facebook Login
 * tokens to the Meta app (§12.1), so each is proved with its own secret.
 */

const proof = (token: string, secret: string) =>
  createHmac("sha256", secret).update(token).digest("hex");

describe("appsecret_proof", () => {
  it("the client sends it on every call with a token, keyed with that login's app secret", async () => {
    const seen: URL[] = [];
    const rig = createRig({
      sandbox: { requireAppSecretProof: true },
      client: {
        fetch: (input, init) => {
          seen.push(new URL(input));
          return rig.sandbox.app.fetch(new Request(input, init));
        },
      },
    });
    const instagram = rig.igAccount();
    await instagram.getProfile();
    await instagram.listMedia({ limit: 5, fields: "id,caption" });
    const facebook = rig.fbAccount();
    await facebook.getProfile();
    const igToken = instagram.context.accessToken;
    const fbToken = facebook.context.accessToken;
    const graphCalls = seen.filter((url) => url.pathname.includes("/graph."));
    expect(graphCalls.length).toBeGreaterThanOrEqual(3);
    for (const url of graphCalls) {
      const onInstagram = url.pathname.includes("/graph.instagram.com/");
      expect(url.searchParams.get("appsecret_proof")).toBe(
        onInstagram ? proof(igToken, INSTAGRAM_APP_SECRET) : proof(fbToken, APP_SECRET),
      );
      // The token itself stays in the Authorization header.
      expect(url.searchParams.get("access_token")).toBeNull();
    }
  });

  it("when required, refuses a call without it, as Meta does", async () => {
    const rig = createRig({ sandbox: { requireAppSecretProof: true } });
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const bare = await rig.fetch(`${ORIGIN}/sandbox/graph.instagram.com/v23.0/me?fields=id`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({
      error: {
        message: "API calls from the server require an appsecret_proof argument",
        type: "GraphMethodException",
        code: 100,
      },
    });
    const proved = await rig.fetch(
      `${ORIGIN}/sandbox/graph.instagram.com/v23.0/me?fields=id&appsecret_proof=${proof(token, INSTAGRAM_APP_SECRET)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(proved.status).toBe(200);
  });

  it("checks a proof that is sent even when not required, and a proof made with the other app's secret fails", async () => {
    const rig = createRig();
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const call = (query: string) =>
      rig.fetch(`${ORIGIN}/sandbox/graph.instagram.com/v23.0/me?fields=id${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call("")).status).toBe(200);
    for (const wrong of [proof(token, APP_SECRET), "0".repeat(64), "not-hex"]) {
      const response = await call(`&appsecret_proof=${wrong}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({
        error: {
          message: "Invalid appsecret_proof provided in the API argument",
          type: "GraphMethodException",
          code: 100,
        },
      });
    }
    // A client configured with the Meta secret where the Instagram one belongs fails at once.
    const mixedUp = createRig({
      sandbox: { requireAppSecretProof: true },
      client: { instagramAppSecret: APP_SECRET },
    });
    expect(await caught(mixedUp.igAccount().getProfile())).toMatchObject({
      code: 100,
      graphMessage: "Invalid appsecret_proof provided in the API argument",
    });
  });

  it("can be switched on and off at run time (the app dashboard's setting)", async () => {
    const rig = createRig();
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "facebook" });
    const call = () =>
      rig.fetch(`${ORIGIN}/sandbox/graph.facebook.com/v23.0/me?fields=id`, {
        headers: { authorization: `Bearer ${token}` },
      });
    expect((await call()).status).toBe(200);
    expect((await rig.control("/settings", { requireAppSecretProof: true })).json).toEqual({
      requireAppSecretProof: true,
      privateRepliesPerHour: 750,
      sendsPerSecond: 100,
    });
    expect((await call()).status).toBe(400);
    await rig.control("/settings", { requireAppSecretProof: false });
    expect((await call()).status).toBe(200);
  });
});
