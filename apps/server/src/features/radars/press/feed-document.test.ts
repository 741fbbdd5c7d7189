import { renderSampleFeed, sampleFeeds } from "@sightline/instagram-sandbox";
import { describe, expect, it } from "vitest";
import { FeedFormatError, htmlToText, parseFeedDocument } from "./feed-document.ts";

const rss = `<?xml version="1.0"?>
<rss version="2.0"><channel><title>Maker &amp; News</title><language>en-gb</language>
<item><title>Lena Makes opens</title><link>https://news.example/a</link><guid isPermaLink="false">a-1</guid>
<description>&lt;p&gt;The &lt;b&gt;studio&lt;/b&gt; &amp;amp; shop&lt;/p&gt;</description><pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item>
<item><title>No guid</title><link>/relative/b</link><description>Text</description></item>
<item><title>No identity</title><description>Dropped</description></item>
</channel></rss>`;

const atom = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="es"><title>Revista</title><id>urn:x</id>
<entry><id>tag:x,2026:1</id><title>Cerámica</title><link rel="alternate" href="https://x.example/1"/>
<updated>2026-11-22T08:00:00Z</updated><summary type="html">&lt;p&gt;Tazas&lt;/p&gt;</summary></entry>
</feed>`;

describe("feed parsing", () => {
  it("reads RSS 2.0: guid first, then link (made absolute), plain text, dates", () => {
    const document = parseFeedDocument(rss, "https://news.example/feed.xml");
    expect(document.title).toBe("Maker & News");
    expect(document.language).toBe("en-gb");
    expect(document.entries.map((entry) => entry.key)).toEqual([
      "guid:a-1",
      "link:https://news.example/relative/b",
    ]);
    expect(document.entries[0]!.text).toBe("The studio & shop");
    expect(document.entries[0]!.publishedAt?.toISOString()).toBe("2026-11-23T10:00:00.000Z");
  });

  it("reads Atom with its xml:lang", () => {
    const document = parseFeedDocument(atom, "https://x.example/feed");
    expect(document.language).toBe("es");
    expect(document.entries).toEqual([
      {
        key: "guid:tag:x,2026:1",
        title: "Cerámica",
        link: "https://x.example/1",
        text: "Tazas",
        publishedAt: new Date("2026-11-22T08:00:00Z"),
      },
    ]);
  });

  it("refuses what is not a feed", () => {
    expect(() => parseFeedDocument("<html><body>Hi</body></html>", "https://x.example")).toThrow(
      FeedFormatError,
    );
    expect(() => parseFeedDocument("not xml", "https://x.example")).toThrow(FeedFormatError);
  });

  it("never keeps a javascript: link", () => {
    const xml = rss.replace("https://news.example/a", "javascript:alert(1)");
    expect(parseFeedDocument(xml, "https://news.example/").entries[0]!.link).toBeNull();
  });

  it("parses every sandbox sample feed", () => {
    for (const feed of sampleFeeds) {
      const document = parseFeedDocument(renderSampleFeed(feed, Date.now()), "https://x.example/");
      expect(document.entries).toHaveLength(feed.items.length);
      expect(document.language).toBe(feed.language);
    }
  });

  it("turns HTML into text", () => {
    expect(htmlToText("<p>a<script>x()</script> &eacute;<br>b</p>")).toBe("a é b");
  });
});
