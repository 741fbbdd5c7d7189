// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { InstagramAvatar } from "./instagram-avatar.tsx";

const CDN = "https://scontent.cdninstagram.com/v/t51.2885-19/1.jpg?oh=00_AY&oe=68BDB031";
const REFRESHED = "https://scontent.xx.fbcdn.net/v/2.jpg?oh=abc";
const LOOKED_UP = "https://scontent.cdninstagram.com/v/3.jpg?oh=def";
const proxied = (src: string) =>
  `/api/functions/instagram-media-proxy?src=${encodeURIComponent(src)}`;

type Call = { path: string; body: unknown };
let calls: Call[] = [];

function stubApi(answers: Record<string, unknown>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input);
      calls.push({ path, body: JSON.parse(String(init?.body ?? "null")) });
      return new Response(JSON.stringify(answers[path]), {
        status: 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
}

/** Moves the fake clock on and lets the fetches and React settle. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

const image = () => screen.getByRole<HTMLImageElement>("img", { name: "Grace Hopper" });

beforeEach(() => {
  calls = [];
  vi.useFakeTimers({ toFake: ["setTimeout", "Date"], now: 1_000 });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("InstagramAvatar", () => {
  it("loads a Meta CDN picture through the proxy, with the data attributes", () => {
    render(<InstagramAvatar src={CDN} igsid="123" username="grace" alt="Grace Hopper" />);
    expect(image().getAttribute("src")).toBe(proxied(CDN));
    expect(image().dataset).toMatchObject({ igsid: "123", username: "grace" });
  });

  it("loads any other address directly", () => {
    render(<InstagramAvatar src="https://evilcdninstagram.com/a.jpg" alt="Grace Hopper" />);
    expect(image().getAttribute("src")).toBe("https://evilcdninstagram.com/a.jpg");
  });

  it("refreshes, falls back to the original, looks up, then hands over and shows initials", async () => {
    stubApi({
      "/api/functions/instagram-user-profile-get": { profile_pic: REFRESHED },
      "/api/functions/instagram-user-lookup": {
        success: true,
        found: true,
        user: { username: "grace", name: "Grace", profile_picture_url: LOOKED_UP },
      },
    });
    const onError = vi.fn();
    render(
      <InstagramAvatar
        src={CDN}
        igsid="123"
        username="grace"
        alt="Grace Hopper"
        onError={onError}
      />,
    );

    // 1. The profile function, after the 200 ms retry delay.
    fireEvent.error(image());
    await advance(199);
    expect(calls).toEqual([]);
    await advance(1);
    expect(calls).toEqual([
      { path: "/api/functions/instagram-user-profile-get", body: { igsid: "123", force: true } },
    ]);
    expect(image().getAttribute("src")).toBe(`${proxied(REFRESHED)}&_r=1200`);

    // 2. The refreshed picture's own address, without the proxy.
    fireEvent.error(image());
    await advance(200);
    expect(image().getAttribute("src")).toBe(`${REFRESHED}&_r=1400`);
    expect(calls).toHaveLength(1);

    // 3. The public lookup by username.
    fireEvent.error(image());
    await advance(200);
    expect(calls[1]).toEqual({
      path: "/api/functions/instagram-user-lookup",
      body: { username: "grace" },
    });
    expect(image().getAttribute("src")).toBe(`${proxied(LOOKED_UP)}&_r=1600`);
    expect(onError).not.toHaveBeenCalled();

    // 4. The caller's handler and the initials.
    fireEvent.error(image());
    await advance(200);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    const fallback = screen.getByRole("img", { name: "Grace Hopper" });
    expect(fallback.tagName).toBe("SPAN");
    expect(fallback.textContent).toBe("GH");
    expect(document.querySelector("img")).toBeNull();
  });

  it("runs one chain for repeated error events", async () => {
    stubApi({ "/api/functions/instagram-user-profile-get": { profile_pic: REFRESHED } });
    render(<InstagramAvatar src={CDN} igsid="123" alt="Grace Hopper" />);
    fireEvent.error(image());
    fireEvent.error(image());
    await advance(200);
    expect(calls).toHaveLength(1);
    expect(image().getAttribute("src")).toBe(`${proxied(REFRESHED)}&_r=1200`);
  });

  it("shows the initials without calling anything when there is no picture", () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    render(<InstagramAvatar src={null} igsid="123" alt="Grace Hopper" />);
    expect(screen.getByRole("img", { name: "Grace Hopper" }).textContent).toBe("GH");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("takes a handle's initial after its @", () => {
    vi.stubGlobal("fetch", vi.fn());
    render(<InstagramAvatar src={null} alt="@lena.makes" />);
    expect(screen.getByRole("img", { name: "@lena.makes" }).textContent).toBe("L");
  });
});
