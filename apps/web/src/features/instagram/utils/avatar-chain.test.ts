import { afterEach, describe, expect, it, vi } from "vitest";
import {
  type AvatarChainDeps,
  type AvatarChainState,
  avatarAttempt,
  nextAvatarStep,
  retryAvatar,
  startAvatarChain,
  withRetryParam,
} from "./avatar-chain.ts";

const ORIGIN = "http://localhost:3000";
const CDN =
  "https://scontent-iad3-2.cdninstagram.com/v/t51.2885-19/1.jpg?oh=00_AY%2Bx~y&oe=68BDB031";
const CDN_2 = "https://scontent.xx.fbcdn.net/v/2.jpg?oh=abc&oe=68BDB032";
const CDN_3 = "https://scontent.cdninstagram.com/v/3.jpg?oh=def";
const proxied = (src: string) =>
  `/api/functions/instagram-media-proxy?src=${encodeURIComponent(src)}`;

afterEach(() => vi.useRealTimers());

describe("avatarAttempt: the proxy rule (spec §5)", () => {
  it.each([
    CDN,
    "https://instagram.fmad3-1.fna.fbcdn.net/v/x.jpg",
    "https://platform-lookaside.fbsbx.com/platform/profilepic/?psid=1",
  ])("sends the Meta CDN URL %s through the proxy, whole and encoded", (src) => {
    const attempt = avatarAttempt(src, ORIGIN);
    expect(attempt).toEqual({ source: src, url: proxied(src), isProxied: true });
    expect(new URL(attempt.url, ORIGIN).searchParams.get("src")).toBe(src);
  });

  it.each([
    "https://evilcdninstagram.com/x.jpg",
    "https://scontent.cdninstagram.com.evil.test/x.jpg",
    "https://cdninstagram.com/x.jpg",
    "http://scontent.cdninstagram.com/x.jpg",
    "https://www.gravatar.com/avatar/abc",
    "/images/default-avatar.png",
  ])("uses %s as given", (src) => {
    expect(avatarAttempt(src, ORIGIN)).toEqual({ source: src, url: src, isProxied: false });
  });

  it("proxies the sandbox's CDN on our own origin, absolute or as a path", () => {
    const absolute = `${ORIGIN}/sandbox/scontent.cdninstagram.com/v/a.svg?oe=1&oh=2`;
    expect(avatarAttempt(absolute, ORIGIN).url).toBe(proxied(absolute));
    const path = "/sandbox/scontent.cdninstagram.com/v/a.svg?oe=1&oh=2";
    expect(avatarAttempt(path, ORIGIN)).toEqual({
      source: path,
      url: proxied(absolute),
      isProxied: true,
    });
  });

  it("proxies the CDN of a sandbox shared at its own origin (the server checks which one)", () => {
    const shared = "http://127.0.0.1:4010/sandbox/scontent.cdninstagram.com/v/a.svg?oe=1&oh=2";
    expect(avatarAttempt(shared, ORIGIN).url).toBe(proxied(shared));
  });

  it.each([
    "/sandbox/scontent.cdninstagram.com/../graph.instagram.com/me",
    "http://127.0.0.1:4010/sandbox/scontent.cdninstagram.com/../graph.instagram.com/me",
    "https://user:pw@elsewhere.test/sandbox/scontent.cdninstagram.com/v/a.svg",
    "javascript:/sandbox/scontent.cdninstagram.com/v/a.svg",
    "/sandbox/scontent.cdninstagram.com/%2e%2e/graph.instagram.com/me",
    "//evil.test/sandbox/scontent.cdninstagram.com/v/a.svg",
  ])("does not proxy the sandbox look-alike %s", (src) => {
    expect(avatarAttempt(src, ORIGIN).isProxied).toBe(false);
  });
});

describe("withRetryParam (spec §9)", () => {
  it("adds _r to a URL with or without a query, keeping the fragment last", () => {
    expect(withRetryParam("/a.png", 5)).toBe("/a.png?_r=5");
    expect(withRetryParam("https://x.test/a.png?b=1#f", 5)).toBe("https://x.test/a.png?b=1&_r=5#f");
  });

  it("replaces an earlier _r", () => {
    expect(withRetryParam("/a.png?_r=1&b=2", 7)).toBe("/a.png?b=2&_r=7");
  });

  it("keeps a CDN signature byte for byte", () => {
    expect(withRetryParam(CDN, 9)).toBe(`${CDN}&_r=9`);
  });

  it("goes on the proxy URL, outside the encoded src", () => {
    const url = withRetryParam(avatarAttempt(CDN, ORIGIN).url, 9);
    const params = new URL(url, ORIGIN).searchParams;
    expect(params.get("src")).toBe(CDN);
    expect(params.get("_r")).toBe("9");
  });
});

describe("nextAvatarStep: the failure chain (spec §8)", () => {
  const everything = { igsid: "17841400000000001", username: "grace" };

  function walk(state: AvatarChainState, who: typeof everything | Record<string, string>) {
    const kinds: string[] = [];
    let current = state;
    for (let i = 0; i < 6; i += 1) {
      const next = nextAvatarStep(current, who);
      kinds.push(next.step.kind);
      current = next.state;
    }
    return kinds;
  }

  it("refreshes, then loads the original, then looks up, then gives up, each once", () => {
    expect(walk(startAvatarChain(CDN, ORIGIN), everything)).toEqual([
      "refresh",
      "direct",
      "lookup",
      "give-up",
      "give-up",
      "give-up",
    ]);
  });

  it("names the igsid, the original URL and the username it needs", () => {
    let state = startAvatarChain(CDN, ORIGIN);
    const steps = [];
    for (let i = 0; i < 3; i += 1) {
      const next = nextAvatarStep(state, everything);
      steps.push(next.step);
      state = next.state;
    }
    expect(steps).toEqual([
      { kind: "refresh", igsid: everything.igsid },
      { kind: "direct", source: CDN },
      { kind: "lookup", username: "grace" },
    ]);
  });

  it("skips what it has no means for", () => {
    expect(walk(startAvatarChain(CDN, ORIGIN), {}).slice(0, 2)).toEqual(["direct", "give-up"]);
    expect(walk(startAvatarChain("https://x.test/a.png", ORIGIN), everything).slice(0, 3)).toEqual([
      "refresh",
      "lookup",
      "give-up",
    ]);
    expect(walk(startAvatarChain("https://x.test/a.png", ORIGIN), {})[0]).toBe("give-up");
  });
});

describe("retryAvatar", () => {
  function deps(overrides: Partial<AvatarChainDeps> = {}) {
    return {
      origin: ORIGIN,
      igsid: "17841400000000001",
      username: "grace",
      refreshPicture: vi.fn(async (_igsid: string): Promise<string | null> => CDN_2),
      lookupPicture: vi.fn(async (_username: string): Promise<string | null> => CDN_3),
      wait: vi.fn((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))),
      now: () => Date.now(),
      ...overrides,
    };
  }

  it("waits 200 ms before the first step", async () => {
    vi.useFakeTimers({ now: 1_000 });
    const d = deps();
    const pending = retryAvatar(startAvatarChain(CDN, ORIGIN), d);
    await vi.advanceTimersByTimeAsync(199);
    expect(d.refreshPicture).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    const { url } = await pending;
    expect(d.wait).toHaveBeenCalledWith(200);
    expect(d.refreshPicture).toHaveBeenCalledWith("17841400000000001");
    expect(url).toBe(`${proxied(CDN_2)}&_r=1200`);
  });

  it("walks the whole chain once, then gives up", async () => {
    vi.useFakeTimers({ now: 0 });
    const d = deps();
    const urls: (string | null)[] = [];
    let state = startAvatarChain(CDN, ORIGIN);
    for (let i = 0; i < 4; i += 1) {
      const pending = retryAvatar(state, d);
      await vi.advanceTimersByTimeAsync(200);
      const next = await pending;
      state = next.state;
      urls.push(next.url);
    }
    expect(urls).toEqual([
      `${proxied(CDN_2)}&_r=200`,
      `${CDN_2}&_r=400`,
      `${proxied(CDN_3)}&_r=600`,
      null,
    ]);
    expect(d.refreshPicture).toHaveBeenCalledTimes(1);
    expect(d.lookupPicture).toHaveBeenCalledTimes(1);
    expect(d.lookupPicture).toHaveBeenCalledWith("grace");
  });

  it("falls through a refresh that brings nothing new or fails, without a second wait", async () => {
    for (const refreshPicture of [
      async () => null,
      async () => CDN,
      async () => {
        throw new Error("offline");
      },
    ]) {
      const d = deps({ refreshPicture, wait: vi.fn(async () => {}), now: () => 42 });
      const next = await retryAvatar(startAvatarChain(CDN, ORIGIN), d);
      expect(next.url).toBe(`${CDN}&_r=42`);
      expect(d.wait).toHaveBeenCalledTimes(1);
    }
  });

  it("gives up when the lookup finds nobody", async () => {
    const d = deps({
      igsid: undefined,
      lookupPicture: vi.fn(async () => null),
      wait: async () => {},
    });
    const next = await retryAvatar(startAvatarChain("https://x.test/a.png", ORIGIN), d);
    expect(next.url).toBeNull();
    expect(d.lookupPicture).toHaveBeenCalledTimes(1);
  });
});
