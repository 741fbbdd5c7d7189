import { type GraphApiError, isTokenInvalid } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { formatExpiry } from "../graph/auth.ts";
import {
  APP_ID,
  consent,
  createRig,
  INSTAGRAM_APP_ID,
  INSTAGRAM_APP_SECRET,
  instagramCode,
  REDIRECT_URI,
} from "./test-rig.ts";

describe("Instagram Login: consent → code → tokens → /me → media", () => {
  it("walks the whole flow through the client", async () => {
    const rig = createRig();
    const authorizeUrl = rig.graph.oauth.instagramAuthorizeUrl({
      scopes: ["instagram_business_basic", "instagram_business_manage_insights"],
      state: "xyz-123",
    });
    expect(authorizeUrl).toContain("/sandbox/www.instagram.com/oauth/authorize?");

    const result = await consent(rig, authorizeUrl, "lena.makes");
    expect(result.pageStatus).toBe(200);
    expect(result.html).toContain("@lena.makes");
    expect(result.html).toContain("Continue as @northfield.coffee");
    expect(result.status).toBe(302);
    expect(result.location.startsWith(`${REDIRECT_URI}?code=`)).toBe(true);
    expect(result.location).toMatch(/&state=xyz-123#_$/);

    const code = new URL(result.location).searchParams.get("code")!;
    const short = await rig.graph.oauth.exchangeInstagramCode(`${code}#_`);
    // §12.2: an app-scoped id, not the account id; the account id comes from /me.
    expect(short.appScopedUserId).toBe(rig.lena.appScopedId);
    expect(short.appScopedUserId).not.toBe(rig.lena.igUserId);
    expect(short.accessToken.startsWith("IGAA")).toBe(true);
    expect(short.permissions).toEqual([
      "instagram_business_basic",
      "instagram_business_manage_insights",
    ]);

    const long = await rig.graph.oauth.exchangeInstagramLongLivedToken(short.accessToken);
    expect(long.expiresIn).toBe(60 * 86400);

    const identity = await rig.graph.oauth.getInstagramAccountId(long.accessToken);
    expect(identity).toEqual({ accountId: rig.lena.igUserId, username: "lena.makes" });
    const account = rig.graph.account({
      login: "instagram",
      accessToken: long.accessToken,
      igUserId: identity.accountId,
    });
    const profile = await account.getProfile();
    expect(profile).toMatchObject({
      user_id: rig.lena.igUserId,
      id: rig.lena.appScopedId,
      username: "lena.makes",
      account_type: "MEDIA_CREATOR",
    });
    expect(profile.followers_count).toBeGreaterThan(20_000);

    const first = await account.listMedia({ limit: 10 });
    expect(first.data).toHaveLength(10);
    expect(first.nextCursor).toBeDefined();
    const second = await account.listMedia({ limit: 10, after: first.nextCursor! });
    expect(second.data[0]!.id).not.toBe(first.data[0]!.id);
    const carousel = [...first.data, ...second.data].find(
      (media) => media.media_type === "CAROUSEL_ALBUM",
    );
    expect(carousel?.children?.data.length).toBeGreaterThanOrEqual(2);
  });

  it("makes codes single-use", async () => {
    const rig = createRig();
    const code = await instagramCode(rig, "northfield.coffee");
    await rig.graph.oauth.exchangeInstagramCode(code);
    const error = await rig.graph.oauth.exchangeInstagramCode(code).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "oauth",
      code: 400,
      graphMessage: "Matching code was not found or was already used",
    });
  });

  it("rejects expired tokens with 190", async () => {
    const rig = createRig();
    const token = rig.sandbox.issueToken({
      username: "lena.makes",
      login: "instagram",
      kind: "short",
    });
    const account = rig.graph.account({
      login: "instagram",
      accessToken: token,
      igUserId: rig.lena.igUserId,
    });
    rig.advance(2 * 3600_000);
    const error = await account.getProfile().catch((e: unknown) => e);
    expect(isTokenInvalid(error)).toBe(true);
    expect(error).toMatchObject({ code: 190, subcode: 463 });
    expect(String((error as Error).message)).not.toContain(token);
    // Meta's wording and clock (captured replies): "Session has expired on Monday,
    // 19-Jun-23 06:29:46 PDT. The current time is …", Pacific time, PDT or PST.
    expect((error as GraphApiError).graphMessage).toMatch(
      /^Error validating access token: Session has expired on (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} P[SD]T\. The current time is \w+day, \d{2}-\w{3}-\d{2} \d{2}:\d{2}:\d{2} P[SD]T\.$/,
    );
  });

  it("writes expiry times as Meta does, in Pacific time with PDT in summer and PST in winter", () => {
    expect(formatExpiry(Date.parse("2023-06-19T13:29:46Z"))).toBe("Monday, 19-Jun-23 06:29:46 PDT");
    expect(formatExpiry(Date.parse("2016-12-25T12:45:57Z"))).toBe("Sunday, 25-Dec-16 04:45:57 PST");
  });
});

describe("consent page validation and cancel", () => {
  it("redirects a cancel exactly like Meta", async () => {
    const rig = createRig();
    const url = rig.graph.oauth.instagramAuthorizeUrl({
      scopes: ["instagram_business_basic"],
      state: "abc",
    });
    const result = await consent(rig, url, "lena.makes", "deny");
    expect(result.location).toBe(
      `${REDIRECT_URI}?error=access_denied&error_reason=user_denied&error_description=The+user+denied+your+request&state=abc`,
    );
  });

  it("refuses missing client_id or redirect_uri and unknown scopes", async () => {
    const rig = createRig();
    const base = "http://sandbox.test/sandbox/www.instagram.com/oauth/authorize";
    expect(
      (
        await rig.fetch(
          `${base}?redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=instagram_business_basic&response_type=code`,
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await rig.fetch(
          `${base}?client_id=${INSTAGRAM_APP_ID}&scope=instagram_business_basic&response_type=code`,
        )
      ).status,
    ).toBe(400);
    const badScope = await rig.fetch(
      `${base}?client_id=${INSTAGRAM_APP_ID}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=business_basic&response_type=code`,
    );
    expect(badScope.status).toBe(400);
    expect(await badScope.text()).toContain("Invalid Scopes: business_basic");
  });

  it("refuses the Meta app id as Instagram Login's client_id: 'Invalid platform app', as Meta does", async () => {
    const rig = createRig();
    const base = "http://sandbox.test/sandbox/www.instagram.com/oauth/authorize";
    const page = await rig.fetch(
      `${base}?client_id=${APP_ID}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}&scope=instagram_business_basic&response_type=code`,
    );
    expect(page.status).toBe(400);
    expect(await page.text()).toContain("Invalid platform app");
    const code = await instagramCode(rig, "lena.makes");
    const exchange = await rig.fetch(
      "http://sandbox.test/sandbox/api.instagram.com/oauth/access_token",
      {
        method: "POST",
        body: new URLSearchParams({
          client_id: APP_ID,
          client_secret: INSTAGRAM_APP_SECRET,
          grant_type: "authorization_code",
          redirect_uri: REDIRECT_URI,
          code,
        }),
      },
    );
    expect(exchange.status).toBe(400);
    expect(await exchange.json()).toMatchObject({ error_message: "Invalid platform app" });
  });

  it("the client has no fallback to the Meta app id: without the Instagram app id, Instagram Login throws", async () => {
    const rig = createRig({ client: { instagramAppId: undefined } });
    expect(() =>
      rig.graph.oauth.instagramAuthorizeUrl({ scopes: ["instagram_business_basic"], state: "s" }),
    ).toThrow(/Instagram app id/);
    await expect(rig.graph.oauth.exchangeInstagramCode("code")).rejects.toThrow(/Instagram app id/);
    // Facebook Login still works with the Meta app id alone.
    expect(
      new URL(rig.graph.oauth.facebookAuthorizeUrl({ state: "s" })).searchParams.get("client_id"),
    ).toBe(APP_ID);
  });

  it("accepts the documented wrapped code-exchange shape too", async () => {
    const rig = createRig({ sandbox: { igCodeExchangeShape: "wrapped" } });
    const code = await instagramCode(rig, "oona.bakes", [
      "instagram_business_basic",
      "instagram_business_content_publish",
    ]);
    const exchange = await rig.graph.oauth.exchangeInstagramCode(code);
    expect(exchange).toEqual({
      accessToken: expect.stringMatching(/^IGAA/),
      appScopedUserId: rig.oona.appScopedId,
      permissions: ["instagram_business_basic", "instagram_business_content_publish"],
    });
  });

  it("keeps the 17-digit user_id exact although Meta sends it as a JSON number", async () => {
    const rig = createRig();
    const code = await instagramCode(rig, "lena.makes");
    const raw = await rig.fetch(
      "http://sandbox.test/sandbox/api.instagram.com/oauth/access_token",
      {
        method: "POST",
        body: new URLSearchParams({
          client_id: INSTAGRAM_APP_ID,
          client_secret: INSTAGRAM_APP_SECRET,
          grant_type: "authorization_code",
          redirect_uri: REDIRECT_URI,
          code,
        }),
      },
    );
    const text = await raw.text();
    expect(text).toContain(`"user_id":${rig.lena.appScopedId}`);
    // Above 2^53 a naive JSON.parse can round the id; the client parses it as a string instead.
    expect(rig.lena.igUserId).toMatch(/^\d{17}$/);
    expect(Number(rig.lena.igUserId)).toBeGreaterThan(Number.MAX_SAFE_INTEGER);
  });
});

describe("token lifetimes (§1.2)", () => {
  it("refreshes long-lived tokens only once they are 24 h old", async () => {
    const rig = createRig();
    const young = rig.sandbox.issueToken({
      username: "lena.makes",
      login: "instagram",
      kind: "long",
    });
    const error = await rig.graph.oauth.refreshInstagramToken(young).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 100 });
    rig.advance(25 * 3600_000);
    const refreshed = await rig.graph.oauth.refreshInstagramToken(young);
    expect(refreshed.expiresIn).toBe(60 * 86400);
    expect(refreshed.permissions).toContain("instagram_business_basic");
    rig.advance(61 * 86400_000);
    const dead = await rig.graph.oauth
      .refreshInstagramToken(refreshed.accessToken)
      .catch((e: unknown) => e);
    expect(isTokenInvalid(dead)).toBe(true);
  });

  it("invalidates tokens revoked through the control endpoint (190/460) and survives restarts of the token check", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    await account.getProfile();
    rig.advance(1);
    await rig.control("/tokens/revoke", { username: "lena.makes" });
    const error = await account.getProfile().catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 190, subcode: 460 });
    rig.advance(1);
    await expect(rig.igAccount().getProfile()).resolves.toMatchObject({ username: "lena.makes" });
  });

  it("rejects a token from the other login family", async () => {
    const rig = createRig();
    const fbToken = rig.sandbox.issueToken({ username: "lena.makes", login: "facebook" });
    const account = rig.graph.account({
      login: "instagram",
      accessToken: fbToken,
      igUserId: rig.lena.igUserId,
    });
    expect(await account.getProfile().catch((e: unknown) => e)).toMatchObject({ code: 190 });
  });
});

describe("Facebook Login via a Page (§1.3)", () => {
  it("consents, exchanges, finds the Page and its IG account, and uses the Page token", async () => {
    const rig = createRig();
    const url = rig.graph.oauth.facebookAuthorizeUrl({
      scopes: [
        "instagram_basic",
        "pages_show_list",
        "pages_read_engagement",
        "instagram_manage_messages",
        "pages_manage_metadata",
        "instagram_manage_insights",
      ],
      state: "fb-state",
    });
    expect(url).toContain("/sandbox/www.facebook.com/v23.0/dialog/oauth?");
    const result = await consent(rig, url, "northfield.coffee");
    expect(result.html).toContain("Continue with Facebook");
    expect(result.location).toMatch(
      /^https:\/\/app\.test\/auth\/instagram\/callback\?code=AQ[^&]+&state=fb-state#_=_$/,
    );
    const code = new URL(result.location).searchParams.get("code")!;
    const short = await rig.graph.oauth.exchangeFacebookCode(code);
    expect(short).toMatchObject({
      accessToken: expect.stringMatching(/^EAA/),
      tokenType: "bearer",
      expiresIn: 3600,
    });
    const reused = await rig.graph.oauth.exchangeFacebookCode(code).catch((e: unknown) => e);
    expect(reused).toMatchObject({ code: 100, subcode: 36009 });
    const long = await rig.graph.oauth.exchangeFacebookLongLivedToken(short.accessToken);
    expect(long.expiresIn).toBe(60 * 86400);

    expect(await rig.graph.facebook.getUser(long.accessToken)).toMatchObject({
      id: rig.northfield.fbUserId,
      name: "Sam Lindgren",
    });
    const permissions = await rig.graph.facebook.listPermissions(long.accessToken);
    expect(permissions).toContainEqual({ permission: "instagram_basic", status: "granted" });
    const pages = await rig.graph.facebook.listPages(long.accessToken);
    expect(pages.data).toHaveLength(2);
    expect(pages.data.find((page) => page.instagram_business_account === undefined)?.name).toBe(
      "Northfield Coffee Events",
    );
    const [page] = await rig.graph.facebook.listInstagramPages(long.accessToken);
    expect(page).toMatchObject({
      id: rig.northfield.pageId,
      instagram_business_account: { id: rig.northfield.igUserId, username: "northfield.coffee" },
    });
    expect(page!.access_token!.startsWith("EAA")).toBe(true);
    expect(await rig.graph.facebook.getPage(page!.id, page!.access_token!)).toMatchObject({
      instagram_business_account: { id: rig.northfield.igUserId },
    });

    const account = rig.graph.account({
      login: "facebook",
      accessToken: page!.access_token!,
      igUserId: page!.instagram_business_account!.id,
      pageId: page!.id,
    });
    expect((await account.getProfile()).username).toBe("northfield.coffee");
    expect((await account.listConversations({ limit: 2 })).data).toHaveLength(2);
    await expect(account.subscribeWebhooks(["messages", "comments"])).resolves.toEqual({
      success: true,
    });
    // Page tokens from a long-lived user token do not expire (§1.3).
    rig.advance(90 * 86400_000);
    await expect(account.getProfile()).resolves.toMatchObject({ username: "northfield.coffee" });
  });
});
