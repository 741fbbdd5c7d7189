import { type GraphUsage, isRateLimited, isTokenInvalid } from "@sightline/instagram-graph";
import { describe, expect, it } from "vitest";
import { caught } from "./assertions.ts";
import { createRig, ORIGIN, wireClientToSandbox } from "./test-rig.ts";

describe("errors, retries and rate limits (§8) through fault injection", () => {
  it("retries transient 5xx with back-off for reads", async () => {
    const rig = createRig();
    await rig.control("/faults", { path: "/me", status: 500, times: 2 });
    const profile = await rig.igAccount().getProfile();
    expect(profile.username).toBe("lena.makes");
    expect(rig.sleeps).toEqual([375, 750]); // 500·2^n with equal jitter at random()=0.5
  });

  it("gives up after maxAttempts and reports attempts", async () => {
    const rig = createRig();
    await rig.control("/faults", { path: "/me", code: 2, times: 5 });
    const error = await caught(rig.igAccount().getProfile());
    expect(error).toMatchObject({ code: 2, isTransient: true, attempts: 3 });
    expect(error.fbtraceId).toBeTruthy();
  });

  it("never repeats media_publish or a sent message after a server error", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const { id } = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    rig.advance(3000);
    await rig.control("/faults", { pathGlob: "*/media_publish", status: 500, times: 1 });
    const error = await caught(account.publish(id));
    expect(error.attempts).toBe(1);
    expect(rig.sleeps).toEqual([]);
    // The container tells the truth afterwards; here the publish never happened.
    expect((await account.getContainerStatus(id)).statusCode).toBe("FINISHED");
  });

  it("can publish and then drop the connection: the caller sees a network error, the container says PUBLISHED", async () => {
    const rig = createRig();
    const account = rig.igAccount();
    const caption = "Lost answer";
    const { id } = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
      caption,
    });
    rig.advance(3000);
    await rig.control("/faults", { pathGlob: "*/media_publish", dropResponse: true, times: 1 });
    const error = await caught(account.publish(id));
    expect(error).toMatchObject({ kind: "network", attempts: 1 });
    // It went live all the same, exactly once.
    expect((await account.getContainerStatus(id)).statusCode).toBe("PUBLISHED");
    const live = await account.listMedia({ limit: 10, fields: "id,caption" });
    expect(live.data.filter((media) => media.caption === caption)).toHaveLength(1);
    // Asking again is refused: a container is published once.
    expect(await caught(account.publish(id))).toMatchObject({ code: 100 });
  });

  it("surfaces rate-limit codes with usage headers, and retries them", async () => {
    const usages: GraphUsage[] = [];
    const rig = createRig({ client: { onUsage: (usage) => usages.push(usage) } });
    for (const code of [4, 17, 32, 613, 80002]) {
      await rig.control("/faults", { path: "/me", code, times: 3 });
      const error = await caught(rig.igAccount().getProfile());
      expect(isRateLimited(error)).toBe(true);
      expect(error.code).toBe(code);
      expect(error.usage?.maxPercent).toBe(100);
    }
    expect(usages.some((usage) => usage.app?.callCount === 100)).toBe(true);
    expect(usages.some((usage) => usage.businessUseCase[0]?.callCount === 100)).toBe(true);
    // A rate limit that asks for a long wait is surfaced at once instead of sleeping for minutes.
    rig.sleeps.length = 0;
    await rig.control("/faults", { path: "/me", code: 80002, regainMinutes: 30, times: 1 });
    const long = await caught(rig.igAccount().getProfile());
    expect(long.usage?.regainAccessMs).toBe(30 * 60_000);
    expect(rig.sleeps).toEqual([]);
    // A media_publish rate-limit is retried: Meta rejected it before doing anything.
    await rig.control("/faults", { pathGlob: "*/media_publish", code: 4, times: 1 });
    const account = rig.igAccount();
    const { id } = await account.createContainer({
      kind: "image",
      imageUrl: rig.sampleJpeg(1080, 1080),
    });
    rig.advance(3000);
    await expect(account.publish(id)).resolves.toMatchObject({ id: expect.any(String) });
  });

  it("reports usage headers on ordinary successful calls", async () => {
    const usages: Array<{ usage: GraphUsage; path: string }> = [];
    const rig = createRig({
      client: { onUsage: (usage, info) => usages.push({ usage, path: info.path }) },
    });
    await rig.igAccount().getProfile();
    await rig.fbAccount().businessDiscovery("morningpour");
    expect(usages[0]?.usage.businessUseCase[0]).toMatchObject({
      id: rig.lena.igUserId,
      type: "instagram",
    });
    expect(usages[1]?.usage.app?.callCount).toBeGreaterThanOrEqual(0);
  });

  it("times out slow responses with an AbortSignal", async () => {
    const rig = createRig({ client: { timeoutMs: 30, retry: { maxAttempts: 1 } } });
    await rig.control("/faults", { path: "/me", delayMs: 2_000, times: 1 });
    const started = Date.now();
    const error = await caught(rig.igAccount().getProfile());
    expect(error.kind).toBe("timeout");
    expect(error.isTransient).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("maps a non-JSON gateway error and the legacy OAuth shape", async () => {
    const rig = createRig();
    await rig.control("/faults", {
      path: "/me",
      status: 502,
      body: "<html>Bad gateway</html>",
      times: 3,
    });
    expect(await caught(rig.igAccount().getProfile())).toMatchObject({
      kind: "http",
      status: 502,
      isTransient: true,
      attempts: 3,
    });
    await rig.control("/faults", {
      host: "api.instagram.com",
      path: "/oauth/access_token",
      code: 400,
      message: "Invalid platform app",
    });
    expect(await caught(rig.graph.oauth.exchangeInstagramCode("AQxyz"))).toMatchObject({
      kind: "oauth",
      graphMessage: "Invalid platform app",
    });
  });

  it("keeps tokens out of error messages, URLs and JSON", async () => {
    const rig = createRig({ client: { tokenTransport: "query", retry: { maxAttempts: 1 } } });
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const account = rig.graph.account({
      login: "instagram",
      accessToken: token,
      igUserId: rig.lena.igUserId,
    });
    await rig.control("/faults", {
      path: "/me",
      code: 190,
      message: `Error validating access token ${token}`,
    });
    const error = await caught(account.getProfile());
    expect(isTokenInvalid(error)).toBe(true);
    for (const text of [
      error.message,
      error.url ?? "",
      error.graphMessage,
      JSON.stringify(error),
      String(error.stack),
    ]) {
      expect(text).not.toContain(token);
    }
    expect(error.url).toContain("access_token=[redacted]");
  });

  it("puts the token into paging.next like Meta (callers must treat it as secret)", async () => {
    const rig = createRig();
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const response = await rig.fetch(
      `${ORIGIN}/sandbox/graph.instagram.com/v23.0/${rig.lena.igUserId}/media?limit=2`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = (await response.json()) as {
      paging: { next: string; cursors: { after: string } };
    };
    expect(body.paging.next).toContain(`access_token=${token}`);
    expect(body.paging.cursors.after.startsWith("QVFI")).toBe(true);
    expect(response.headers.get("x-business-use-case-usage")).toContain(rig.lena.igUserId);
  });

  it("accepts any version prefix or none, every token transport and every body encoding", async () => {
    const rig = createRig();
    const token = rig.sandbox.issueToken({ username: "lena.makes", login: "instagram" });
    const base = `${ORIGIN}/sandbox/graph.instagram.com`;
    for (const path of ["/v19.0/me", "/v25.0/me", "/me"]) {
      const response = await rig.fetch(`${base}${path}?fields=username&access_token=${token}`);
      expect(await response.json()).toMatchObject({ username: "lena.makes" });
    }
    for (const header of [`Bearer ${token}`, `OAuth ${token}`]) {
      const response = await rig.fetch(`${base}/me?fields=username`, {
        headers: { authorization: header },
      });
      expect(response.status).toBe(200);
    }
    const mediaId = (
      (await (await rig.fetch(`${base}/me/media?limit=1&access_token=${token}`)).json()) as {
        data: Array<{ id: string }>;
      }
    ).data[0]!.id;
    const bodies: Array<[RequestInit["body"], Record<string, string>]> = [
      [new URLSearchParams({ message: "form", access_token: token }), {}],
      [
        (() => {
          const form = new FormData();
          form.set("message", "multipart");
          form.set("access_token", token);
          return form;
        })(),
        {},
      ],
      [
        JSON.stringify({ message: "json", access_token: token }),
        { "content-type": "application/json" },
      ],
    ];
    for (const [body, headers] of bodies) {
      const response = await rig.fetch(`${base}/v23.0/${mediaId}/comments`, {
        method: "POST",
        body,
        headers,
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ id: expect.any(String) });
    }
    const noToken = await rig.fetch(`${base}/me`);
    expect(((await noToken.json()) as { error: { code: number } }).error.code).toBe(104);
    const unknown = await rig.fetch(`${base}/me/nonsense?access_token=${token}`);
    expect(
      ((await unknown.json()) as { error: { code: number; fbtrace_id: string } }).error,
    ).toMatchObject({ code: 100, fbtrace_id: expect.any(String) });
  });

  it("works with the plain in-process wiring suggested to the server", async () => {
    const rig = createRig();
    const graph = wireClientToSandbox(rig.sandbox);
    const account = graph.account({
      login: "instagram",
      accessToken: rig.sandbox.issueToken({ username: "oona.bakes", login: "instagram" }),
      igUserId: rig.oona.igUserId,
    });
    await expect(account.getProfile()).resolves.toMatchObject({ username: "oona.bakes" });
  });
});
