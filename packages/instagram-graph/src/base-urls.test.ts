import { describe, expect, it } from "vitest";
import { metaBaseUrls, sandboxBaseUrls } from "./base-urls.ts";
import { createGraphClient } from "./client.ts";

describe("base URLs", () => {
  it("maps every Meta host under /sandbox/<host>", () => {
    expect(sandboxBaseUrls("http://localhost:3000/")).toEqual({
      graphInstagram: "http://localhost:3000/sandbox/graph.instagram.com",
      graphFacebook: "http://localhost:3000/sandbox/graph.facebook.com",
      apiInstagram: "http://localhost:3000/sandbox/api.instagram.com",
      instagramAuthorize: "http://localhost:3000/sandbox/www.instagram.com/oauth/authorize",
      facebookAuthorize: "http://localhost:3000/sandbox/www.facebook.com/{version}/dialog/oauth",
      rupload: "http://localhost:3000/sandbox/rupload.facebook.com",
    });
  });

  it("builds Meta's authorize URLs", () => {
    const client = createGraphClient({
      baseUrls: metaBaseUrls,
      appId: "111",
      instagramAppId: "222",
      appSecret: "s",
      instagramAppSecret: "i",
      redirectUri: "https://app.test/cb",
      version: "v23.0",
    });
    const ig = new URL(
      client.oauth.instagramAuthorizeUrl({
        scopes: ["instagram_business_basic", "instagram_business_manage_messages"],
        state: "st",
      }),
    );
    expect(ig.origin + ig.pathname).toBe("https://www.instagram.com/oauth/authorize");
    expect(Object.fromEntries(ig.searchParams)).toEqual({
      client_id: "222",
      redirect_uri: "https://app.test/cb",
      response_type: "code",
      scope: "instagram_business_basic,instagram_business_manage_messages",
      state: "st",
    });
    const fb = new URL(
      client.oauth.facebookAuthorizeUrl({
        configId: "cfg",
        state: "st",
        extras: { setup: { channel: "IG_API_ONBOARDING" } },
      }),
    );
    expect(fb.pathname).toBe("/v23.0/dialog/oauth");
    expect(fb.searchParams.get("client_id")).toBe("111");
    expect(fb.searchParams.get("config_id")).toBe("cfg");
    expect(() =>
      createGraphClient({
        baseUrls: metaBaseUrls,
        appId: "1",
        appSecret: "s",
        instagramAppSecret: "i",
        redirectUri: "x",
        version: "23",
      }),
    ).toThrow(TypeError);
  });
});
