import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createRig, INSTAGRAM_APP_ID, ORIGIN, REDIRECT_URI } from "./test-rig.ts";

/** Decision 015: per-user spaces, the consent pages' rules and the media fetch policy. */

function spacedRig(extra: Parameters<typeof createRig>[0] = {}) {
  // The host names the signed-in user from a header here (Sightline reads its session cookie).
  return createRig({
    ...extra,
    sandbox: {
      spaceOf: (request) => request.headers.get("x-test-user") ?? undefined,
      ...extra.sandbox,
    },
  });
}

function authorizeQuery(extra: Record<string, string> = {}) {
  return new URLSearchParams({
    client_id: INSTAGRAM_APP_ID,
    redirect_uri: REDIRECT_URI,
    scope: "instagram_business_basic",
    response_type: "code",
    state: "s",
    ...extra,
  });
}

describe("per-user spaces", () => {
  it("gives each user a copy of the demo accounts under ids of its own", async () => {
    const rig = spacedRig();
    const alice = rig.sandbox.accounts("alice");
    const bob = rig.sandbox.accounts("bob");
    expect(alice.map((a) => a.username)).toEqual(bob.map((a) => a.username));
    for (const [index, account] of alice.entries()) {
      const other = bob[index]!;
      expect(account.igUserId).not.toBe(other.igUserId);
      expect(account.fbUserId).not.toBe(other.fbUserId);
      expect(account.pageId).not.toBe(other.pageId);
    }
    // The same posts: a copy, not another world.
    const media = async (space: string) => {
      const info = rig.sandbox.accounts(space).find((a) => a.username === "lena.makes")!;
      const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram", space });
      const response = await rig.fetch(
        `${ORIGIN}/sandbox/graph.instagram.com/v23.0/${info.igUserId}/media?fields=caption&limit=5&access_token=${token}`,
      );
      return ((await response.json()) as { data: Array<{ caption?: string }> }).data;
    };
    expect((await media("alice")).map((m) => m.caption)).toEqual(
      (await media("bob")).map((m) => m.caption),
    );
  });

  it("forgets a user's copy, in memory and on disk, and leaves the others", () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-spaces-"));
    try {
      const rig = spacedRig({ sandbox: { spaceStateDir: dir } });
      for (const space of ["alice", "bob"]) {
        rig.sandbox.simulateMessage({ username: "lena.makes", text: "hello", space });
      }
      expect(readdirSync(dir)).toHaveLength(2);
      rig.sandbox.forgetSpace("alice");
      expect(rig.sandbox.hasSpace("alice")).toBe(false);
      expect(rig.sandbox.hasSpace("bob")).toBe(true);
      expect(readdirSync(dir)).toHaveLength(1);
      expect(existsSync(dir)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("forgets a named copy through the control API, and only a named one", async () => {
    const dir = mkdtempSync(join(tmpdir(), "sandbox-spaces-"));
    try {
      const rig = spacedRig({ sandbox: { spaceStateDir: dir } });
      for (const space of ["alice", "bob"]) {
        rig.sandbox.simulateMessage({ username: "lena.makes", text: "hello", space });
      }
      const forget = (headers: Record<string, string>) =>
        rig.fetch(`${ORIGIN}/sandbox/_control/space`, {
          method: "DELETE",
          headers: { "x-sandbox-control-token": rig.sandbox.controlToken, ...headers },
        });
      expect((await forget({})).status).toBe(400);
      expect((await forget({ "x-sandbox-space": "default" })).status).toBe(400);
      const refused = await rig.fetch(`${ORIGIN}/sandbox/_control/space`, {
        method: "DELETE",
        headers: { "x-sandbox-space": "alice" },
      });
      expect(refused.status).toBe(403);
      expect(rig.sandbox.hasSpace("alice")).toBe(true);
      expect((await forget({ "x-sandbox-space": "alice" })).status).toBe(200);
      expect(rig.sandbox.hasSpace("alice")).toBe(false);
      expect(rig.sandbox.hasSpace("bob")).toBe(true);
      expect(readdirSync(dir)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a token works only in its own space", async () => {
    const rig = spacedRig();
    const bobLena = rig.sandbox.accounts("bob").find((a) => a.username === "lena.makes")!;
    const aliceToken = rig.sandbox.issueToken({
      username: "lena.makes",
      login: "instagram",
      space: "alice",
    });
    const response = await rig.fetch(
      `${ORIGIN}/sandbox/graph.instagram.com/v23.0/${bobLena.igUserId}?fields=username&access_token=${aliceToken}`,
    );
    expect(response.status).toBe(400);
  });

  it("consents only for the signed-in user, into their space, with the code flow only", async () => {
    const rig = spacedRig();
    const dialog = `${ORIGIN}/sandbox/www.instagram.com/oauth/authorize`;
    const anonymous = await rig.fetch(`${dialog}?${authorizeQuery()}`);
    expect(anonymous.status).toBe(401);
    const page = await rig.fetch(
      new Request(`${dialog}?${authorizeQuery()}`, { headers: { "x-test-user": "alice" } }),
    );
    expect(page.status).toBe(200);
    const account = /name="account" value="(\d+)"/.exec(await page.text())![1]!;
    expect(account).toBe(rig.sandbox.accounts("alice")[0]!.igUserId);
    const decide = (extra: Record<string, string>) =>
      rig.fetch(
        new Request(dialog, {
          method: "POST",
          headers: { "x-test-user": "alice" },
          body: authorizeQuery({ decision: "allow", account, ...extra }),
          redirect: "manual",
        }),
      );
    expect((await decide({ response_type: "token" })).status).toBe(400);
    expect((await decide({ redirect_uri: "https://elsewhere.test/cb" })).status).toBe(400);
    const allowed = await decide({});
    expect(allowed.status).toBe(302);
    expect(rig.sandbox.currentSpace).toBe("alice");
    const code = new URL(allowed.headers.get("location")!).searchParams.get("code")!;
    const exchanged = await rig.graph.oauth.exchangeInstagramCode(code);
    const me = await rig.graph.oauth.getInstagramAccountId(exchanged.accessToken);
    expect(me.accountId).toBe(account);
  });
});

describe("the media fetch", () => {
  it("never follows a redirect, and answers every failure alike", async () => {
    const asked: string[] = [];
    const rig = createRig({
      external: (url) => {
        asked.push(url);
        if (url.includes("redirect")) {
          return new Response(null, { status: 302, headers: { location: "http://127.0.0.1/" } });
        }
        if (url.includes("throws")) throw new Error("connect ECONNREFUSED 10.0.0.1:80");
        return new Response("missing", { status: 404 });
      },
    });
    const account = rig.igAccount("oona.bakes");
    const messages = [];
    for (const url of [
      "https://files.test/redirect.jpg",
      "https://files.test/throws.jpg",
      "https://files.test/missing.jpg",
    ]) {
      const error = (await account
        .createContainer({ kind: "image", imageUrl: url })
        .catch((caught: unknown) => caught)) as {
        code: number;
        subcode: number;
        graphMessage: string;
      };
      messages.push([error.code, error.subcode, error.graphMessage]);
    }
    expect(asked).toEqual([
      "https://files.test/redirect.jpg",
      "https://files.test/throws.jpg",
      "https://files.test/missing.jpg",
    ]);
    expect(new Set(messages.map((entry) => JSON.stringify(entry))).size).toBe(1);
    expect(messages[0]).toEqual([9004, 2207052, "The media could not be fetched from this uri"]);
  });

  it("without a host fetch, reads only the sandbox's own sample files", async () => {
    const rig = createRig({ sandbox: { fetchMedia: undefined } });
    const account = rig.igAccount("oona.bakes");
    const own = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    expect(own.id).toBeTruthy();
    const outside = await account
      .createContainer({ kind: "image", imageUrl: "https://files.test/photo.jpg" })
      .catch((caught: unknown) => caught);
    expect(outside).toMatchObject({ code: 9004 });
    // Another sandbox path is not a sample file.
    const walked = await account
      .createContainer({
        kind: "image",
        imageUrl: `${ORIGIN}/sandbox/cdn/samples/../_control/state`,
      })
      .catch((caught: unknown) => caught);
    expect(walked).toMatchObject({ code: 9004 });
  });
});
