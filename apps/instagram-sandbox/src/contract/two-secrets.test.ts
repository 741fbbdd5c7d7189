import {
  createGraphClient,
  parseWebhookPayload,
  sandboxBaseUrls,
} from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { signedWith } from "./assertions.ts";
import {
  APP_ID,
  APP_SECRET,
  consent,
  createRig,
  INSTAGRAM_APP_ID,
  INSTAGRAM_APP_SECRET,
  instagramCode,
  ORIGIN,
  REDIRECT_URI,
  type Rig,
} from "./test-rig.ts";

/** A client whose secrets are given here: to show a mixed-up configuration fails as at Meta. */
function clientWith(rig: Rig, secrets: { appSecret: string; instagramAppSecret: string }) {
  return createGraphClient({
    baseUrls: sandboxBaseUrls(ORIGIN),
    appId: APP_ID,
    instagramAppId: INSTAGRAM_APP_ID,
    ...secrets,
    redirectUri: REDIRECT_URI,
    version: "v23.0",
    fetch: (input, init) => rig.sandbox.app.fetch(new Request(input, init)),
    retry: { maxAttempts: 1 },
  });
}

async function facebookCode(rig: Rig, username: string) {
  const url = rig.graph.oauth.facebookAuthorizeUrl({
    scopes: ["instagram_basic", "pages_show_list", "pages_manage_metadata"],
    state: "s",
  });
  return new URL((await consent(rig, url, username)).location).searchParams.get("code")!;
}

describe("two app secrets, each accepted only where Meta takes it (§12.1)", () => {
  it("refuses the Meta app secret for the Instagram Login code exchange", async () => {
    const rig = createRig();
    const mixedUp = clientWith(rig, { appSecret: APP_SECRET, instagramAppSecret: APP_SECRET });
    const error = await mixedUp.oauth
      .exchangeInstagramCode(await instagramCode(rig, "lena.makes"))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ graphMessage: "Error validating client secret." });
  });

  it("refuses the Meta app secret for ig_exchange_token", async () => {
    const rig = createRig();
    const short = await rig.graph.oauth.exchangeInstagramCode(
      await instagramCode(rig, "lena.makes"),
    );
    const mixedUp = clientWith(rig, { appSecret: APP_SECRET, instagramAppSecret: APP_SECRET });
    const error = await mixedUp.oauth
      .exchangeInstagramLongLivedToken(short.accessToken)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 100, graphMessage: "Error validating client secret." });
    // The right secret still works for the same token.
    expect(
      (await rig.graph.oauth.exchangeInstagramLongLivedToken(short.accessToken)).expiresIn,
    ).toBe(60 * 86400);
  });

  it("refuses the Instagram app secret for the Facebook Login code exchange", async () => {
    const rig = createRig();
    const mixedUp = clientWith(rig, {
      appSecret: INSTAGRAM_APP_SECRET,
      instagramAppSecret: INSTAGRAM_APP_SECRET,
    });
    const error = await mixedUp.oauth
      .exchangeFacebookCode(await facebookCode(rig, "northfield.coffee"))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 100, graphMessage: "Error validating client secret." });
  });

  it("signs Facebook-Login webhooks with the Meta app secret and Instagram-Login ones with the Instagram app secret", async () => {
    const rig = createRig();
    await rig.fbAccount("northfield.coffee").subscribeWebhooks(["comments"]);
    rig.sandbox.simulateComment({ username: "northfield.coffee", text: "Open on Sunday?" });
    await rig.sandbox.idle();
    const facebookHook = rig.webhooks.at(-1)!;
    expect(parseWebhookPayload(facebookHook.body).entry[0]!.id).toBe(rig.northfield.igUserId);
    expect(signedWith(facebookHook, APP_SECRET)).toBe(true);
    expect(signedWith(facebookHook, INSTAGRAM_APP_SECRET)).toBe(false);

    await rig.igAccount("lena.makes").subscribeWebhooks(["comments"]);
    rig.sandbox.simulateComment({ username: "lena.makes", text: "Love this" });
    await rig.sandbox.idle();
    const instagramHook = rig.webhooks.at(-1)!;
    expect(signedWith(instagramHook, INSTAGRAM_APP_SECRET)).toBe(true);
    expect(signedWith(instagramHook, APP_SECRET)).toBe(false);
  });

  it("will not start with the same value for both secrets", async () => {
    expect(() => createRig({ sandbox: { instagramAppSecret: APP_SECRET } })).toThrow(
      /instagramAppSecret must differ from appSecret/,
    );
  });
});
