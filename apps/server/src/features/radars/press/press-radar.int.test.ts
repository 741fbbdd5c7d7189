import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  nodeTransport,
  type SafeFetchLookup,
  type SafeFetchTransport,
} from "../../../lib/safe-fetch.ts";
import { mountedSandboxLink, sandboxFeedsOf } from "../../../sandbox-mount.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../../testing/factories.ts";
import type { HttpClient } from "../../../testing/http-client.ts";
import { createFeedFetcher } from "./feed-fetcher.ts";

/*
 * Press Radar against feeds served by a local HTTP server. DNS is stood in for: "feeds.test"
 * resolves to a public address, "loopback.test" to 127.0.0.1, and every connection that passes
 * the checks goes to the local server. So a refusal here is the safe fetch's own doing.
 */

const rss = (items: Array<{ guid: string; title: string; body: string }>, title = "Local News") =>
  `<?xml version="1.0"?><rss version="2.0"><channel><title>${title}</title><language>en</language>${items
    .map(
      (item) =>
        `<item><title>${item.title}</title><link>https://news.example/${item.guid}</link><guid>${item.guid}</guid><description>${item.body}</description><pubDate>Mon, 23 Nov 2026 10:00:00 GMT</pubDate></item>`,
    )
    .join("")}</channel></rss>`;

const feedItems = [
  {
    guid: "n1",
    title: "Acme Ceramics wins a wonderful award",
    body: "Great news for Acme Ceramics fans.",
  },
  {
    guid: "n2",
    title: "Acme Ceramics recall",
    body: "A terrible, disappointing problem with glazes at Acme Ceramics.",
  },
  { guid: "n3", title: "Weather", body: "Rain all week." },
  {
    guid: "n4",
    title: "Acme Ceramics and the city council",
    body: "Acme Ceramics at the council meeting.",
  },
];

const requests: Array<{
  path: string;
  ifNoneMatch?: string | undefined;
  ifModifiedSince?: string | undefined;
}> = [];
const DATED = "Mon, 23 Nov 2026 09:00:00 GMT";
let server: http.Server;
let port = 0;

function serve(request: http.IncomingMessage, response: http.ServerResponse) {
  const path = request.url ?? "/";
  requests.push({
    path,
    ifNoneMatch: request.headers["if-none-match"],
    ...(request.headers["if-modified-since"]
      ? { ifModifiedSince: request.headers["if-modified-since"] }
      : {}),
  });
  switch (path) {
    case "/dated.xml": {
      // Only Last-Modified, no ETag: the conditional GET must use If-Modified-Since.
      if (request.headers["if-modified-since"] === DATED) {
        response.writeHead(304).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/rss+xml", "last-modified": DATED });
      response.end(rss(feedItems.slice(0, 2), "Dated News"));
      return;
    }
    case "/rss.xml": {
      if (request.headers["if-none-match"] === '"v1"') {
        response.writeHead(304, { etag: '"v1"' }).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/rss+xml", etag: '"v1"' });
      response.end(rss(feedItems));
      return;
    }
    case "/same-items.xml":
      response.writeHead(200, { "content-type": "application/rss+xml" });
      response.end(rss(feedItems.slice(0, 1), "Mirror"));
      return;
    case "/broken.xml":
      response.writeHead(200, { "content-type": "application/rss+xml" });
      // A download cut short: the XML stops mid-tag.
      response.end(
        brokenAfterAdd ? '<?xml version="1.0"?>\n<rss version="2.0"><chan' : rss([], "Soon broken"),
      );
      return;
    case "/page.html":
      response.writeHead(200, { "content-type": "text/html" });
      response.end("<html><body>Not a feed</body></html>");
      return;
    case "/redirect-private":
      response.writeHead(302, { location: `http://loopback.test:${port}/rss.xml` }).end();
      return;
    case "/redirect-metadata":
      response.writeHead(302, { location: "http://169.254.169.254/latest/meta-data/" }).end();
      return;
    case "/huge.xml":
      response.writeHead(200, { "content-type": "application/rss+xml" });
      response.end(`<rss>${"x".repeat(3 * 1024 * 1024)}</rss>`);
      return;
    case "/slow.xml":
      setTimeout(() => response.end(rss([])), 3_000).unref();
      return;
    case "/missing.xml":
      response.writeHead(404).end();
      return;
    default:
      response.writeHead(404).end();
  }
}
let brokenAfterAdd = false;

const lookup: SafeFetchLookup = async (hostname) => {
  if (hostname === "loopback.test") return [{ address: "127.0.0.1", family: 4 }];
  if (hostname === "intranet.test") return [{ address: "10.1.2.3", family: 4 }];
  if (hostname.endsWith(".test")) return [{ address: "93.184.216.34", family: 4 }];
  throw new Error("no such host");
};
const local = nodeTransport();
const transport: SafeFetchTransport = (request) =>
  local({ ...request, address: { address: "127.0.0.1", family: 4 } });

let testApp: TestApp;
let client: HttpClient;
let email: string;
const feed = (path: string) => `http://feeds.test:${port}${path}`;

beforeAll(async () => {
  server = http.createServer(serve);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  testApp = await createTestApp({ feedFetch: { lookup, transport }, feedTimeoutMs: 1_000 });
  ({ client, email } = await createVerifiedUser(testApp));
});
afterAll(async () => {
  await testApp?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

async function json<T>(response: Response): Promise<T> {
  return (await response.json()) as T;
}
type Mention = {
  id: string;
  title: string;
  sourceId: string;
  snippet: string;
  highlights: Array<[number, number]>;
  sentiment: string;
  isSeen: boolean;
  matchedTerms: string[];
};
const mentions = async (c: HttpClient, query = "") =>
  (await json<{ items: Mention[] }>(await c.get(`/api/press-radar/mentions${query}`))).items;
const unseen = async (c: HttpClient) =>
  (await json<{ count: number }>(await c.get("/api/press-radar/mentions/unseen-count"))).count;

describe("adding a source refuses what must not be fetched, with a clear message", () => {
  it.each([
    ["http://127.0.0.1/feed.xml", /private or local network/],
    ["http://10.0.0.5/feed.xml", /private or local network/],
    ["http://169.254.169.254/latest/meta-data/", /private or local network/],
    ["http://[::1]/feed.xml", /private or local network/],
    ["http://93.184.216.34/feed.xml", /host name rather than an IP address/],
    ["http://loopback.test/feed.xml", /private or local network/],
    ["http://intranet.test/feed.xml", /private or local network/],
    ["ftp://feeds.test/feed.xml", /Only http:\/\/ and https:\/\//],
    ["file:///etc/passwd", /Only http:\/\/ and https:\/\//],
    ["http://user:secret@feeds.test/feed.xml", /user name or password/],
    ["not a url", /not a valid web address/],
  ])("%s", async (url, message) => {
    const response = await client.post("/api/press-radar/sources", { url });
    expect(response.status).toBe(400);
    expect((await json<{ error: { message: string } }>(response)).error.message).toMatch(message);
  });

  it.each([
    ["/redirect-private", /redirected to an address Sightline does not fetch/],
    ["/redirect-metadata", /redirected to an address Sightline does not fetch/],
    ["/huge.xml", /larger than 2 MB/],
    ["/slow.xml", /did not answer within/],
    ["/page.html", /does not serve an RSS or Atom feed/],
    ["/missing.xml", /HTTP 404/],
  ])("%s", async (path, message) => {
    const response = await client.post("/api/press-radar/sources", { url: feed(path) });
    expect(response.status).toBe(400);
    expect((await json<{ error: { message: string } }>(response)).error.message).toMatch(message);
  });

  it("stores nothing for a refused source", async () => {
    const state = await json<{ sources: unknown[] }>(await client.get("/api/press-radar"));
    expect(state.sources).toEqual([]);
  });
});

describe("the feed job", () => {
  it("stores each matching item once, honours exclusions, labels sentiment and highlights", async () => {
    const keyword = await client.post("/api/press-radar/keywords", {
      term: "acme ceramics",
      exclusions: ["city council"],
    });
    expect(keyword.status).toBe(201);
    const added = await client.post("/api/press-radar/sources", { url: feed("/rss.xml") });
    expect(added.status).toBe(201);
    const { source } = await json<{ source: { id: string; title: string } }>(added);
    expect(source.title).toBe("Local News");
    await testApp.radarsContext.queue.idle({ timeoutMs: 30_000 });

    const items = await mentions(client);
    expect(items.map((item) => item.title).sort()).toEqual([
      "Acme Ceramics recall",
      "Acme Ceramics wins a wonderful award",
    ]);
    const award = items.find((item) => item.title.includes("award"))!;
    const recall = items.find((item) => item.title.includes("recall"))!;
    expect(award.sentiment).toBe("positive");
    expect(recall.sentiment).toBe("negative");
    const [start, end] = recall.highlights[0]!;
    expect(recall.snippet.slice(start, end)).toBe("Acme Ceramics");
    expect(await unseen(client)).toBe(2);
  });

  it("a second run adds nothing, and a 304 stores nothing new", async () => {
    requests.length = 0;
    const { radarsContext } = testApp;
    const sources = await json<{ sources: Array<{ id: string }> }>(
      await client.get("/api/press-radar"),
    );
    const workspaceId = await personalWorkspaceId(testApp, email);
    const { fetchUserPressSources } = await import("./service.ts");
    const result = await fetchUserPressSources(radarsContext, workspaceId);
    expect(result).toMatchObject({ sources: sources.sources.length, newMentions: 0, failed: 0 });
    // The conditional GET carried the ETag and the server answered 304.
    expect(requests).toEqual([{ path: "/rss.xml", ifNoneMatch: '"v1"' }]);
    const forced = await fetchUserPressSources(radarsContext, workspaceId, { force: true });
    expect(forced.newMentions).toBe(0);
    expect(await mentions(client)).toHaveLength(2);
  });

  it("a feed with Last-Modified only is asked If-Modified-Since, and its 304 stores nothing", async () => {
    const { client: other, email: otherEmail } = await createVerifiedUser(testApp);
    await other.post("/api/press-radar/keywords", { term: "Acme Ceramics" });
    const added = await other.post("/api/press-radar/sources", { url: feed("/dated.xml") });
    expect(added.status).toBe(201);
    await testApp.radarsContext.queue.idle({ timeoutMs: 30_000 });
    expect(await mentions(other)).toHaveLength(2);
    const otherWorkspaceId = await personalWorkspaceId(testApp, otherEmail);
    const { fetchUserPressSources } = await import("./service.ts");
    requests.length = 0;
    const result = await fetchUserPressSources(testApp.radarsContext, otherWorkspaceId);
    expect(result).toMatchObject({ sources: 1, newMentions: 0, failed: 0 });
    expect(requests).toEqual([{ path: "/dated.xml", ifModifiedSince: DATED }]);
    expect(await mentions(other)).toHaveLength(2);
  });

  it("an item already stored through another feed is not stored again (same guid)", async () => {
    const mirror = await client.post("/api/press-radar/sources", { url: feed("/same-items.xml") });
    expect(mirror.status).toBe(201);
    expect((await json<{ newMentions: number }>(mirror)).newMentions).toBe(0);
    expect(await mentions(client)).toHaveLength(2);
  });

  it("a malformed feed is recorded as the source's error without stopping the others", async () => {
    const added = await client.post("/api/press-radar/sources", { url: feed("/broken.xml") });
    expect(added.status).toBe(201);
    brokenAfterAdd = true;
    const workspaceId = await personalWorkspaceId(testApp, email);
    const { fetchUserPressSources } = await import("./service.ts");
    requests.length = 0;
    const result = await fetchUserPressSources(testApp.radarsContext, workspaceId, { force: true });
    expect(result.failed).toBe(1);
    expect(requests.map((request) => request.path).sort()).toEqual([
      "/broken.xml",
      "/rss.xml",
      "/same-items.xml",
    ]);
    const state = await json<{ sources: Array<{ url: string; lastError: string | null }> }>(
      await client.get("/api/press-radar"),
    );
    expect(state.sources.find((source) => source.url.endsWith("/broken.xml"))?.lastError).toBe(
      "This address does not serve an RSS or Atom feed.",
    );
    expect(state.sources.find((source) => source.url.endsWith("/rss.xml"))?.lastError).toBeNull();
  });
});

describe("mentions", () => {
  it("filter by source, keyword and sentiment", async () => {
    const state = await json<{
      sources: Array<{ id: string; url: string }>;
      keywords: Array<{ id: string }>;
    }>(await client.get("/api/press-radar"));
    const rssSource = state.sources.find((source) => source.url.endsWith("/rss.xml"))!;
    const mirror = state.sources.find((source) => source.url.endsWith("/same-items.xml"))!;
    expect(await mentions(client, `?sourceId=${rssSource.id}`)).toHaveLength(2);
    expect(await mentions(client, `?sourceId=${mirror.id}`)).toHaveLength(0);
    expect(await mentions(client, `?keywordId=${state.keywords[0]!.id}`)).toHaveLength(2);
    const negative = await mentions(client, "?sentiment=negative");
    expect(negative.map((item) => item.title)).toEqual(["Acme Ceramics recall"]);
    const bad = await client.get("/api/press-radar/mentions?sentiment=angry");
    expect(bad.status).toBe(422);
  });

  it("mark seen clears the unseen count; muting a source hides its mentions", async () => {
    const [first] = await mentions(client);
    expect((await client.post("/api/press-radar/mentions/seen", { ids: [first!.id] })).status).toBe(
      200,
    );
    expect(await unseen(client)).toBe(1);
    await client.post("/api/press-radar/mentions/seen", {});
    expect(await unseen(client)).toBe(0);
    expect((await mentions(client)).every((item) => item.isSeen)).toBe(true);

    const state = await json<{ sources: Array<{ id: string; url: string }> }>(
      await client.get("/api/press-radar"),
    );
    const rssSource = state.sources.find((source) => source.url.endsWith("/rss.xml"))!;
    const muted = await client.request(`/api/press-radar/sources/${rssSource.id}`, {
      method: "PATCH",
      json: { isMuted: true },
    });
    expect(muted.status).toBe(200);
    expect(await mentions(client)).toHaveLength(0);
    expect(await unseen(client)).toBe(0);
    // "Fetch now" runs the job, which leaves the muted feed alone and reads the others.
    requests.length = 0;
    expect((await client.post("/api/press-radar/fetch", {})).status).toBe(202);
    await testApp.radarsContext.queue.idle({ timeoutMs: 30_000 });
    expect(requests.map((request) => request.path)).not.toContain("/rss.xml");
    expect(requests.map((request) => request.path)).toContain("/same-items.xml");
    await client.request(`/api/press-radar/sources/${rssSource.id}`, {
      method: "PATCH",
      json: { isMuted: false },
    });
    await testApp.radarsContext.queue.idle({ timeoutMs: 30_000 });
    expect(await mentions(client)).toHaveLength(2);
  });
});

describe("keywords", () => {
  it("the Free plan watches one keyword, and says which plan allows more", async () => {
    const response = await client.post("/api/press-radar/keywords", { term: "Another brand" });
    expect(response.status).toBe(403);
    expect((await json<{ error: { message: string } }>(response)).error.message).toBe(
      "The Free plan can watch up to 1 keyword. Upgrade to Starter to watch up to 3.",
    );
  });

  it("validates terms with clear messages", async () => {
    const { client: other } = await createVerifiedUser(testApp);
    const short = await other.post("/api/press-radar/keywords", { term: "a" });
    expect(short.status).toBe(422);
    expect(JSON.stringify(await short.json())).toContain("at least 2 characters");
    const long = await other.post("/api/press-radar/keywords", { term: "x".repeat(81) });
    expect(long.status).toBe(422);
  });

  it("editing keeps the keyword, deleting removes it", async () => {
    const state = await json<{ keywords: Array<{ id: string }> }>(
      await client.get("/api/press-radar"),
    );
    const id = state.keywords[0]!.id;
    const edited = await client.request(`/api/press-radar/keywords/${id}`, {
      method: "PATCH",
      json: {
        term: "Acme Ceramics",
        exclusions: ["council", "Acme Ceramics", "COUNCIL"],
      },
    });
    expect(edited.status).toBe(200);
    expect((await json<{ keyword: { exclusions: string[] } }>(edited)).keyword.exclusions).toEqual([
      "council",
    ]);
    expect(
      (await client.request(`/api/press-radar/keywords/${id}`, { method: "DELETE" })).status,
    ).toBe(204);
    expect(
      (await client.request(`/api/press-radar/keywords/${id}`, { method: "DELETE" })).status,
    ).toBe(404);
  });
});

describe("sandbox sample feeds", () => {
  it("are offered and can be added in sandbox mode", async () => {
    const { client: fresh } = await createVerifiedUser(testApp);
    const state = await json<{ samples: Array<{ url: string }> }>(
      await fresh.get("/api/press-radar"),
    );
    expect(state.samples.length).toBeGreaterThanOrEqual(3);
    expect(state.samples[0]!.url.startsWith(`${TEST_PUBLIC_URL}/sandbox/press/`)).toBe(true);
    await fresh.post("/api/press-radar/keywords", { term: "Northfield", exclusions: ["council"] });
    const added = await fresh.post("/api/press-radar/sources", {
      url: `${TEST_PUBLIC_URL}/sandbox/press/northfield-daily-ledger.xml`,
    });
    expect(added.status).toBe(201);
    await testApp.radarsContext.queue.idle({ timeoutMs: 30_000 });
    const items = await mentions(fresh);
    expect(items.length).toBe(2);
    expect(items.some((item) => item.title.includes("council"))).toBe(false);
    expect(new Set(items.map((item) => item.sentiment))).toEqual(new Set(["positive", "negative"]));
  });

  it("are ordinary (refused) local URLs without the sandbox", async () => {
    const fetcher = createFeedFetcher({ sandbox: undefined });
    expect(fetcher.samples).toEqual([]);
    await expect(
      fetcher.fetch("http://localhost:3000/sandbox/press/northfield-daily-ledger.xml"),
    ).rejects.toThrow(/private or local network/);
  });

  it("are read in process even when the app's own origin is an IP address", async () => {
    const sandboxOnIp = createFeedFetcher({
      sandbox: sandboxFeedsOf(mountedSandboxLink(testApp.sandbox!, "http://127.0.0.1:3000")),
    });
    const result = await sandboxOnIp.fetch(
      "http://127.0.0.1:3000/sandbox/press/berlin-makers-journal.xml",
    );
    expect(result.status).toBe("ok");
    await expect(sandboxOnIp.fetch("http://127.0.0.1:3000/api/me")).rejects.toThrow(
      /private or local network/,
    );
  });

  it("only the sample paths are read in process", async () => {
    const response = await client.post("/api/press-radar/sources", {
      url: `${TEST_PUBLIC_URL}/sandbox/_control/summary`,
    });
    expect(response.status).toBe(400);
  });
});
