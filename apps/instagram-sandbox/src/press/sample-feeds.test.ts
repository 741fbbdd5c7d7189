import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { registerPressFeedRoutes, sampleFeeds } from "./sample-feeds.ts";

function appAt(now: number) {
  const routes = new Hono();
  registerPressFeedRoutes(routes, { now: () => now });
  return routes;
}

const now = Date.parse("2026-11-23T12:30:00Z");

describe("sample press feeds", () => {
  it("serves each feed with validators and answers a matching conditional GET with 304", async () => {
    const app = appAt(now);
    for (const feed of sampleFeeds) {
      const first = await app.request(`/press/${feed.slug}.xml`);
      expect(first.status).toBe(200);
      expect(first.headers.get("content-type")).toMatch(feed.format === "atom" ? /atom/ : /rss/);
      const etag = first.headers.get("etag")!;
      const lastModified = first.headers.get("last-modified")!;
      expect(await first.text()).toContain(feed.title.replace("&", "&amp;"));
      const again = await app.request(`/press/${feed.slug}.xml`, {
        headers: { "if-none-match": etag },
      });
      expect(again.status).toBe(304);
      const since = await app.request(`/press/${feed.slug}.xml`, {
        headers: { "if-modified-since": lastModified },
      });
      expect(since.status).toBe(304);
    }
  });

  it("keeps item ids while dates follow the clock (a new hour is a new document)", async () => {
    const slug = sampleFeeds[0]!.slug;
    const before = await (await appAt(now).request(`/press/${slug}.xml`)).text();
    const later = await appAt(now + 3_600_000).request(`/press/${slug}.xml`);
    const after = await later.text();
    expect(after).not.toBe(before);
    const guids = (xml: string) =>
      [...xml.matchAll(/<guid[^>]*>([^<]+)<\/guid>/g)].map((m) => m[1]);
    expect(guids(after)).toEqual(guids(before));
  });

  it("mentions the demo brands, in English and Spanish", () => {
    const text = JSON.stringify(sampleFeeds);
    expect(text).toContain("Lena Makes");
    expect(text).toContain("Northfield Coffee");
    expect(sampleFeeds.map((feed) => feed.language).sort()).toEqual(["en", "en", "es"]);
  });

  it("answers unknown feeds with 404", async () => {
    expect((await appAt(now).request("/press/nope.xml")).status).toBe(404);
    expect((await appAt(now).request(`/press/${sampleFeeds[0]!.slug}.json`)).status).toBe(404);
  });
});
