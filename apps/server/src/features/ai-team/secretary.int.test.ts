import { randomUUID } from "node:crypto";
import type { AiFact } from "@sightline/contracts";
import { type AccountClient, paginate } from "@sightline/instagram-graph";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import type { RoleFactsInput } from "./role-facts.ts";
import { secretaryFacts } from "./secretary.ts";
import { classifyMessage, type MessageKind } from "./secretary-classifier.ts";

/*
 * The Secretary's facts (issue 31 point 4) against what Instagram itself says: the test reads
 * @lena.makes's conversations and comments through the sandbox's Graph API, works out which
 * wait for a reply and for how long, and holds the role's facts to that.
 */

const HOUR = 3_600_000;
const USERNAME = "lena.makes";
const priority: MessageKind[] = ["complaint", "purchase", "question", "other", "praise", "spam"];

let testApp: TestApp;
let graph: AccountClient;
let workspaceId: string;
let accountId: string;
let space: string;
let token: string;

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount({ username: USERNAME, login: "instagram" });
  testApp = synced.testApp;
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
  const users = (await testApp.database.db.execute(
    `select id from "user" where email = '${synced.email}'`,
  )) as unknown as { rows: Array<{ id: string }> };
  // Each Sightline user has a private copy of the demo accounts, named by the user's id.
  space = users.rows[0]!.id;
  token = testApp.sandbox!.issueToken({ username: USERNAME, login: "instagram", space });
  graph = testApp.graph.account({
    login: "instagram",
    accessToken: token,
    igUserId: accountId,
  });
  // The snapshot's sandbox is a fresh one: the webhook subscription the app made on connect is
  // made again, as the connect does, so a new message reaches the app.
  await graph.subscribeWebhooks(["comments", "messages"]);
}, 180_000);
afterAll(async () => {
  await testApp?.close();
});

function input(now: Date, scope = { workspaceId, accountId }): RoleFactsInput {
  return {
    db: testApp.database.db,
    scope,
    workspace: { id: scope.workspaceId, plan: "pro" },
    username: USERNAME,
    followersCount: null,
    timeZone: "UTC",
    now,
  };
}

type GraphPage<T> = { data: T[]; paging?: { next?: string } };
type GraphComment = {
  id: string;
  text?: string;
  timestamp: string;
  username?: string;
  from?: { id: string; username?: string };
  hidden?: boolean;
  replies?: GraphPage<GraphComment>;
};

type Expected = {
  id: string;
  channel: "dm" | "comment";
  href: string;
  at: number;
  kind: MessageKind;
  username: string | null;
};

/**
 * What waits for a reply at `now`, read from Instagram (the Graph API), not from our database:
 * the person's last message or the thread's newest comment is someone else's, from the last 30
 * days; ranked complaints first, then purchase questions, questions, the rest, praise, spam,
 * and the oldest first within a kind.
 */
async function waitingAtInstagram(now: Date): Promise<Expected[]> {
  const expected: Expected[] = [];
  const conversations = paginate((after) =>
    graph.listConversations({ limit: 50, ...(after ? { after } : {}) }),
  );
  for await (const conversation of conversations) {
    const { participants, messages } = await graph.listMessages(conversation.id, { limit: 20 });
    const business =
      participants.find((person) => person.id === accountId || person.username === USERNAME)?.id ??
      accountId;
    const person = participants.find((entry) => entry.id !== business);
    const newestFirst = messages
      .filter((message) => message.from?.id)
      .sort(
        (a, b) =>
          Date.parse(b.created_time!) - Date.parse(a.created_time!) || b.id.localeCompare(a.id),
      );
    const lastOurs = newestFirst.findIndex((message) => message.from!.id === business);
    if (lastOurs === 0 || newestFirst.length === 0) continue;
    const theirs = newestFirst.slice(0, lastOurs === -1 ? undefined : lastOurs).reverse();
    expected.push({
      id: `dm.${conversation.id}`,
      channel: "dm",
      href: `/messages?open=dm%3A${encodeURIComponent(conversation.id)}`,
      at: Date.parse(theirs.at(-1)!.created_time!),
      kind: classifyMessage(theirs.map((message) => message.message ?? "").join("\n")).kind,
      username: person?.username ?? null,
    });
  }
  // Each post with its comments and their replies, 50 posts a call (nested fields, contract §3.1 and §4).
  const replyFields = "id,text,timestamp,username,from,hidden";
  const fields = `id,comments_count,comments.limit(50){${replyFields},replies{${replyFields}}}`;
  let next: string | undefined =
    `${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0/me/media?limit=50&fields=${encodeURIComponent(fields)}&access_token=${token}`;
  while (next) {
    const response = await testApp.sandbox!.fetch(next);
    expect(response.status).toBe(200);
    const page = (await response.json()) as {
      data: Array<{ id: string; comments?: GraphPage<GraphComment> }>;
      paging?: { next?: string };
    };
    for (const post of page.data) {
      const comments = [...(post.comments?.data ?? [])];
      let more = post.comments?.paging?.next;
      while (more) {
        const rest = (await (await testApp.sandbox!.fetch(more)).json()) as GraphPage<GraphComment>;
        comments.push(...rest.data);
        more = rest.paging?.next;
      }
      for (const comment of comments) {
        const thread = [comment, ...(comment.replies?.data ?? [])].sort(
          (a, b) => Date.parse(b.timestamp) - Date.parse(a.timestamp) || b.id.localeCompare(a.id),
        );
        const newest = thread[0]!;
        const ours = (newest.from?.id ?? "") === accountId || newest.username === USERNAME;
        if (ours || newest.hidden) continue;
        expected.push({
          id: `comment.${newest.id}`,
          channel: "comment",
          href: `/messages?open=comments%3A${encodeURIComponent(post.id)}`,
          at: Date.parse(newest.timestamp),
          kind: classifyMessage(newest.text ?? "").kind,
          username: newest.username ?? newest.from?.username ?? null,
        });
      }
    }
    next = page.paging?.next;
  }
  const since = now.getTime() - 30 * 24 * HOUR;
  return expected
    .filter((item) => item.at >= since)
    .sort(
      (a, b) =>
        priority.indexOf(a.kind) - priority.indexOf(b.kind) ||
        a.at - b.at ||
        a.id.slice(a.id.indexOf(".") + 1).localeCompare(b.id.slice(b.id.indexOf(".") + 1)),
    );
}

const items = (facts: AiFact[]) => facts.filter((fact) => fact.kind === "triage-item");
const summaryOf = (facts: AiFact[]) => facts.find((fact) => fact.kind === "triage-summary")!;

/** Every number in the wording is one of the facts' figures. */
function expectGrounded(result: { headline: string; paragraphs: string[]; facts: AiFact[] }) {
  const figures = new Set(
    result.facts.flatMap((fact) =>
      Object.values(fact.figures).flatMap((value) => (typeof value === "number" ? [value] : [])),
    ),
  );
  for (const text of [result.headline, ...result.paragraphs]) {
    // A number standing alone, as the server's grounding reads it (grounding.ts): the digits of
    // a handle such as @oskarq89 are not a figure.
    for (const number of text.match(/(?<![\p{L}\p{N}_.])\d+(\.\d+)?/gu) ?? []) {
      expect(figures, `${number} in "${text}"`).toContain(Number(number));
    }
  }
}

describe("the Secretary's facts", () => {
  it("lists what waits for a reply at Instagram, ranked by kind then age, with each one's state", async () => {
    const now = new Date();
    const expected = await waitingAtInstagram(now);
    const result = await secretaryFacts(input(now));
    expect(result.status).toBe("ready");
    expect(expected.length).toBeGreaterThan(0);
    const listed = items(result.facts);
    expect(listed.map((fact) => fact.id)).toEqual(expected.slice(0, 20).map((item) => item.id));
    listed.forEach((fact, index) => {
      const truth = expected[index]!;
      const ageHours = Math.floor((now.getTime() - truth.at) / HOUR);
      expect(fact.figures).toMatchObject({
        rank: index + 1,
        kind: truth.kind,
        ageHours,
        ageDays: Math.floor(ageHours / 24),
        username: truth.username,
        channel: truth.channel,
      });
      expect(fact.links[0]!.href).toBe(truth.href);
      expect(fact.sample?.unit).toBe("messages");
      expect(fact.period?.from).toBe(new Date(truth.at).toISOString().slice(0, 10));
      if (truth.kind === "spam") {
        expect(fact.action).toBeUndefined();
        return;
      }
      const open = truth.channel === "comment" || now.getTime() - truth.at <= 24 * HOUR;
      expect(fact.action).toMatchObject({
        kind: "reply",
        channel: truth.channel,
        threadId: fact.id.slice(fact.id.indexOf(".") + 1),
        canSend: open,
        text: expect.any(String),
      });
      if (!open) {
        const closes = new Date(truth.at + 24 * HOUR).toISOString();
        expect(fact.action).toMatchObject({
          reason: expect.stringContaining(
            `window to reply closed on ${closes.slice(0, 16).replace("T", " ")} UTC`,
          ),
        });
      }
    });

    const summary = summaryOf(result.facts);
    const oldest = Math.min(...expected.map((item) => item.at));
    expect(summary.figures).toMatchObject({
      waiting: expected.length,
      dms: expected.filter((item) => item.channel === "dm").length,
      comments: expected.filter((item) => item.channel === "comment").length,
      oldestAgeHours: Math.floor((now.getTime() - oldest) / HOUR),
      windowClosed: expected.filter(
        (item) => item.channel === "dm" && now.getTime() - item.at > 24 * HOUR,
      ).length,
      shown: Math.min(20, expected.length),
      ...Object.fromEntries(
        priority.map((kind) => [kind, expected.filter((item) => item.kind === kind).length]),
      ),
    });
    expect(summary.sample).toEqual({ size: expected.length, unit: "messages" });
    expect(result.headline).toMatch(
      new RegExp(`^${expected.length} messages? waits? for a reply: .*; the oldest for `),
    );
    expectGrounded(result);
  }, 60_000);

  it("ranks a new DM by its kind, and closes its reply after 24 hours", async () => {
    const text = `My order ${randomUUID().slice(0, 6)} arrived broken and I want a refund`;
    testApp.sandbox!.simulateMessage({ username: USERNAME, text, space });
    await testApp.sandbox!.idle();
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    const stored = (await testApp.database.db.execute(
      `select conversation_id, created_time from instagram_messages
       where workspace_id = '${workspaceId}' and text = '${text}'`,
    )) as unknown as { rows: Array<{ conversation_id: string; created_time: string | Date }> };
    expect(stored.rows).toHaveLength(1);
    const threadId = stored.rows[0]!.conversation_id;
    const at = new Date(stored.rows[0]!.created_time).getTime();

    const soon = new Date(at + 2 * HOUR);
    const expected = await waitingAtInstagram(soon);
    const position = expected.findIndex((item) => item.id === `dm.${threadId}`);
    expect(expected[position]).toMatchObject({ kind: "complaint" });
    // Behind the older complaints, ahead of every purchase question, question and the rest.
    expect(expected.slice(0, position).every((item) => item.kind === "complaint")).toBe(true);

    const fresh = items((await secretaryFacts(input(soon))).facts);
    const item = fresh.find((fact) => fact.id === `dm.${threadId}`);
    expect(fresh.indexOf(item!)).toBe(position);
    expect(item).toMatchObject({
      figures: { kind: "complaint", ageHours: 2, channel: "dm" },
      action: { kind: "reply", channel: "dm", threadId, canSend: true, reason: null },
    });
    expect((item!.action as { text: string }).text).toMatch(/I'm sorry/);

    const late = new Date(at + 25 * HOUR);
    const closed = items((await secretaryFacts(input(late))).facts).find(
      (fact) => fact.id === `dm.${threadId}`,
    );
    expect(closed).toMatchObject({
      figures: { ageHours: 25 },
      action: { canSend: false, reason: expect.stringContaining("24-hour window") },
    });
  }, 60_000);

  it("says inbox zero when nothing of the last 30 days waits, and keeps its wording to its figures", async () => {
    const later = new Date(Date.now() + 60 * 24 * HOUR);
    const result = await secretaryFacts(input(later));
    expect(result).toMatchObject({
      status: "ready",
      headline: "Inbox zero: nothing waits for a reply.",
    });
    expect(items(result.facts)).toEqual([]);
    expect(summaryOf(result.facts).figures).toMatchObject({ waiting: 0, oldestAgeHours: null });
    expectGrounded(result);
  });

  it("reads only the account it is given: nothing stored is not enough data", async () => {
    const other = await secretaryFacts(input(new Date(), { workspaceId, accountId: "17840000" }));
    expect(other).toMatchObject({ status: "not-enough-data", facts: [] });
    const elsewhere = await secretaryFacts(
      input(new Date(), { workspaceId: randomUUID(), accountId }),
    );
    expect(elsewhere.status).toBe("not-enough-data");
  });
});
