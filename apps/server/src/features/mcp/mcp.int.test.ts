import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { type AccessTokenScope, accessTokenScopes, zonedParts } from "@sightline/contracts";
import { apiRequests, scheduledPosts, setWorkspacePlan } from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import { addDays } from "../analytics/index.ts";

/*
 * Issue 35 point 5: the MCP server at /mcp, driven by the official SDK's client over Streamable
 * HTTP (its fetch is the test app's). Its answers are compared with the REST API's for the same
 * account and days, and its writes happen only after the confirmation step.
 */

const DAY_MS = 86_400_000;
let clock = Date.now();
let testApp: TestApp;
let owner: HttpClient;
let workspaceId: string;
let accountId: string;
let clients: Client[] = [];
/** What the app logged (info and up), one parsed line each. */
const logLines: Array<Record<string, unknown>> = [];

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    {
      plan: "pro",
      now: () => clock,
      log: { level: "info", write: (line) => logLines.push(JSON.parse(line)) },
    },
  );
  testApp = synced.testApp;
  owner = synced.client;
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
}, 180_000);

afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
  clients = [];
  await testApp?.close();
});

async function json<T>(response: Response, status = 200): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

async function createToken(client: HttpClient, scopes: AccessTokenScope[]) {
  const created = await json<{ token: string; accessToken: { id: string } }>(
    await client.request("/api/workspaces/current/tokens", {
      method: "POST",
      json: { name: "Assistant", scopes, expiresInDays: 30 },
    }),
    201,
  );
  return { token: created.token, id: created.accessToken.id };
}

/** The SDK's client on the test app: every request goes through app.fetch. */
async function connect(token: string): Promise<Client> {
  const client = new Client({ name: "sightline-test-assistant", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${TEST_PUBLIC_URL}/mcp`), {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: (url, init) => Promise.resolve(testApp.app.request(String(url), init)),
  });
  await client.connect(transport);
  clients.push(client);
  return client;
}

async function call(client: Client, name: string, args: Record<string, unknown> = {}) {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** A tool's answer as data; fails with the tool's own words when it was an error. */
function data<T = Record<string, unknown>>(result: CallToolResult): T {
  expect(result.isError ?? false, JSON.stringify(result.content)).toBe(false);
  return result.structuredContent as T;
}

function refusal(result: CallToolResult): { code: string; message: string } {
  expect(result.isError, JSON.stringify(result.content)).toBe(true);
  return (result.structuredContent as { error: { code: string; message: string } }).error;
}

async function v1<T>(token: string, path: string): Promise<T> {
  const answered = await json<{ data: T }>(
    await testApp.app.request(`${TEST_PUBLIC_URL}/api/v1${path}`, {
      headers: { authorization: `Bearer ${token}` },
    }),
  );
  return answered.data;
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

type RestPost = {
  id: string;
  type: string;
  postedAt: string;
  metrics: { reach: number | null; views: number | null; engagementRate: number | null };
};

/** Every post the REST endpoint lists, page after page. */
async function allRestPosts(token: string): Promise<RestPost[]> {
  const posts: RestPost[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: RestPost[]; nextCursor: string | null } = await json(
      await testApp.app.request(
        `${TEST_PUBLIC_URL}/api/v1/accounts/${accountId}/posts?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        { headers: { authorization: `Bearer ${token}` } },
      ),
    );
    posts.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return posts;
}

/** An image in the owner's storage, for a post's media: its bucket and key. */
async function uploadImage() {
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  const { bucket, key } = await json<{ bucket: string; key: string }>(
    await owner.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body: new Uint8Array(await sample.arrayBuffer()),
    }),
    201,
  );
  return { bucket, key };
}

async function postsWithCaption(caption: string) {
  return testApp.database.db
    .select({ id: scheduledPosts.id, status: scheduledPosts.status })
    .from(scheduledPosts)
    .where(and(eq(scheduledPosts.workspaceId, workspaceId), eq(scheduledPosts.caption, caption)));
}

describe("/mcp", () => {
  it("connects with a token, lists the tools and the account's summary, and records each request", async () => {
    const { token, id } = await createToken(owner, [...accessTokenScopes]);
    const client = await connect(token);
    expect(client.getServerVersion()).toMatchObject({ name: "sightline" });
    expect(client.getInstructions()).toContain("confirmation");

    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(
      [
        "draft_post",
        "get_kpis",
        "list_accounts",
        "list_posts",
        "schedule_post",
        "search_inbox",
      ].sort(),
    );
    for (const tool of tools) {
      expect(tool.description!.length, tool.name).toBeGreaterThan(80);
      const properties = (tool.inputSchema.properties ?? {}) as Record<
        string,
        { description?: string }
      >;
      for (const [name, property] of Object.entries(properties)) {
        expect([tool.name, name, property.description?.length ?? 0]).toEqual([
          tool.name,
          name,
          expect.any(Number),
        ]);
        expect(property.description, `${tool.name}.${name}`).toBeTruthy();
      }
    }
    const schedule = tools.find((tool) => tool.name === "schedule_post")!;
    expect(schedule.inputSchema.required).toEqual(["media", "scheduledTime"]);

    const accounts = data<{ accounts: Array<{ id: string; username: string }> }>(
      await call(client, "list_accounts"),
    );
    expect(accounts.accounts).toEqual(await v1(token, "/accounts"));

    const { resources } = await client.listResources();
    const uri = `sightline://accounts/${accountId}/summary`;
    expect(resources.map((resource) => resource.uri)).toEqual([uri]);
    const read = await client.readResource({ uri });
    const summary = JSON.parse(String((read.contents[0] as { text: string }).text)) as {
      account: { username: string; followers: number };
      last28Days: { period: { from: string; to: string }; timeZone: string };
      topPosts: Array<{ metrics: { reach: number | null } }>;
    };
    expect(summary.account.username).toBe("lena.makes");
    const { period, timeZone } = summary.last28Days;
    expect(period).toMatchObject({ days: 28 });
    expect(summary.last28Days).toEqual(
      await v1(
        token,
        `/accounts/${accountId}/analytics/kpis?since=${period.from}&until=${period.to}&timezone=${timeZone}`,
      ),
    );
    expect(summary.topPosts.length).toBeGreaterThan(0);
    const reaches = summary.topPosts.map((post) => post.metrics.reach ?? -1);
    expect(reaches).toEqual([...reaches].sort((a, b) => b - a));

    // Every HTTP request of the session is in the token's request log.
    const recorded = await testApp.database.db
      .select({ path: apiRequests.path, status: apiRequests.status })
      .from(apiRequests)
      .where(eq(apiRequests.tokenId, id));
    expect(recorded.filter((row) => row.path === "/mcp").length).toBeGreaterThanOrEqual(5);
  });

  it("reads the KPIs the REST API answers for the same account and days, every one of them", async () => {
    const { token } = await createToken(owner, ["analytics:read"]);
    const client = await connect(token);
    const day = (offset: number) => new Date(clock + offset * DAY_MS).toISOString().slice(0, 10);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ preset: "last_28_days", timeZone: "UTC" }, `since=${day(-28)}&until=${day(-1)}`],
      [{ since: day(-10), until: day(-3), timeZone: "UTC" }, `since=${day(-10)}&until=${day(-3)}`],
      [{ preset: "this_month", timeZone: "UTC" }, `since=${day(0).slice(0, 8)}01&until=${day(0)}`],
    ];
    for (const [args, query] of cases) {
      const fromTool = data<Record<string, unknown>>(
        await call(client, "get_kpis", { account: "@lena.makes", ...args }),
      );
      const fromRest = await v1<Record<string, unknown>>(
        token,
        `/accounts/${accountId}/analytics/kpis?${query}&timezone=UTC`,
      );
      const { username, ...kpis } = fromTool;
      expect(username).toBe("lena.makes");
      expect(kpis).toEqual(fromRest);
      const restKpis = fromRest.kpis as Record<string, { value: number | null }>;
      expect(Object.keys(restKpis).length).toBeGreaterThanOrEqual(6);
      for (const [name, kpi] of Object.entries(restKpis)) {
        expect([name, (kpis.kpis as Record<string, unknown>)[name]]).toEqual([name, kpi]);
      }
    }
    // Another calendar: the same days in Madrid.
    const madrid = data<{ period: { from: string; to: string }; timeZone: string }>(
      await call(client, "get_kpis", { timeZone: "Europe/Madrid" }),
    );
    expect(madrid.timeZone).toBe("Europe/Madrid");
    const { username: _name, ...madridKpis } = madrid as unknown as Record<string, unknown>;
    expect(madridKpis).toEqual(
      await v1(
        token,
        `/accounts/${accountId}/analytics/kpis?since=${madrid.period.from}&until=${madrid.period.to}&timezone=Europe/Madrid`,
      ),
    );

    // The REST API's rules and words for a bad period.
    expect(refusal(await call(client, "get_kpis", { since: day(-3) }))).toEqual({
      code: "bad_request",
      message: "A period needs both since and until.",
    });
    expect(
      refusal(await call(client, "get_kpis", { preset: "last_month", since: day(-3) })).message,
    ).toBe("Give either a preset or since and until, not both.");
    expect(refusal(await call(client, "get_kpis", { timeZone: "Mars/Olympus" }))).toEqual({
      code: "bad_request",
      message: '"Mars/Olympus" is not a time zone.',
    });
  });

  it('answers "how did my reels do this month?" with the posts the REST API lists', async () => {
    const { token } = await createToken(owner, ["posts:read"]);
    const client = await connect(token);
    const rest = await allRestPosts(token);
    const today = zonedParts(new Date(clock), "UTC").date;
    const inDays = (post: RestPost, since: string, until: string) =>
      post.postedAt.slice(0, 10) >= since && post.postedAt.slice(0, 10) <= until;
    const figures = (posts: RestPost[]) => {
      const reach = posts.flatMap((post) =>
        post.metrics.reach === null ? [] : [post.metrics.reach],
      );
      const views = posts.flatMap((post) =>
        post.metrics.views === null ? [] : [post.metrics.views],
      );
      const rates = posts.flatMap((post) =>
        post.metrics.engagementRate === null ? [] : [post.metrics.engagementRate],
      );
      return {
        posts: posts.length,
        postsWithMetrics: reach.length,
        totalReach: reach.length === 0 ? null : reach.reduce((a, b) => a + b, 0),
        medianReach: median(reach),
        totalViews: views.length === 0 ? null : views.reduce((a, b) => a + b, 0),
        medianViews: median(views),
        medianEngagementRate: median(rates),
      };
    };

    const firstOfMonth = `${today.slice(0, 7)}-01`;
    const endOfLastMonth = addDays(firstOfMonth, -1);
    // The least number of reels each period must hold for the comparison to mean something:
    // the demo account posts reels every month, but this month may be a day old.
    for (const [preset, since, until, fewest] of [
      ["this_month", firstOfMonth, today, 0],
      ["last_month", `${endOfLastMonth.slice(0, 7)}-01`, endOfLastMonth, 1],
      ["last_90_days", addDays(today, -90), addDays(today, -1), 3],
    ] as const) {
      const reels = rest.filter((post) => post.type === "REELS" && inDays(post, since, until));
      const answer = data<{
        period: { since: string; until: string; timeZone: string };
        summary: {
          overall: ReturnType<typeof figures>;
          byType: Array<{ type: string } & ReturnType<typeof figures>>;
        };
        posts: RestPost[];
      }>(await call(client, "list_posts", { type: "reels", preset, timeZone: "UTC", limit: 100 }));
      expect(answer.period).toEqual({ since, until, timeZone: "UTC" });
      expect(answer.summary.overall).toMatchObject(figures(reels));
      expect(answer.summary.byType).toEqual(
        reels.length === 0 ? [] : [expect.objectContaining({ type: "reels", ...figures(reels) })],
      );
      expect(answer.posts).toEqual(reels.slice(0, 100));
      expect(reels.length, preset).toBeGreaterThanOrEqual(fewest);
    }

    // Every type of the last 28 days, and the top posts by reach.
    const since = new Date(Date.parse(`${today}T00:00:00Z`) - 28 * DAY_MS)
      .toISOString()
      .slice(0, 10);
    const until = new Date(Date.parse(`${today}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
    const recent = rest.filter((post) => inDays(post, since, until));
    const all = data<{
      summary: {
        overall: ReturnType<typeof figures>;
        byType: Array<{ type: string; posts: number }>;
      };
      posts: RestPost[];
    }>(await call(client, "list_posts", { timeZone: "UTC", sort: "reach", limit: 3 }));
    expect(all.summary.overall).toMatchObject(figures(recent));
    expect(all.summary.byType.reduce((sum, group) => sum + group.posts, 0)).toBe(recent.length);
    expect(all.posts.map((post) => post.metrics.reach)).toEqual(
      recent
        .map((post) => post.metrics.reach)
        .sort((a, b) => (b ?? -1) - (a ?? -1))
        .slice(0, 3),
    );
  });

  it("schedules a post only after the confirmation step, once, and refuses any other confirmation", async () => {
    const { token } = await createToken(owner, ["posts:write"]);
    const other = await createToken(owner, ["posts:write"]);
    const client = await connect(token);
    const file = await uploadImage();
    const caption = `Assistant post ${clock}`;
    const input = {
      media: [{ ...file, mediaType: "image" }],
      caption,
      hashtags: ["coffee"],
      scheduledTime: new Date(clock + 2 * DAY_MS).toISOString(),
      timeZone: "Europe/Madrid",
    };

    // First call: a preview and a confirmation; nothing saved.
    const preview = data<{
      status: string;
      saved: boolean;
      account: { username: string };
      postType: string;
      caption: string;
      media: unknown[];
      scheduledTimeLocal: string;
      timeZone: string;
      checks: unknown[];
      confirmation: string;
      confirmationExpiresAt: string;
    }>(await call(client, "schedule_post", input));
    expect(preview).toMatchObject({
      status: "preview",
      saved: false,
      account: { username: "lena.makes" },
      postType: "IMAGE",
      caption,
      media: [{ ...file, mediaType: "image" }],
      timeZone: "Europe/Madrid",
    });
    expect(preview.scheduledTimeLocal).toBe(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "Europe/Madrid",
        dateStyle: "full",
        timeStyle: "short",
      }).format(new Date(input.scheduledTime)),
    );
    expect(Date.parse(preview.confirmationExpiresAt) - clock).toBe(10 * 60_000);
    expect(await postsWithCaption(caption)).toEqual([]);

    // Refused: a made-up confirmation, one for other input, another token's, a draft's.
    const refused = async (args: Record<string, unknown>, tool = "schedule_post", as = client) =>
      refusal(await call(as, tool, args));
    expect(await refused({ ...input, confirmation: "c1.zzz.abc.def" })).toMatchObject({
      code: "confirmation_refused",
      message: expect.stringContaining("not valid"),
    });
    expect(
      await refused({ ...input, caption: `${caption}!`, confirmation: preview.confirmation }),
    ).toMatchObject({
      code: "confirmation_refused",
      message: expect.stringContaining("other input"),
    });
    const otherClient = await connect(other.token);
    expect(
      await refused({ ...input, confirmation: preview.confirmation }, "schedule_post", otherClient),
    ).toMatchObject({
      code: "confirmation_refused",
      message: expect.stringContaining("not valid"),
    });
    expect(
      await refused({ ...input, confirmation: preview.confirmation }, "draft_post"),
    ).toMatchObject({
      code: "confirmation_refused",
      message: expect.stringContaining("not valid"),
    });
    // Expired: ten minutes later.
    const stale = data<{ confirmation: string }>(await call(client, "schedule_post", input));
    clock += 10 * 60_000 + 1000;
    expect(await refused({ ...input, confirmation: stale.confirmation })).toMatchObject({
      code: "confirmation_refused",
      message: expect.stringContaining("expired"),
    });
    expect(await postsWithCaption(caption)).toEqual([]);

    // Confirmed: exactly one post, scheduled; confirming again answers the same post.
    const fresh = data<{ confirmation: string }>(await call(client, "schedule_post", input));
    const done = data<{ status: string; post: { id: string; status: string } }>(
      await call(client, "schedule_post", { ...input, confirmation: fresh.confirmation }),
    );
    expect(done).toMatchObject({ status: "scheduled", post: { status: "scheduled" } });
    expect(await postsWithCaption(caption)).toEqual([{ id: done.post.id, status: "scheduled" }]);
    const again = data<{ status: string; post: { id: string } }>(
      await call(client, "schedule_post", { ...input, confirmation: fresh.confirmation }),
    );
    expect(again.status).toMatch(/^already scheduled/);
    expect(again.post.id).toBe(done.post.id);
    expect(await postsWithCaption(caption)).toHaveLength(1);
    // The audit log has it once, by the token's member, naming the tool.
    const { events } = (await (
      await owner.get("/api/workspaces/current/audit?action=post.scheduled")
    ).json()) as { events: Array<{ target: string | null; details: Record<string, unknown> }> };
    expect(events.filter((event) => event.target === done.post.id)).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({ via: "api", tool: "schedule_post" }),
      }),
    ]);

    // The composer's checks and words, before any confirmation.
    expect(
      await refused({ ...input, scheduledTime: new Date(clock - 60_000).toISOString() }),
    ).toEqual({ code: "bad_request", message: "Cannot schedule post in the past" });
    expect(
      await refused({
        ...input,
        media: [{ ...file, key: `${file.key}-gone`, mediaType: "image" }],
      }),
    ).toEqual({ code: "bad_request", message: "Missing media file" });

    // A draft: the same two steps, kept as a draft.
    const draftCaption = `Assistant draft ${clock}`;
    const draftInput = { ...input, caption: draftCaption };
    const draftPreview = data<{ status: string; confirmation: string }>(
      await call(client, "draft_post", draftInput),
    );
    expect(draftPreview.status).toBe("preview");
    expect(await postsWithCaption(draftCaption)).toEqual([]);
    const drafted = data<{ post: { id: string; status: string } }>(
      await call(client, "draft_post", { ...draftInput, confirmation: draftPreview.confirmation }),
    );
    expect(await postsWithCaption(draftCaption)).toEqual([
      { id: drafted.post.id, status: "draft" },
    ]);
  });

  it("searches the inbox as GET /api/v1/accounts/{id}/conversations answers, and only with inbox:read", async () => {
    const { token } = await createToken(owner, ["inbox:read"]);
    const client = await connect(token);
    type Conversation = { id: string; kind: string; person: { username: string | null } };
    const rest = await v1<Conversation[]>(token, `/accounts/${accountId}/conversations?limit=50`);
    expect(rest.length).toBeGreaterThan(3);
    const rest2 = await v1<Conversation[]>(token, `/accounts/${accountId}/conversations?limit=50`);
    // The same page read again is the same (people read on the first are not read again).
    expect(rest2).toEqual(rest);
    const all = data<{ conversations: Conversation[]; username: string }>(
      await call(client, "search_inbox", { limit: 50 }),
    );
    expect(all.username).toBe("lena.makes");
    expect(all.conversations).toEqual(rest);
    // A search by a person's username and a filter: the REST API's answer for the same query.
    const someone = rest.find((row) => row.kind === "dm" && row.person.username)!;
    const query = someone.person.username!;
    const found = data<{ conversations: Conversation[] }>(
      await call(client, "search_inbox", { query, filter: "dm" }),
    );
    expect(found.conversations).toEqual(
      await v1<Conversation[]>(
        token,
        `/accounts/${accountId}/conversations?filter=dm&q=${encodeURIComponent(query)}&limit=20`,
      ),
    );
    expect(found.conversations.map((row) => row.id)).toContain(someone.id);
    expect(found.conversations.every((row) => row.kind === "dm")).toBe(true);

    const { token: analyticsOnly } = await createToken(owner, ["analytics:read"]);
    expect(refusal(await call(await connect(analyticsOnly), "search_inbox"))).toEqual({
      code: "insufficient_scope",
      message: "This token lacks the inbox:read scope.",
    });
  });

  it("refuses a tool whose scope the token lacks, as an error result naming the scope", async () => {
    const { token, id: tokenId } = await createToken(owner, ["analytics:read"]);
    const client = await connect(token);
    const file = await uploadImage();
    const caption = `Not allowed ${clock}`;
    const input = {
      media: [{ ...file, mediaType: "image" }],
      caption,
      scheduledTime: new Date(clock + 2 * DAY_MS).toISOString(),
    };
    for (const tool of ["schedule_post", "draft_post"]) {
      expect(refusal(await call(client, tool, input))).toEqual({
        code: "insufficient_scope",
        message: "This token lacks the posts:write scope.",
      });
    }
    expect(refusal(await call(client, "list_posts"))).toEqual({
      code: "insufficient_scope",
      message: "This token lacks the posts:read scope.",
    });
    expect(await postsWithCaption(caption)).toEqual([]);
    // The connection still works after a refusal.
    data(await call(client, "get_kpis"));
    // The log names each call's tool, token and outcome (the request line says only POST /mcp).
    const toolLines = logLines.filter(
      (line) => line.msg === "MCP tool" && line.tokenId === tokenId,
    );
    expect(toolLines.map(({ tool, outcome }) => ({ tool, outcome }))).toEqual([
      { tool: "schedule_post", outcome: "insufficient_scope" },
      { tool: "draft_post", outcome: "insufficient_scope" },
      { tool: "list_posts", outcome: "insufficient_scope" },
      { tool: "get_kpis", outcome: "ok" },
    ]);
    expect(logLines).toContainEqual(
      expect.objectContaining({ msg: "request", method: "POST", path: "/mcp", status: 200 }),
    );
  });

  it("answers 401 with WWW-Authenticate without a good token, 405 to GET, 403 to another site", async () => {
    const initialize = {
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "curl", version: "1" },
      },
    };
    const post = (headers: Record<string, string>) =>
      testApp.app.request(`${TEST_PUBLIC_URL}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
        body: JSON.stringify(initialize),
      });
    const none = await post({});
    expect(none.status, await none.clone().text()).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer realm="Sightline"/);
    expect(await none.json()).toMatchObject({ error: { code: "unauthorized" } });
    const bad = await post({ authorization: "Bearer slpat_not-a-real-token" });
    expect(bad.status).toBe(401);
    expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token"');

    // The SDK's client fails to connect without a token.
    const client = new Client({ name: "no-token", version: "1.0.0" });
    await expect(
      client.connect(
        new StreamableHTTPClientTransport(new URL(`${TEST_PUBLIC_URL}/mcp`), {
          fetch: (url, init) => Promise.resolve(testApp.app.request(String(url), init)),
        }),
      ),
    ).rejects.toThrow();

    const { token } = await createToken(owner, ["analytics:read"]);
    const good = await post({ authorization: `Bearer ${token}` });
    expect(good.status).toBe(200);
    expect(good.headers.get("ratelimit-limit")).toBe("120");
    expect(await good.json()).toMatchObject({
      id: 1,
      result: { serverInfo: { name: "sightline" } },
    });
    const get = await testApp.app.request(`${TEST_PUBLIC_URL}/mcp`, {
      headers: { authorization: `Bearer ${token}`, accept: "text/event-stream" },
    });
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
    const foreign = await post({
      authorization: `Bearer ${token}`,
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
  });

  it("knows no account of another workspace", async () => {
    const other = await createVerifiedUser(testApp);
    const { current } = await json<{ current: { id: string } }>(
      await other.client.get("/api/workspaces"),
    );
    await setWorkspacePlan(testApp.database.db, current.id, "pro", null, new Date(clock));
    const { token } = await createToken(other.client, [...accessTokenScopes]);
    const client = await connect(token);
    expect(data(await call(client, "list_accounts"))).toEqual({ accounts: [] });
    const notFound = {
      code: "not_found",
      message: "This Instagram account is not connected to this workspace.",
    };
    for (const account of [accountId, "@lena.makes"]) {
      expect(refusal(await call(client, "get_kpis", { account }))).toEqual(notFound);
      expect(refusal(await call(client, "list_posts", { account }))).toEqual(notFound);
    }
    const caption = `Not theirs ${clock}`;
    expect(
      refusal(
        await call(client, "schedule_post", {
          account: accountId,
          media: [{ bucket: "instagram-media", key: "x/y.jpg", mediaType: "image" }],
          caption,
          scheduledTime: new Date(clock + 2 * DAY_MS).toISOString(),
        }),
      ),
    ).toEqual(notFound);
    expect(await postsWithCaption(caption)).toEqual([]);
    expect((await client.listResources()).resources).toEqual([]);
    await expect(
      client.readResource({ uri: `sightline://accounts/${accountId}/summary` }),
    ).rejects.toThrow(/not connected to this workspace/);
  });
});
