import { parseSignedRequest } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { APP_SECRET, createRig, instagramCode, ORIGIN } from "./test-rig.ts";

describe("control endpoints", () => {
  it("require the configured control token", async () => {
    const rig = createRig({ sandbox: { controlToken: "let-me-in-let-me-in" } });
    expect(rig.sandbox.controlToken).toBe("let-me-in-let-me-in");
    expect((await rig.fetch(`${ORIGIN}/sandbox/_control/state`)).status).toBe(403);
    const allowed = await rig.fetch(`${ORIGIN}/sandbox/_control/state`, {
      headers: { "x-sandbox-control-token": "let-me-in-let-me-in" },
    });
    expect(allowed.status).toBe(200);
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
    const rig = createRig({
      external: async (url, init) => {
        received.push(String(init?.body));
        return new Response(JSON.stringify({ url: `${url}/status`, confirmation_code: "abc" }), {
          status: 200,
        });
      },
    });
    const result = await rig.sandbox.sendSignedRequest({
      username: "lena.makes",
      url: "https://app.test/meta/data-deletion",
    });
    expect(result.status).toBe(200);
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
