import { createHmac } from "node:crypto";
import type { AutomationRule, AutomationRun } from "@sightline/contracts";
import { automationActions, claimAutomationAction, updateAutomationAction } from "@sightline/db";
import { testEngine } from "@sightline/db/testing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor, setPersonalPlan } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import {
  commentWebhookBody,
  connectSandboxAccount,
  sandboxControl,
} from "../../testing/instagram.ts";
import { graphReader } from "../../testing/instagram-graph.ts";
import { drainAutomationActions } from "./index.ts";

/*
 * Issue 32: comment automations at the sandbox (Meta's stand-in) on both engines: exactly one
 * public and one private reply per person and post however often the webhook comes, a crash
 * between deciding and sending resumes without a second message, Instagram's 7-day rule, the
 * hourly pace on the injected clock, pause and the plan gate.
 */

const HOUR_MS = 3_600_000;
let testApp: TestApp;
let client: HttpClient;
let email: string;
let igUserId: string;
let space: string;
let clock = Date.now();
const limits = {
  privateRepliesPerHour: 20,
  dmsPerHour: 20,
  publicRepliesPerHour: 20,
  perSecond: 50,
};

beforeAll(async () => {
  // A real connect in this file's sandbox: its webhook subscription is what delivers the comments.
  testApp = await createTestApp({
    now: () => clock,
    sandboxClock: () => clock,
    automationLimits: limits,
  });
  const user = await createVerifiedUser(testApp);
  ({ client, email } = user);
  const connection = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 240_000 });
  igUserId = connection.instagram_id;
  space = connection.user_id;
  await setPersonalPlan(testApp, email, "pro");
}, 300_000);

afterAll(async () => {
  await testApp?.close();
});

async function createRule(body: unknown): Promise<AutomationRule> {
  const response = await client.post("/api/automations", body);
  expect(response.status, await response.clone().text()).toBe(201);
  return (await response.json()) as AutomationRule;
}

async function runsOf(ruleId: string): Promise<AutomationRun[]> {
  const response = await client.get(`/api/automations/runs?rule=${ruleId}&limit=100`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { items: AutomationRun[] }).items;
}

/** Lets the sandbox deliver its webhooks and the app process them and send. */
async function settle() {
  // Twice: what the automations send comes back as webhooks (echoes) for the inbox.
  for (let round = 0; round < 2; round++) {
    await testApp.sandbox!.idle();
    await testApp.instagramContext.queue.idle({ timeoutMs: 60_000 });
    await testApp.automationsContext.queue.idle({ timeoutMs: 60_000 });
  }
}

async function deliver(body: string) {
  const signature = `sha256=${createHmac("sha256", testApp.instagram.instagramAppSecret!).update(body).digest("hex")}`;
  const response = await testApp.app.request(`${TEST_PUBLIC_URL}/webhooks/instagram`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-hub-signature-256": signature },
    body,
  });
  expect(response.status).toBe(200);
}

type Stored = {
  ig_comment_id: string;
  ig_media_id: string;
  user_igsid: string;
  username: string;
  text: string;
};
async function storedComment(id: string): Promise<Stored> {
  const result = (await testApp.database.db.execute(
    `select ig_comment_id, ig_media_id, user_igsid, username, text from instagram_comments where ig_comment_id = '${id}'`,
  )) as unknown as { rows: Stored[] };
  return result.rows[0]!;
}

/** What Instagram holds: the account's replies under a comment, and its DMs to a person. */
async function atInstagram(commentId: string | null, personId: string) {
  const reader = graphReader(testApp, { username: "lena.makes", space });
  const replies = commentId
    ? await reader.get<{
        data: Array<{ id: string; text: string; from?: { id: string } }>;
      }>(`${commentId}/replies`, { fields: "id,text,from" })
    : { data: [] };
  const conversations = await reader.get<{ data: Array<{ id: string }> }>("me/conversations", {
    platform: "instagram",
    user_id: personId,
  });
  let sent: Array<{
    message?: string;
    from?: { id: string };
    attachments?: { data: Array<{ generic_template?: { title: string; url: string } }> };
  }> = [];
  if (conversations.data[0]) {
    const thread = await reader.get<{ messages?: { data: typeof sent } }>(
      conversations.data[0].id,
      { fields: "messages{message,from,attachments}" },
    );
    sent = (thread.messages?.data ?? []).filter((m) => m.from?.id === igUserId);
  }
  return {
    publicReplies: replies.data
      .filter((reply) => reply.from?.id === igUserId)
      .map((reply) => reply.text),
    directMessages: sent.map((m) => m.message ?? ""),
    /** The link buttons under those messages (Instagram's button template). */
    buttons: sent.flatMap((m) =>
      (m.attachments?.data ?? []).flatMap((a) => (a.generic_template ? [a.generic_template] : [])),
    ),
  };
}

describe(`automations on ${testEngine()}`, () => {
  let linkRule: AutomationRule;

  it("answers a matching comment once in public and once in private, however often it is delivered", async () => {
    linkRule = await createRule({
      name: "Comment LINK → DM",
      trigger: { kind: "comment", keywords: { mode: "any", words: ["link"] } },
      actions: {
        publicReplies: ["Sent it to your DMs! 📩"],
        privateReply: {
          text: "Here is the link",
          link: { title: "Shop", url: "https://example.com/shop" },
        },
      },
    });
    const simulated = testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: "LINK please 🙏",
      space,
    });
    expect(simulated).toBeDefined();
    await settle();
    const comment = await storedComment(simulated!.id);
    // Meta delivers some webhooks again (contract §12.10): the same comment twice more, at once.
    const body = commentWebhookBody(
      igUserId,
      comment.ig_media_id,
      {
        id: comment.ig_comment_id,
        text: comment.text,
        from: { id: comment.user_igsid, username: comment.username },
      },
      Math.floor(clock / 1000),
    );
    await Promise.all([deliver(body), deliver(body)]);
    await settle();

    const runs = await runsOf(linkRule.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      outcome: "acted",
      matched: ["link"],
      person: { id: comment.user_igsid },
      sourceId: comment.ig_comment_id,
    });
    expect(runs[0]!.actions.map((action) => [action.kind, action.status])).toEqual([
      ["public_reply", "sent"],
      ["private_reply", "sent"],
    ]);
    // The run links to the post's comments and to the DM thread the private reply opened.
    expect(runs[0]!.links.comments).toBe(`/messages?open=comments%3A${comment.ig_media_id}`);
    expect(runs[0]!.links.dm).toMatch(/^\/messages\?open=dm%3A.+/);
    const instagram = await atInstagram(comment.ig_comment_id, comment.user_igsid);
    expect(instagram.publicReplies).toEqual(["Sent it to your DMs! 📩"]);
    // The link goes as a button under the text (a button template), not pasted in the text.
    expect(instagram.directMessages).toEqual(["Here is the link"]);
    expect(instagram.buttons).toEqual([{ title: "Shop", url: "https://example.com/shop" }]);

    // The same person commenting again on the same post: once per person per post.
    const again = await deliverAsNewComment(comment, "another LINK?");
    await settle();
    const later = await runsOf(linkRule.id);
    expect(later.find((run) => run.sourceId === again)).toMatchObject({
      outcome: "skipped",
      reason: "Already replied: this automation answers a person once per post.",
      actions: [],
    });
  }, 120_000);

  async function deliverAsNewComment(like: Stored, text: string): Promise<string> {
    const id = `1799${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(0, 17);
    await deliver(
      commentWebhookBody(
        igUserId,
        like.ig_media_id,
        {
          id,
          text,
          from: { id: like.user_igsid, username: like.username },
        },
        Math.floor(clock / 1000),
      ),
    );
    return id;
  }

  it("does not match words inside other words, and counts what the rule did", async () => {
    const simulated = testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: "linked in bio?",
      space,
    });
    await settle();
    expect((await runsOf(linkRule.id)).map((run) => run.sourceId)).not.toContain(simulated!.id);
    const list = (await (await client.get("/api/automations")).json()) as {
      rules: AutomationRule[];
      queue: { waiting: number; paused: boolean };
    };
    const rule = list.rules.find((entry) => entry.id === linkRule.id)!;
    expect(rule.counts).toMatchObject({ triggered: 2, sent: 2, failed: 0 });
    expect(list.queue).toMatchObject({ waiting: 0, paused: false });
  }, 60_000);

  it("resumes after a crash between deciding and sending without a second message", async () => {
    for (const step of ["sending", "sent"] as const) {
      let crashed = false;
      testApp.automationsContext.crashAfter = (at) => {
        if (at === step && !crashed) {
          crashed = true;
          throw new Error(`crash after ${step}`);
        }
      };
      const simulated = testApp.sandbox!.simulateComment({
        username: "lena.makes",
        text: `the link (${step})`,
        space,
      });
      await settle();
      expect(crashed).toBe(true);
      testApp.automationsContext.crashAfter = undefined;
      // The process comes back: the next drain finds the action it left and finishes it.
      await drainAutomationActions(testApp.automationsContext);
      const comment = await storedComment(simulated!.id);
      const run = (await runsOf(linkRule.id)).find(
        (entry) => entry.sourceId === comment.ig_comment_id,
      );
      if (run?.outcome === "skipped") continue; // the same person on the same post earlier
      expect(
        run!.actions.every((action) => action.status === "sent"),
        JSON.stringify(run),
      ).toBe(true);
      const instagram = await atInstagram(comment.ig_comment_id, comment.user_igsid);
      expect(instagram.publicReplies, step).toHaveLength(1);
      expect(
        instagram.directMessages.filter((text) => text.startsWith("Here is the link")),
        step,
      ).toHaveLength(1);
    }
  }, 120_000);

  it("skips a private reply Instagram no longer allows (7 days after the comment), with the reason", async () => {
    const rule = await createRule({
      name: "Later",
      trigger: { kind: "comment", keywords: { mode: "any", words: ["vintage"] } },
      actions: { privateReply: { text: "Hello" }, delaySeconds: 60 },
    });
    const simulated = testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: "vintage please",
      space,
    });
    await settle();
    // The queue held it past Instagram's 7 days (the clock is the app's and the sandbox's).
    clock += 8 * 24 * HOUR_MS;
    await drainAutomationActions(testApp.automationsContext);
    const [run] = await runsOf(rule.id);
    expect(run).toMatchObject({ outcome: "acted", sourceId: simulated!.id });
    expect(run!.actions).toEqual([
      expect.objectContaining({
        kind: "private_reply",
        status: "skipped",
        reason: "Window closed: Instagram allows a private reply within 7 days of the comment.",
      }),
    ]);
    await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
  }, 60_000);

  it("paces a burst within the hourly limit: every private reply once, none lost", async () => {
    await client.request(`/api/automations/${linkRule.id}`, {
      method: "PATCH",
      json: { enabled: false },
    });
    const rule = await createRule({
      name: "Burst",
      trigger: { kind: "comment", keywords: { mode: "any", words: ["giveaway"] } },
      actions: { privateReply: { text: "You're in! 🎉" } },
    });
    // An hour without sends before it: the burst has the whole hourly limit.
    clock += HOUR_MS + 1000;
    const ids: string[] = [];
    for (let i = 0; i < 50; i++) {
      const simulated = testApp.sandbox!.simulateComment({
        username: "lena.makes",
        text: `GIVEAWAY ${i}`,
        space,
      });
      if (simulated) ids.push(simulated.id);
    }
    await settle();
    const acted = async () => (await runsOf(rule.id)).filter((run) => run.outcome === "acted");
    const expected = (await acted()).length;
    expect(expected).toBeGreaterThan(limits.privateRepliesPerHour);
    const status = await client.get("/api/automations");
    const { queue } = (await status.json()) as {
      queue: { waiting: number; allOutBy: string | null };
    };
    expect(queue.waiting).toBe(expected - limits.privateRepliesPerHour);
    // All out by: the hour's limit went at once, so what waits goes as those sends turn an hour
    // old (a second hour only for what is beyond one more hour's limit).
    const hoursAhead = queue.waiting > limits.privateRepliesPerHour ? 2 : 1;
    const outIn = Date.parse(queue.allOutBy ?? "") - clock;
    expect(outIn).toBeGreaterThan((hoursAhead - 1) * HOUR_MS);
    expect(outIn).toBeLessThanOrEqual(hoursAhead * HOUR_MS + 60_000);
    // The injected clock moves an hour at a time; each hour sends at most the limit, however
    // many drains run at once (here two: a job's retry beside the next drain).
    for (let hour = 0; hour < 5; hour++) {
      clock += HOUR_MS + 1000;
      await Promise.all([
        drainAutomationActions(testApp.automationsContext),
        drainAutomationActions(testApp.automationsContext),
      ]);
    }
    const runs = await acted();
    expect(runs.flatMap((run) => run.actions).filter((action) => action.status !== "sent")).toEqual(
      [],
    );
    const sent = runs.flatMap((run) => run.actions).filter((action) => action.status === "sent");
    expect(sent).toHaveLength(expected);
    const times = sent.map((action) => Date.parse(action.sentAt!)).sort((a, b) => a - b);
    for (let i = limits.privateRepliesPerHour; i < times.length; i++) {
      expect(times[i]! - times[i - limits.privateRepliesPerHour]!).toBeGreaterThanOrEqual(HOUR_MS);
    }
    // At Instagram: one private reply per acted comment, no more.
    for (const run of runs.slice(0, 5)) {
      const instagram = await atInstagram(run.sourceId, run.person.id);
      expect(instagram.directMessages.filter((text) => text === "You're in! 🎉")).toHaveLength(
        runs.filter((entry) => entry.person.id === run.person.id).length,
      );
    }
    await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
  }, 180_000);

  it("lets one drain only take an action: a second reading the same row gets nothing", async () => {
    const rule = await createRule({
      name: "Claimed",
      trigger: { kind: "comment", keywords: { mode: "any", words: ["claimed"] } },
      actions: { privateReply: { text: "Once" }, delaySeconds: 60 },
    });
    const simulated = testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: "claimed",
      space,
    });
    await settle();
    const run = (await runsOf(rule.id)).find((entry) => entry.sourceId === simulated!.id);
    expect(run?.outcome).toBe("acted");
    const db = testApp.database.db;
    const [row] = await db
      .select()
      .from(automationActions)
      .where(eq(automationActions.runId, Number(run!.id)));
    expect(row?.status).toBe("queued");
    // Two drains that read the row before either wrote it (another process's, say).
    const claims = await Promise.all([
      claimAutomationAction(db, row!, new Date(clock)),
      claimAutomationAction(db, row!, new Date(clock)),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    await updateAutomationAction(db, row!.id, { status: "skipped", reason: "Test: claimed." });
    await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
  });

  it("sends nothing while paused, and nothing without the plan", async () => {
    await client.request(`/api/automations/${linkRule.id}`, {
      method: "PATCH",
      json: { enabled: true },
    });
    expect(
      (await client.request("/api/automations/paused", { method: "PUT", json: { paused: true } }))
        .status,
    ).toBe(200);
    const paused = testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: "link",
      space,
    });
    await settle();
    const pausedRun = (await runsOf(linkRule.id)).find((run) => run.sourceId === paused!.id);
    expect(pausedRun).toMatchObject({
      outcome: "skipped",
      reason: "Paused: every automation of this account is paused.",
    });
    expect(
      (await client.request("/api/automations/paused", { method: "PUT", json: { paused: false } }))
        .status,
    ).toBe(200);

    await setPersonalPlan(testApp, email, "starter");
    const refused = await client.post("/api/automations", {
      name: "x",
      trigger: { kind: "dm", keywords: { mode: "any_message" } },
      actions: { dm: { text: "hi" } },
    });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
      "plan_required",
    );
    const gated = testApp.sandbox!.simulateComment({ username: "lena.makes", text: "link", space });
    await settle();
    const gatedRun = (await runsOf(linkRule.id)).find((run) => run.sourceId === gated!.id);
    expect(gatedRun).toMatchObject({ outcome: "skipped" });
    expect(gatedRun!.reason).toMatch(/^Plan: automations need the Pro plan/);
    await setPersonalPlan(testApp, email, "pro");
  }, 60_000);

  it("answers a DM keyword once per 24-hour window, with the person's first name", async () => {
    const rule = await createRule({
      name: "FAQ price",
      trigger: { kind: "dm", keywords: { mode: "any", words: ["how much"] } },
      actions: { dm: { text: "Hi {first_name}! Prices are on our shop page." } },
    });
    testApp.sandbox!.simulateMessage({
      username: "lena.makes",
      text: "How much is the blue one?",
      space,
    });
    await settle();
    // The same person writes again (the sandbox finds them by username).
    const [first] = await runsOf(rule.id);
    const people = (await testApp.database.db.execute(
      `select username from inbox_people where igsid = '${first!.person.id}'`,
    )) as unknown as { rows: Array<{ username: string }> };
    const from = people.rows[0]!.username;
    testApp.sandbox!.simulateMessage({
      username: "lena.makes",
      text: "and how much for two?",
      from,
      space,
    });
    await settle();
    let runs = await runsOf(rule.id);
    expect(runs.map((run) => [run.outcome, run.reason])).toEqual([
      [
        "skipped",
        "Already answered in this conversation window: an automation answers a person once per 24 hours.",
      ],
      ["acted", null],
    ]);
    expect(runs[1]!.actions).toEqual([expect.objectContaining({ kind: "dm", status: "sent" })]);
    const sentText = runs[1]!.actions[0]!.text!;
    expect(sentText).toMatch(/^Hi \S+! Prices are on our shop page\.$/);
    expect(sentText).not.toContain("{first_name}");
    const person = runs[1]!.person.id;
    const reader = graphReader(testApp, { username: "lena.makes", space });
    const conversations = await reader.get<{ data: Array<{ id: string }> }>("me/conversations", {
      platform: "instagram",
      user_id: person,
    });
    const thread = await reader.get<{
      messages?: { data: Array<{ message?: string; from?: { id: string } }> };
    }>(conversations.data[0]!.id, { fields: "messages{message,from}" });
    expect(
      (thread.messages?.data ?? []).filter(
        (m) => m.from?.id === igUserId && m.message === sentText,
      ),
    ).toHaveLength(1);
    // A day later the window is a new one.
    clock += 25 * HOUR_MS;
    testApp.sandbox!.simulateMessage({
      username: "lena.makes",
      text: "how much now?",
      from,
      space,
    });
    await settle();
    runs = await runsOf(rule.id);
    expect(runs[0]).toMatchObject({ outcome: "acted" });
    await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
  }, 60_000);

  it("thanks a story mention and answers a story reply, each by DM", async () => {
    clock += 25 * HOUR_MS;
    const mention = await createRule({
      name: "Thanks for the mention",
      trigger: { kind: "story_mention", keywords: { mode: "any_message" } },
      actions: { dm: { text: "Thank you for the mention! 💛" } },
    });
    const reply = await createRule({
      name: "Story replies",
      trigger: { kind: "story_reply", keywords: { mode: "any", words: ["where"] } },
      actions: {
        dm: { text: "It's in the shop!", link: { title: "Shop", url: "https://example.com/shop" } },
      },
    });
    testApp.sandbox!.simulateMessage({ username: "lena.makes", storyMention: true, space });
    testApp.sandbox!.simulateMessage({
      username: "lena.makes",
      text: "Where can I buy this?",
      replyToStory: true,
      space,
    });
    // A plain DM with the same words is neither.
    testApp.sandbox!.simulateMessage({ username: "lena.makes", text: "where are you?", space });
    await settle();
    const [mentioned] = await runsOf(mention.id);
    expect(mentioned).toMatchObject({ trigger: "story_mention", outcome: "acted" });
    expect(mentioned!.actions).toEqual([expect.objectContaining({ kind: "dm", status: "sent" })]);
    const replies = await runsOf(reply.id);
    expect(replies.map((run) => [run.trigger, run.text, run.outcome])).toEqual([
      ["story_reply", "Where can I buy this?", "acted"],
    ]);
    expect(replies[0]!.actions).toEqual([expect.objectContaining({ kind: "dm", status: "sent" })]);
    // A DM's link goes as a button too.
    const instagram = await atInstagram(null, replies[0]!.person.id);
    expect(instagram.directMessages).toContain("It's in the shop!");
    expect(instagram.buttons).toContainEqual({ title: "Shop", url: "https://example.com/shop" });
    for (const rule of [mention, reply]) {
      await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
    }
  }, 60_000);

  it("waits out Instagram's rate limit and sends later: nothing is dropped", async () => {
    clock += 2 * HOUR_MS;
    await sandboxControl(testApp, "/settings", { privateRepliesPerHour: 1 });
    const rule = await createRule({
      name: "Slow down",
      trigger: { kind: "comment", keywords: { mode: "any", words: ["catalogue"] } },
      actions: { privateReply: { text: "Here is the catalogue" } },
    });
    // Two new people (a name the sandbox does not know makes one), so both comments act.
    for (const [text, from] of [
      ["catalogue please", "rate.limit.one"],
      ["the catalogue?", "rate.limit.two"],
    ] as const) {
      testApp.sandbox!.simulateComment({ username: "lena.makes", text, from, space });
    }
    await settle();
    const statuses = async () =>
      (await runsOf(rule.id))
        .filter((run) => run.outcome === "acted")
        .flatMap((run) => run.actions.map((action) => [action.status, action.reason] as const));
    const first = await statuses();
    expect(first.map(([status]) => status).sort()).toEqual(["queued", "sent"]);
    expect(first.find(([status]) => status === "queued")![1]).toMatch(
      /^Instagram asked to slow down; trying again at \d\d:\d\d UTC\.$/,
    );
    clock += HOUR_MS + 60_000;
    await drainAutomationActions(testApp.automationsContext);
    expect((await statuses()).map(([status]) => status)).toEqual(["sent", "sent"]);
    await sandboxControl(testApp, "/settings", { privateRepliesPerHour: 750 });
    await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
  }, 90_000);

  it("labels the DM thread: a DM's at once, a comment's once its private reply opened one", async () => {
    clock += HOUR_MS;
    const lead = (await (
      await client.post("/api/inbox/labels", { name: "Lead", color: "green" })
    ).json()) as { id: string };
    const dmRule = await createRule({
      name: "Order DMs",
      trigger: { kind: "dm", keywords: { mode: "any", words: ["order"] } },
      actions: { labelIds: [lead.id] },
    });
    const commentRule = await createRule({
      name: "Catalogue comments",
      trigger: { kind: "comment", keywords: { mode: "any", words: ["wholesale"] } },
      actions: { privateReply: { text: "Here is our price list" }, labelIds: [lead.id] },
    });
    testApp.sandbox!.simulateMessage({
      username: "lena.makes",
      text: "I'd like to order two",
      from: "label.dm.person",
      space,
    });
    testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: "wholesale prices?",
      from: "label.comment.person",
      space,
    });
    await settle();
    // The echo of the private reply may reach the inbox after the first drain: look again.
    clock += 15_000;
    await drainAutomationActions(testApp.automationsContext);
    await settle();
    const labelled = async () => {
      const response = await client.get(`/api/inbox/conversations?label=${lead.id}`);
      return ((await response.json()) as { items: Array<{ id: string; kind: string }> }).items;
    };
    const [dmRun] = await runsOf(dmRule.id);
    const [commentRun] = await runsOf(commentRule.id);
    expect(dmRun!.actions).toEqual([
      expect.objectContaining({ kind: "label", status: "sent", reason: "Labelled “Lead”." }),
    ]);
    expect(commentRun!.actions.map((action) => [action.kind, action.status])).toEqual([
      ["private_reply", "sent"],
      ["label", "sent"],
    ]);
    const threads = await labelled();
    expect(threads.map((item) => item.kind)).toEqual(["dm", "dm"]);
    expect(threads.map((item) => item.id).sort()).toEqual(
      [dmRun!.links.dm, commentRun!.links.dm]
        .map((link) => decodeURIComponent(link!.replace("/messages?open=dm%3A", "")))
        .sort(),
    );
    for (const rule of [dmRule, commentRule]) {
      await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
    }
  }, 90_000);

  it("e-mails the team at most once per rule every 15 minutes, with every match in between", async () => {
    clock += HOUR_MS;
    const rule = await createRule({
      name: "Wholesale leads",
      trigger: { kind: "comment", keywords: { mode: "any", words: ["wholesale"] } },
      actions: { notify: true },
    });
    const notices = async () =>
      (await mailboxFor(client, email)).filter((mail) =>
        mail.subject.startsWith("Wholesale leads:"),
      );
    testApp.sandbox!.simulateComment({
      username: "lena.makes",
      text: "Do you sell wholesale?",
      from: "notify.one",
      space,
    });
    await settle();
    const [first] = await notices();
    expect(first?.subject).toBe("Wholesale leads: 1 new match on @lena.makes");
    expect(first?.text).toMatch(/@[\w.]+ commented “Do you sell wholesale\?”/);
    expect(first?.links.some((link) => link.endsWith("/messages?tab=automations"))).toBe(true);

    // Two more within the quarter hour: no e-mail yet, they wait for the digest.
    for (const from of ["notify.two", "notify.three"]) {
      testApp.sandbox!.simulateComment({
        username: "lena.makes",
        text: `wholesale price for ${from}?`,
        from,
        space,
      });
    }
    await settle();
    expect(await notices()).toHaveLength(1);
    const waiting = (await runsOf(rule.id)).flatMap((run) => run.actions);
    expect(waiting.filter((action) => action.status === "queued")).toHaveLength(2);

    clock += 15 * 60_000;
    await drainAutomationActions(testApp.automationsContext);
    const all = await notices();
    expect(all).toHaveLength(2);
    expect(all[0]!.subject).toBe("Wholesale leads: 2 new matches on @lena.makes");
    expect(all[0]!.text).toContain("commented “wholesale price for notify.two?”");
    expect(all[0]!.text).toContain("commented “wholesale price for notify.three?”");
    const settled = (await runsOf(rule.id)).flatMap((run) => run.actions);
    expect(settled.map((action) => [action.kind, action.status, action.reason])).toEqual([
      ["notify", "sent", "E-mailed 1 member."],
      ["notify", "sent", "E-mailed 1 member."],
      ["notify", "sent", "E-mailed 1 member."],
    ]);
    // The team's e-mails are not Instagram sends: the rule's "sent" counts DMs and replies.
    const list = (await (await client.get("/api/automations")).json()) as {
      rules: AutomationRule[];
    };
    expect(list.rules.find((entry) => entry.id === rule.id)!.counts).toMatchObject({
      triggered: 3,
      sent: 0,
    });
    await client.request(`/api/automations/${rule.id}`, { method: "DELETE" });
  }, 90_000);

  it("refuses a rule it could not run, with the field's message", async () => {
    const response = await client.post("/api/automations", {
      name: "Bad",
      trigger: { kind: "dm", keywords: { mode: "any", words: ["x"] } },
      actions: { privateReply: { text: "x" } },
    });
    expect(response.status).toBe(422);
    expect(await response.text()).toContain("Private replies answer comments only; use a DM.");
  });
});
