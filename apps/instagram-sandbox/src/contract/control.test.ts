import { parseSignedRequest } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { APP_SECRET, createRig, instagramCode, ORIGIN } from "./test-rig.ts";

describe("control endpoints", () => {
  it("require the per-process control token, always", async () => {
    const rig = createRig({ sandbox: { controlToken: "let-me-in-please-0123" } });
    expect((await rig.fetch(`${ORIGIN}/sandbox/_control/state`)).status).toBe(403);
    const wrong = await rig.fetch(`${ORIGIN}/sandbox/_control/state`, {
      headers: { "x-sandbox-control-token": "let-me-in-please-0124" },
    });
    expect(wrong.status).toBe(403);
    const allowed = await rig.fetch(`${ORIGIN}/sandbox/_control/state`, {
      headers: { "x-sandbox-control-token": "let-me-in-please-0123" },
    });
    expect(allowed.status).toBe(200);
    // Without a configured token, a random one per sandbox: none is guessable or empty.
    const other = createRig();
    expect(other.sandbox.controlToken.length).toBeGreaterThanOrEqual(24);
    expect(other.sandbox.controlToken).not.toBe(createRig().sandbox.controlToken);
    const none = await other.fetch(`${ORIGIN}/sandbox/_control/state`, {
      headers: { "x-sandbox-control-token": "" },
    });
    expect(none.status).toBe(403);
  });

  it("refuse cross-site callers and non-JSON bodies even with the token", async () => {
    const rig = createRig();
    const headers = { "x-sandbox-control-token": rig.sandbox.controlToken };
    const foreign = await rig.fetch(`${ORIGIN}/sandbox/_control/reset`, {
      method: "POST",
      headers: { ...headers, origin: "https://evil.test", "content-type": "application/json" },
      body: "{}",
    });
    expect(foreign.status).toBe(403);
    const crossSite = await rig.fetch(`${ORIGIN}/sandbox/_control/reset`, {
      method: "POST",
      headers: { ...headers, "sec-fetch-site": "cross-site", "content-type": "application/json" },
      body: "{}",
    });
    expect(crossSite.status).toBe(403);
    const plain = await rig.fetch(`${ORIGIN}/sandbox/_control/activity`, {
      method: "POST",
      headers: { ...headers, "content-type": "text/plain" },
      body: JSON.stringify({ level: "high" }),
    });
    expect(plain.status).toBe(415);
    expect(rig.sandbox.activity).toBe("off");
  });

  it("match fault paths by glob, never by regular expression, in linear time", async () => {
    const rig = createRig();
    const tooLong = await rig.control("/faults", { pathGlob: "*".repeat(201), status: 500 });
    expect(tooLong.status).toBe(400);
    // A pattern that is catastrophic as a regex is a literal glob here, and answers at once.
    const evil = await rig.control("/faults", { pathGlob: "(a+)+$", status: 500, times: 0 });
    expect(evil.status).toBe(201);
    const started = performance.now();
    const account = rig.igAccount("oona.bakes");
    await account.getProfile();
    expect(performance.now() - started).toBeLessThan(1000);
    const legacy = await rig.control("/faults", { pathRegex: "^/me$", status: 500 });
    expect(legacy.status).toBe(400);
  });

  it("reset drops published media, added comments and faults", async () => {
    const rig = createRig();
    const account = rig.igAccount("oona.bakes");
    const { id } = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    rig.advance(3_000);
    const media = await account.publish(id);
    await rig.control("/faults", { path: "/nothing", times: 0, status: 500 });
    expect((await rig.control("/state")).json.publishedViaApi).toBe(1);
    await rig.control("/reset", {});
    const state = await rig.control("/state");
    expect(state.json).toMatchObject({ publishedViaApi: 0, faults: [] });
    expect((await account.listMedia({ limit: 1 })).data[0]?.id).not.toBe(media.id);
  });

  it("issues tokens with custom age and scopes, and simulates comments and DMs", async () => {
    const rig = createRig();
    const issued = await rig.control("/tokens", {
      username: "northfield.coffee",
      login: "facebook",
      kind: "page",
    });
    expect(issued.status).toBe(201);
    expect(issued.json).toMatchObject({
      access_token: expect.stringMatching(/^EAA/),
      expires_at: null,
      user_id: rig.northfield.pageId,
    });
    const comment = await rig.control("/simulate/comment", {
      username: "northfield.coffee",
      text: "Is the Kenya back?",
    });
    const account = rig.fbAccount("northfield.coffee");
    expect((await account.getComment(String(comment.json.id))).text).toBe("Is the Kenya back?");
    await rig.control("/simulate/message", {
      username: "northfield.coffee",
      text: "Wholesale question",
    });
    const [latest] = (await account.listConversations({ limit: 1 })).data;
    expect((await account.listMessages(latest!.id)).messages[0]!.message).toBe(
      "Wholesale question",
    );
  });

  it("sends Meta-style signed requests to deauthorize/data-deletion callbacks", async () => {
    const received: string[] = [];
    const targets: string[] = [];
    const rig = createRig({
      external: async (url, init) => {
        targets.push(url);
        received.push(String(init?.body));
        return new Response(JSON.stringify({ url: `${url}/status`, confirmation_code: "abc" }), {
          status: 200,
        });
      },
    });
    const result = await rig.control("/signed-request", {
      username: "lena.makes",
      callback: "data-deletion",
    });
    expect(result.json.status).toBe(200);
    expect(targets).toEqual(["https://app.test/api/meta/data-deletion"]);
    // No caller-given address: the old `url` field is refused, nothing is fetched.
    const smuggled = await rig.control("/signed-request", {
      username: "lena.makes",
      url: "http://169.254.169.254/latest/meta-data",
    });
    expect(smuggled.status).toBe(400);
    expect(targets).toHaveLength(1);
    const signed = new URLSearchParams(received[0]).get("signed_request")!;
    expect(parseSignedRequest(signed, APP_SECRET)).toMatchObject({
      algorithm: "HMAC-SHA256",
      user_id: rig.lena.igUserId,
    });
  });

  it("expires unused OAuth codes after an hour", async () => {
    const rig = createRig();
    const code = await instagramCode(rig, "lena.makes");
    rig.advance(3600_000 + 1);
    const error = await rig.graph.oauth.exchangeInstagramCode(code).catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "oauth",
      graphMessage: "Matching code was not found or was already used",
    });
  });

  it("serves generated artwork, avatars and sample files from its CDN", async () => {
    const rig = createRig();
    const media = (await rig.igAccount().listMedia({ limit: 1 })).data[0]!;
    const art = await rig.fetch(
      media.media_url!.includes(".mp4") ? media.thumbnail_url! : media.media_url!,
    );
    expect(art.headers.get("content-type")).toContain("image/svg+xml");
    expect(await art.text()).toContain("<svg");
    const avatar = await rig.fetch((await rig.igAccount().getProfile()).profile_picture_url!);
    expect(avatar.status).toBe(200);
    const jpeg = new Uint8Array(await (await rig.fetch(rig.sampleJpeg(640, 800))).arrayBuffer());
    expect([...jpeg.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  });
});
