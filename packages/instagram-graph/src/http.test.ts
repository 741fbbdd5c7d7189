import { describe, expect, it } from "vitest";
import { z } from "zod";
import { metaBaseUrls } from "./base-urls.ts";
import { GraphApiError } from "./errors.ts";
import {
  createTransport,
  encodeParam,
  type FetchLike,
  type GraphCallInfo,
  parseJsonPreservingIds,
} from "./http.ts";

function transport(fetch: FetchLike, extra: Partial<Parameters<typeof createTransport>[0]> = {}) {
  const sleeps: number[] = [];
  return {
    sleeps,
    http: createTransport({
      baseUrls: metaBaseUrls,
      version: "v23.0",
      fetch,
      sleep: async (ms) => void sleeps.push(ms),
      random: () => 0,
      ...extra,
    }),
  };
}

const json = (body: unknown, status = 200, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json", ...headers },
  });

describe("transport", () => {
  it("builds versioned URLs, sends the token as a Bearer header and form bodies as urlencoded", async () => {
    const seen: Array<{ url: string; init: RequestInit | undefined }> = [];
    const { http } = transport(async (url, init) => {
      seen.push({ url, init });
      return json({ id: "1" });
    });
    await http.request(
      {
        host: "graphFacebook",
        method: "POST",
        path: "/1/media",
        form: { user_tags: [{ username: "a", x: 0.5, y: 0.5 }], caption: "hi", skip: undefined },
        token: "EAAtoken",
        idempotent: true,
      },
      z.object({ id: z.string() }),
    );
    expect(seen[0]!.url).toBe("https://graph.facebook.com/v23.0/1/media");
    const headers = seen[0]!.init!.headers as Record<string, string>;
    expect(headers.authorization).toBe("Bearer EAAtoken");
    expect(String(seen[0]!.init!.body)).toBe(
      "user_tags=%5B%7B%22username%22%3A%22a%22%2C%22x%22%3A0.5%2C%22y%22%3A0.5%7D%5D&caption=hi",
    );
  });

  it("retries idempotent calls on transient failures and network errors, not others", async () => {
    let calls = 0;
    const { http, sleeps } = transport(async () => {
      calls++;
      if (calls === 1) throw new TypeError("fetch failed");
      if (calls === 2)
        return json(
          { error: { message: "Service unavailable", code: 2, is_transient: true } },
          500,
        );
      return json({ ok: true });
    });
    await expect(
      http.request(
        { host: "graphInstagram", method: "GET", path: "/me", idempotent: true },
        z.object({ ok: z.boolean() }),
      ),
    ).resolves.toEqual({ ok: true });
    expect(calls).toBe(3);
    expect(sleeps).toEqual([250, 500]);

    calls = 0;
    const { http: once } = transport(async () => {
      calls++;
      return json({ error: { message: "Service unavailable", code: 2, is_transient: true } }, 500);
    });
    await expect(
      once.request(
        { host: "graphInstagram", method: "POST", path: "/me/messages", idempotent: false },
        z.object({}),
      ),
    ).rejects.toBeInstanceOf(GraphApiError);
    expect(calls).toBe(1);
  });

  it("caps the backoff at maxDelayMs, and refuses to wait longer than that for a regained quota", async () => {
    const failing = async () =>
      json({ error: { message: "Service unavailable", code: 2, is_transient: true } }, 500);
    const { http, sleeps } = transport(failing, {
      retry: { maxAttempts: 6, baseDelayMs: 1000, maxDelayMs: 3000 },
      random: () => 1,
    });
    await expect(
      http.request(
        { host: "graphInstagram", method: "GET", path: "/me", idempotent: true },
        z.object({}),
      ),
    ).rejects.toBeInstanceOf(GraphApiError);
    // 1 s, 2 s, then 4 s, 8 s, 16 s held at the 3 s cap.
    expect(sleeps).toEqual([1000, 2000, 3000, 3000, 3000]);

    // Meta says when the quota comes back: waited when within the cap, not beyond it.
    const usage = (minutes: number) => ({
      "x-business-use-case-usage": JSON.stringify({
        "1": [
          {
            type: "instagram",
            call_count: 100,
            total_cputime: 1,
            total_time: 1,
            estimated_time_to_regain_access: minutes,
          },
        ],
      }),
    });
    for (const [minutes, expected] of [
      [1, [60_000]],
      [2, []],
    ] as const) {
      let calls = 0;
      const { http: limited, sleeps: waited } = transport(
        async () => {
          calls++;
          if (calls > 1) return json({});
          return json(
            { error: { message: "Application request limit reached", code: 4 } },
            400,
            usage(minutes),
          );
        },
        { retry: { maxAttempts: 3, baseDelayMs: 1000, maxDelayMs: 60_000 } },
      );
      const result = limited.request(
        { host: "graphInstagram", method: "GET", path: "/me", idempotent: true },
        z.object({}),
      );
      if (expected.length) await expect(result).resolves.toEqual({});
      else await expect(result).rejects.toBeInstanceOf(GraphApiError);
      expect(waited).toEqual(expected);
    }
  });

  it("times out a request whose fetch never settles (even one ignoring the signal)", async () => {
    const { http } = transport(() => new Promise<Response>(() => {}), {
      timeoutMs: 20,
      retry: { maxAttempts: 1 },
    });
    const error = await http
      .request(
        { host: "graphInstagram", method: "GET", path: "/me", idempotent: true },
        z.object({}),
      )
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: "timeout", isTransient: true });
  });

  it("rejects bodies that do not match the schema without echoing values", async () => {
    const { http } = transport(async () => json({ id: 42, secret: "IGAAverysecrettoken" }));
    const error = (await http
      .request(
        { host: "graphInstagram", method: "GET", path: "/me", idempotent: true },
        z.object({ id: z.string() }),
      )
      .catch((e: unknown) => e)) as GraphApiError;
    expect(error.kind).toBe("invalid_response");
    expect(error.message).toContain("id:");
    expect(error.message).not.toContain("IGAA");
  });

  it("honours the caller's AbortSignal", async () => {
    const controller = new AbortController();
    const { http } = transport(() => new Promise<Response>(() => {}));
    const pending = http.request(
      {
        host: "graphInstagram",
        method: "GET",
        path: "/me",
        idempotent: true,
        signal: controller.signal,
      },
      z.object({}),
    );
    controller.abort(new Error("stop"));
    await expect(pending).rejects.toThrow("stop");
  });

  it("keeps 17-digit numeric ids exact and encodes params like Meta expects", () => {
    expect(parseJsonPreservingIds('{"user_id":17841400000000001,"n":5}')).toEqual({
      user_id: "17841400000000001",
      n: 5,
    });
    expect(parseJsonPreservingIds('{"caption":"\\"user_id\\": 17841400000000001"}')).toEqual({
      caption: '"user_id": 17841400000000001',
    });
    expect(encodeParam(["a", "b"])).toBe('["a","b"]');
    expect(encodeParam(true)).toBe("true");
    expect(encodeParam(null)).toBeUndefined();
  });

  it("tells onCall of every attempt: its path, how it ended and Meta's code, never the token", async () => {
    const calls: GraphCallInfo[] = [];
    let attempt = 0;
    const { http } = transport(
      async () => {
        attempt++;
        if (attempt === 1) throw new TypeError("fetch failed");
        if (attempt === 2) return json({ id: "17841400000000001" });
        return json({ error: { message: "Invalid OAuth access token.", code: 190 } }, 400);
      },
      { onCall: (call) => calls.push(call) },
    );
    const schema = z.object({ id: z.string() });
    const call = {
      host: "graphFacebook" as const,
      method: "GET" as const,
      path: "/17841400000000001/media",
      token: "EAAsecret",
      idempotent: true,
    };
    await expect(http.request(call, schema)).resolves.toEqual({ id: "17841400000000001" });
    await expect(http.request(call, schema)).rejects.toBeInstanceOf(GraphApiError);
    expect(calls.map((c) => [c.method, c.host, c.path, c.error?.kind, c.error?.code])).toEqual([
      ["GET", "graphFacebook", "/17841400000000001/media", "network", 0],
      ["GET", "graphFacebook", "/17841400000000001/media", undefined, undefined],
      ["GET", "graphFacebook", "/17841400000000001/media", "graph", 190],
    ]);
    expect(calls.every((c) => c.durationMs >= 0)).toBe(true);
    expect(JSON.stringify(calls)).not.toContain("EAAsecret");

    // A hook that throws changes nothing about the answer.
    const { http: quiet } = transport(async () => json({ id: "1" }), {
      onCall: () => {
        throw new Error("broken hook");
      },
    });
    await expect(quiet.request(call, schema)).resolves.toEqual({ id: "1" });
  });
});
