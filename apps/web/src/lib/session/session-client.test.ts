import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { earlySession, fetchSessionEarly } from "./early-session.ts";
import {
  type AuthEvent,
  SESSION_STORAGE_KEY,
  type Session,
  SessionClient,
} from "./session-client.ts";

function jwt(exp: number, sub = "user-1") {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "");
  return `${encode({ alg: "EdDSA" })}.${encode({ sub, exp, aal: "aal1" })}.signature`;
}

type Reply = "ok" | "no-session" | "network" | number;

function harness(
  options: { stored?: Session | null; visible?: boolean; early?: typeof earlySession } = {},
) {
  let now = 1_800_000_000_000;
  let visible = options.visible ?? true;
  let reply: Reply = "ok";
  let userId = "user-1";
  const store = new Map<string, string>();
  if (options.stored) store.set(SESSION_STORAGE_KEY, JSON.stringify(options.stored));
  const calls: string[] = [];
  const visibility = new Set<(visible: boolean) => void>();
  const storageListeners = new Set<(key: string | null, value: string | null) => void>();

  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? "GET"} ${path}`);
    if (reply === "network") throw new TypeError("Failed to fetch");
    if (typeof reply === "number") {
      return new Response(JSON.stringify({ message: `status ${reply}` }), { status: reply });
    }
    if (path === "/api/auth/get-session") {
      if (reply === "no-session") return new Response("null", { status: 200 });
      const exp = Math.floor(now / 1000) + 15 * 60;
      return new Response(
        JSON.stringify({
          session: { id: "session-1", aal: "aal1" },
          user: {
            id: userId,
            email: "ada@example.com",
            emailVerified: true,
            firstName: "Ada",
            lastName: null,
          },
        }),
        { status: 200, headers: { "set-auth-jwt": jwt(exp, userId) } },
      );
    }
    return new Response(JSON.stringify({ success: true }), { status: 200 });
  });

  const client = new SessionClient({
    fetch: fetch as typeof globalThis.fetch,
    storage: {
      getItem: (key) => store.get(key) ?? null,
      setItem: (key, value) => void store.set(key, value),
      removeItem: (key) => void store.delete(key),
    },
    now: () => now,
    setTimeout: (fn, ms) => setTimeout(fn, ms),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
    isVisible: () => visible,
    onVisibilityChange: (listener) => {
      visibility.add(listener);
      return () => visibility.delete(listener);
    },
    onStorage: (listener) => {
      storageListeners.add(listener);
      return () => storageListeners.delete(listener);
    },
    ...(options.early ? { initialSession: options.early } : {}),
  });
  const events: [AuthEvent, string | null][] = [];
  client.onAuthStateChange((event, session) => events.push([event, session?.user.id ?? null]));

  return {
    client,
    events,
    calls,
    store,
    fetch,
    setReply: (value: Reply) => {
      reply = value;
    },
    setUser: (id: string) => {
      userId = id;
    },
    advance: async (ms: number) => {
      now += ms;
      await vi.advanceTimersByTimeAsync(ms);
    },
    setVisible: (value: boolean) => {
      visible = value;
      for (const listener of visibility) listener(value);
    },
    otherTabWrites: (value: string | null) => {
      for (const listener of storageListeners) listener(SESSION_STORAGE_KEY, value);
    },
  };
}

function storedSession(overrides: Partial<Session> = {}): Session {
  return {
    access_token: jwt(1_800_000_000 + 900),
    refresh_token: "session-1",
    expires_at: 1_800_000_000 + 900,
    aal: "aal1",
    user: {
      id: "user-1",
      email: "ada@example.com",
      email_verified: true,
      first_name: "Ada",
      last_name: null,
    },
    ...overrides,
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("SessionClient", () => {
  it("takes the session request main.tsx started early instead of asking again", async () => {
    const h = harness({ early: earlySession });
    fetchSessionEarly(h.fetch as typeof fetch);
    expect(h.calls).toEqual(["GET /api/auth/get-session"]);
    h.client.start();
    await flush();
    expect(h.calls).toEqual(["GET /api/auth/get-session"]);
    expect(h.events).toEqual([["INITIAL_SESSION", "user-1"]]);
    // Only the first confirmation: the next one asks the server.
    expect(earlySession.take()).toBeUndefined();
  });

  it("drops the early answer once a sign-in changed the session before the first confirmation", async () => {
    const h = harness({ early: earlySession });
    h.setReply("no-session");
    fetchSessionEarly(h.fetch as typeof fetch);
    await flush();
    h.setReply("ok");
    await h.client.signInWithPassword("ada@example.com", "correct horse");
    h.client.start();
    await flush();
    // The early answer (no session) predates the sign-in: it must not sign the user out.
    expect(h.client.getSession()?.user.id).toBe("user-1");
    expect(h.events.map(([event]) => event)).not.toContain("SIGNED_OUT");
    expect(h.calls.filter((call) => call === "GET /api/auth/get-session")).toHaveLength(3);
  });

  it("tells the early requests to drop their answers when the first confirmation finds nobody", async () => {
    const discard = vi.fn();
    const h = harness({ early: { take: () => earlySession.take(), discard } });
    h.setReply("no-session");
    fetchSessionEarly(h.fetch as typeof fetch);
    h.client.start();
    await flush();
    expect(h.calls).toEqual(["GET /api/auth/get-session"]);
    expect(discard).toHaveBeenCalled();
  });

  it("keeps the early requests' answers for a confirmed session, drops them at a sign-out", async () => {
    const discard = vi.fn();
    const h = harness({
      stored: storedSession(),
      early: { take: () => earlySession.take(), discard },
    });
    fetchSessionEarly(h.fetch as typeof fetch);
    h.client.start();
    await flush();
    expect(h.events).toEqual([["INITIAL_SESSION", "user-1"]]);
    expect(discard).not.toHaveBeenCalled();
    await h.client.signOut();
    expect(discard).toHaveBeenCalled();
  });

  it("emits INITIAL_SESSION with no user when nothing is stored and the server has no session", async () => {
    const h = harness();
    h.setReply("no-session");
    h.client.start();
    await flush();
    expect(h.events).toEqual([["INITIAL_SESSION", null]]);
    expect(h.client.isReady()).toBe(true);
  });

  it("confirms a stored session with the server and persists the fresh token", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    expect(h.client.getSession()?.user.id).toBe("user-1");
    await flush();
    expect(h.events).toEqual([["INITIAL_SESSION", "user-1"]]);
    const persisted = JSON.parse(h.store.get(SESSION_STORAGE_KEY)!) as Session;
    expect(persisted.refresh_token).toBe("session-1");
    expect(persisted.user.first_name).toBe("Ada");
  });

  it("removes a stored session the server no longer knows and emits SIGNED_OUT", async () => {
    const h = harness({ stored: storedSession() });
    h.setReply("no-session");
    h.client.start();
    await flush();
    expect(h.events).toEqual([
      ["INITIAL_SESSION", null],
      ["SIGNED_OUT", null],
    ]);
    expect(h.store.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it("drops a stored session missing its refresh token or expiry without asking the server to keep it", async () => {
    const h = harness({ stored: { ...storedSession(), refresh_token: "" } });
    h.setReply("no-session");
    h.client.start();
    expect(h.client.getSession()).toBeNull();
    expect(h.store.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it("refreshes the access token shortly before it expires (TOKEN_REFRESHED)", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    const before = h.client.getSession()!.expires_at;
    h.calls.length = 0;
    await h.advance(10 * 60_000);
    expect(h.calls).toEqual([]);
    await h.advance(4.5 * 60_000);
    expect(h.calls).toContain("GET /api/auth/get-session");
    expect(h.events.at(-1)).toEqual(["TOKEN_REFRESHED", "user-1"]);
    expect(h.client.getSession()!.expires_at).toBeGreaterThan(before);
  });

  it("pauses the refresh check while the tab is hidden and resumes when it is visible", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.setVisible(false);
    h.calls.length = 0;
    await h.advance(20 * 60_000);
    expect(h.calls).toEqual([]);
    h.setVisible(true);
    await flush();
    expect(h.calls).toContain("GET /api/auth/get-session");
    expect(h.events.at(-1)?.[0]).toBe("TOKEN_REFRESHED");
  });

  it("does not start the refresh check in a tab that opens hidden", async () => {
    const h = harness({ stored: storedSession(), visible: false });
    h.client.start();
    await flush();
    h.calls.length = 0;
    await h.advance(20 * 60_000);
    expect(h.calls).toEqual([]);
    h.setVisible(true);
    await flush();
    expect(h.calls).toEqual(["GET /api/auth/get-session"]);
  });

  it("keeps the session on retryable failures and backs off exponentially from 200 ms", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.setReply("network");
    h.calls.length = 0;
    void h.client.refresh();
    await flush();
    expect(h.calls).toHaveLength(1);
    await h.advance(199);
    expect(h.calls).toHaveLength(1);
    await h.advance(1);
    expect(h.calls).toHaveLength(2);
    await h.advance(400);
    expect(h.calls).toHaveLength(3);
    h.setReply(503);
    await h.advance(800);
    expect(h.calls).toHaveLength(4);
    expect(h.client.getSession()?.user.id).toBe("user-1");
    h.setReply("ok");
    await h.advance(1600);
    expect(h.events.at(-1)).toEqual(["TOKEN_REFRESHED", "user-1"]);
  });

  /** Advances to just before `delay` and sees no new call, then to `delay` and sees exactly one. */
  async function expectNextCallAfter(h: ReturnType<typeof harness>, delay: number) {
    const before = h.calls.length;
    await h.advance(delay - 1);
    expect(h.calls, `no retry sooner than ${delay} ms`).toHaveLength(before);
    await h.advance(1);
    expect(h.calls, `a retry at ${delay} ms`).toHaveLength(before + 1);
  }

  it("doubles the retry delay each time, not sooner, up to a 30 s cap", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.setReply("network");
    h.calls.length = 0;
    void h.client.refresh();
    await flush();
    expect(h.calls).toHaveLength(1);
    for (const delay of [200, 400, 800, 1600, 3200, 6400, 12_800, 25_600, 30_000, 30_000]) {
      await expectNextCallAfter(h, delay);
    }
    expect(h.client.getSession()?.user.id).toBe("user-1");
  });

  it("starts the backoff again from 200 ms after a successful refresh", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.setReply(503);
    h.calls.length = 0;
    void h.client.refresh();
    await flush();
    await expectNextCallAfter(h, 200);
    await expectNextCallAfter(h, 400);
    h.setReply("ok");
    await expectNextCallAfter(h, 800);
    expect(h.events.at(-1)).toEqual(["TOKEN_REFRESHED", "user-1"]);
    h.setReply(503);
    await h.client.refresh();
    await expectNextCallAfter(h, 200);
    await expectNextCallAfter(h, 400);
  });

  it("treats 429 (rate limited) as retryable: keeps the session and retries", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.setReply(429);
    h.calls.length = 0;
    await h.client.refresh();
    expect(h.client.getSession()?.user.id).toBe("user-1");
    expect(h.events.map(([event]) => event)).not.toContain("SIGNED_OUT");
    await expectNextCallAfter(h, 200);
    h.setReply("ok");
    await expectNextCallAfter(h, 400);
    expect(h.events.at(-1)).toEqual(["TOKEN_REFRESHED", "user-1"]);
  });

  it("removes the session and emits SIGNED_OUT when the refresh fails for good", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.setReply("no-session");
    await h.client.refresh();
    expect(h.client.getSession()).toBeNull();
    expect(h.events.at(-1)).toEqual(["SIGNED_OUT", null]);
    expect(h.store.has(SESSION_STORAGE_KEY)).toBe(false);
  });

  it("follows other tabs: a removal signs out, a new user signs in", async () => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.otherTabWrites(null);
    expect(h.events.at(-1)).toEqual(["SIGNED_OUT", null]);
    h.otherTabWrites(
      JSON.stringify(storedSession({ user: { ...storedSession().user, id: "user-2" } })),
    );
    expect(h.events.at(-1)).toEqual(["SIGNED_IN", "user-2"]);
    h.otherTabWrites(
      JSON.stringify(
        storedSession({ user: { ...storedSession().user, id: "user-2", first_name: "Grace" } }),
      ),
    );
    expect(h.events.at(-1)).toEqual(["USER_UPDATED", "user-2"]);
  });

  it("signs in with a password (SIGNED_IN) and reports a required second factor", async () => {
    const h = harness();
    h.setReply("no-session");
    h.client.start();
    await flush();
    h.setReply("ok");
    await expect(h.client.signInWithPassword("ada@example.com", "pw")).resolves.toEqual({
      mfaRequired: false,
    });
    expect(h.events.at(-1)).toEqual(["SIGNED_IN", "user-1"]);

    h.fetch.mockImplementationOnce(
      async () => new Response(JSON.stringify({ twoFactorRedirect: true }), { status: 200 }),
    );
    await expect(h.client.signInWithPassword("ada@example.com", "pw")).resolves.toEqual({
      mfaRequired: true,
    });
    await h.client.verifyMfa("123456");
    expect(h.events.at(-1)).toEqual(["MFA_CHALLENGE_VERIFIED", "user-1"]);
  });

  it.each([401, 403, 404])("signs out locally even when the server answers %i", async (status) => {
    const h = harness({ stored: storedSession() });
    h.client.start();
    await flush();
    h.setReply(status);
    await h.client.signOut();
    expect(h.client.getSession()).toBeNull();
    expect(h.events.at(-1)).toEqual(["SIGNED_OUT", null]);
  });

  it("surfaces the service's message when sign-in fails", async () => {
    const h = harness();
    h.setReply("no-session");
    h.client.start();
    await flush();
    h.fetch.mockImplementationOnce(
      async () =>
        new Response(
          JSON.stringify({
            code: "INVALID_EMAIL_OR_PASSWORD",
            message: "Invalid email or password",
          }),
          {
            status: 401,
          },
        ),
    );
    await expect(h.client.signInWithPassword("a@b.co", "x")).rejects.toThrow(
      "Invalid email or password",
    );
  });
});
