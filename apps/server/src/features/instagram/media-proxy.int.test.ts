import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SafeFetchTransport } from "../../lib/safe-fetch.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";

const jpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]);

/** What "Meta's CDN" saw: one entry per hop, with the headers we sent. */
const hops: { url: string; headers: Record<string, string> }[] = [];

/**
 * Stands in for the internet: every host answers here, off-CDN ones included, so a test only
 * passes when the proxy itself refuses to go there.
 */
const transport: SafeFetchTransport = async ({ url, headers }) => {
  hops.push({ url: url.href, headers });
  switch (url.pathname) {
    case "/redirect-off-cdn.jpg":
      return new Response(null, {
        status: 302,
        headers: { location: "https://evil.example.com/stolen.jpg" },
      });
    case "/redirect-on-cdn.jpg":
      return new Response(null, {
        status: 302,
        headers: { location: "https://scontent.xx.fbcdn.net/v/final.jpg" },
      });
    case "/page.jpg":
      return new Response("<html><script>alert(1)</script></html>", {
        headers: { "content-type": "text/html" },
      });
    case "/drawing.svg":
      return new Response("<svg xmlns='http://www.w3.org/2000/svg'/>", {
        headers: { "content-type": "image/svg+xml" },
      });
    case "/gone.jpg":
      return new Response("URL signature expired", { status: 403 });
    default:
      return new Response(jpeg, {
        headers: { "content-type": "image/jpeg", "set-cookie": "datr=meta; Path=/" },
      });
  }
};

const proxy = (src: string) =>
  `/api/functions/instagram-media-proxy?src=${encodeURIComponent(src)}`;

let testApp: TestApp;
let client: HttpClient;
beforeAll(async () => {
  testApp = await createTestApp({
    outboundFetch: { lookup: async () => [{ address: "157.240.1.1", family: 4 }], transport },
  });
  ({ client } = await createVerifiedUser(testApp));
});
afterAll(async () => {
  await testApp?.close();
});

async function sandboxProfilePicture(): Promise<string> {
  const token = testApp.sandbox!.issueToken({ username: "lena.makes", login: "instagram" });
  const response = await testApp.sandbox!.fetch(
    `${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0/me?fields=profile_picture_url&access_token=${token}`,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { profile_picture_url: string }).profile_picture_url;
}

async function expectError(response: Response, status: number, message?: RegExp) {
  expect(response.status).toBe(status);
  expect(response.headers.get("cache-control")).toBe("no-store");
  const body = (await response.json()) as { error: { code: string; message: string } };
  expect(body.error.code).toEqual(expect.any(String));
  if (message) expect(body.error.message).toMatch(message);
}

describe("GET /api/functions/instagram-media-proxy", () => {
  it("needs a signed-in user", async () => {
    const src = "https://scontent.cdninstagram.com/v/a.jpg";
    await expectError(await testApp.app.request(proxy(src)), 401);
  });

  it("serves a sandbox profile picture to a cookie session, as a script-free SVG", async () => {
    const response = await client.get(proxy(await sandboxProfilePicture()));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/svg+xml");
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
    expect(response.headers.get("content-security-policy")).toBe(
      "default-src 'none'; style-src 'unsafe-inline'",
    );
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await response.text()).toContain("<svg");
  });

  it("refuses a path that walks out of the sandbox's CDN", async () => {
    const avatar = new URL(await sandboxProfilePicture());
    const walked = `${TEST_PUBLIC_URL}/sandbox/scontent.cdninstagram.com/../graph.instagram.com/v23.0/me${avatar.search}`;
    await expectError(await client.get(proxy(walked)), 400);
  });

  it("passes no video from the sandbox's CDN", async () => {
    const token = testApp.sandbox!.issueToken({ username: "lena.makes", login: "instagram" });
    const media = await testApp.sandbox!.fetch(
      `${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0/me/media?fields=media_type,media_url&limit=50&access_token=${token}`,
    );
    const { data } = (await media.json()) as { data: { media_type: string; media_url: string }[] };
    const video = data.find((item) => item.media_type === "VIDEO");
    expect(video).toBeDefined();
    await expectError(await client.get(proxy(video!.media_url)), 502, /did not return an image/);
  });

  it("serves an image from Meta's CDN with a cache lifetime bounded by the URL's expiry", async () => {
    const oe = Math.floor(Date.now() / 1000 + 600).toString(16);
    const src = `https://scontent-iad3-2.cdninstagram.com/v/t51/avatar.jpg?oe=${oe}&_nc_ht=x`;
    const before = hops.length;
    const response = await client.get(proxy(src));
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/jpeg");
    const maxAge = Number(
      /^private, max-age=(\d+)$/.exec(response.headers.get("cache-control")!)?.[1],
    );
    expect(maxAge).toBeGreaterThan(590);
    expect(maxAge).toBeLessThanOrEqual(600);
    expect(response.headers.get("set-cookie")).toBeNull();
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(jpeg);
    // The user's session cookie never rides along to Meta.
    const sent = hops.slice(before);
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0]!.headers).sort()).toEqual([
      "accept",
      "accept-encoding",
      "user-agent",
    ]);
  });

  it("follows a redirect that stays on Meta's CDN", async () => {
    const response = await client.get(
      proxy("https://scontent.cdninstagram.com/redirect-on-cdn.jpg"),
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("private, max-age=3600");
  });

  it.each([
    ["a host that is not Meta's CDN", "https://example.com/a.jpg"],
    ["an IPv4 literal", "https://127.0.0.1/x.jpg"],
    ["an IPv6 literal", "https://[::1]/x.jpg"],
    ["a look-alike host", "https://evilcdninstagram.com/a.jpg"],
    [
      "a CDN host as a subdomain of another",
      "https://scontent.cdninstagram.com.evil.example/a.jpg",
    ],
    ["plain http to a CDN host", "http://scontent.cdninstagram.com/a.jpg"],
    ["credentials in the URL", "https://user:pw@scontent.cdninstagram.com/a.jpg"],
    ["a relative URL", "/api/me"],
    [
      "the sandbox's CDN path on another origin",
      "https://evil.example/sandbox/scontent.cdninstagram.com/v/a.svg",
    ],
  ])("refuses %s with 400", async (_name, src) => {
    const before = hops.length;
    await expectError(await client.get(proxy(src)), 400, /Instagram's CDN|absolute/);
    expect(hops.length).toBe(before);
  });

  it("validates src: required and at most 2048 characters", async () => {
    await expectError(await client.get("/api/functions/instagram-media-proxy"), 422);
    const long = `https://scontent.cdninstagram.com/${"a".repeat(2048)}.jpg`;
    await expectError(await client.get(proxy(long)), 422);
  });

  it("answers 502 when the CDN redirects off the CDN, and never goes there", async () => {
    const before = hops.length;
    const response = await client.get(
      proxy("https://scontent.cdninstagram.com/redirect-off-cdn.jpg"),
    );
    await expectError(response, 502, /redirected to an address that is not Instagram's CDN/);
    expect(hops.slice(before).map((hop) => new URL(hop.url).hostname)).toEqual([
      "scontent.cdninstagram.com",
    ]);
  });

  it("answers 502 when the CDN does not return an image", async () => {
    await expectError(
      await client.get(proxy("https://scontent.cdninstagram.com/page.jpg")),
      502,
      /The image host did not return an image\./,
    );
  });

  it("passes no SVG from Meta's hosts", async () => {
    await expectError(
      await client.get(proxy("https://scontent.cdninstagram.com/drawing.svg")),
      502,
      /did not return an image/,
    );
  });

  it("answers 502 when the CDN refuses the URL", async () => {
    await expectError(
      await client.get(proxy("https://scontent.cdninstagram.com/gone.jpg")),
      502,
      /403/,
    );
  });
});
