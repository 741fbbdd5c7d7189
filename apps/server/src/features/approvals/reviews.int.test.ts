import { randomUUID } from "node:crypto";
import { WORKSPACE_HEADER, type WorkspaceRole } from "@sightline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor, setPersonalPlan } from "../../testing/factories.ts";
import { createHttpClient, type HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import {
  inWorkspace,
  joinWorkspace,
  jsonOf as json,
  type WorkspaceClient,
} from "../../testing/workspace-members.ts";

/*
 * The Reviews page and reviewers' bells (issue 33 points 1, 3 and 6; decision 037 addendum), on
 * one app for the file: the owner's synced demo account on Premium, an editor, an analyst and a
 * client invited into it, and an outsider with a workspace of their own.
 */

let testApp: TestApp;
let owner: Member;
let editor: Member;
let analyst: Member;
let client: Member;
let outsider: { http: HttpClient; workspaceId: string };
/** A client of the outsider's workspace (Premium too): must never hear of the owner's posts. */
let otherClient: WorkspaceClient;
/** The client's own personal workspace (they own it; they are a Client only in the owner's). */
let clientsOwnWorkspaceId: string;
let workspaceId: string;
let accountId: string;
let file: { bucket: "instagram-media"; key: string };
const ids: Record<string, string> = {};

type Member = WorkspaceClient & { email: string; http: HttpClient };
type Bell = { id: string; type: string; count: number; latestTimestamp: string }[];
type ReviewPost = {
  id: string;
  account_id: string;
  account_username: string | null;
  approval_state: string;
  caption: string;
  scheduled_time: string;
  items: { url: string; media_type: string }[];
  sent_by: string | null;
  sent_at: string | null;
  decided_at: string | null;
  history: { action: string; actor: string; comment: string | null }[];
};
type Reviews = { posts: ReviewPost[]; can_review: boolean; decided_days: number };

const HOUR = 60 * 60 * 1000;

async function join(role: Exclude<WorkspaceRole, "owner">, firstName: string): Promise<Member> {
  const member = await joinWorkspace(testApp, owner, workspaceId, role, { firstName });
  return { ...member.in, email: member.email };
}

function draft(caption: string, inHours = 48) {
  return {
    items: [{ ...file, mediaType: "image" as const }],
    caption,
    hashtags: ["coffee"],
    collaborators: [],
    scheduled_time: new Date(Date.now() + inHours * HOUR).toISOString(),
    time_zone: "Europe/Lisbon",
    client_id: randomUUID(),
  };
}

async function sendForApproval(by: Member, caption: string, inHours = 48) {
  const { post } = await json<{ post: { id: string } }>(
    await by.post("/api/approvals/posts", draft(caption, inHours)),
    201,
  );
  return post.id;
}

const bell = async (member: { get: (path: string) => Promise<Response> }) =>
  json<Bell>(await member.get("/api/notifications"));
const countOf = (items: Bell, type: string) => items.find((item) => item.type === type)?.count ?? 0;

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "premium" },
  );
  testApp = synced.testApp;
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
  owner = { ...inWorkspace(synced.client, workspaceId), email: synced.email };
  [editor, analyst, client] = [
    await join("editor", "Eddie"),
    await join("analyst", "Ana"),
    await join("client", "Clara"),
  ];
  const personalWorkspace = async (email: string) => {
    const result = (await testApp.database.db.execute(
      `select w.id as workspace_id from "user" u join workspaces w on w.personal_owner_id = u.id where u.email = '${email}'`,
    )) as unknown as { rows: { workspace_id: string }[] };
    return result.rows[0]!.workspace_id;
  };
  const other = await createVerifiedUser(testApp, { firstName: "Otto" });
  outsider = {
    http: other.client,
    workspaceId: await setPersonalPlan(testApp, other.email, "premium"),
  };
  otherClient = (
    await joinWorkspace(
      testApp,
      inWorkspace(other.client, outsider.workspaceId),
      outsider.workspaceId,
      "client",
      { firstName: "Cleo" },
    )
  ).in;
  clientsOwnWorkspaceId = await personalWorkspace(client.email);
  const members = await json<{ members: { userId: string; email: string }[] }>(
    await owner.get("/api/workspaces/current/members"),
  );
  for (const member of members.members) ids[member.email] = member.userId;
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  const uploaded = await editor.request("/api/uploads/instagram-media", {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: new Uint8Array(await sample.arrayBuffer()),
  });
  expect(uploaded.status).toBeLessThan(300);
  file = (await uploaded.json()) as typeof file;
}, 240_000);
afterAll(async () => {
  await testApp?.close();
});

describe("a reviewer's bell", () => {
  it("counts a post sent to the client for review and an @mention of them; not another workspace's, not an analyst's", async () => {
    // A Client's bell answers (it needed "read" before) and has nothing yet.
    expect(await bell(client)).toEqual([]);

    const postId = await sendForApproval(editor, "Bell: spring menu");
    const clientBell = await bell(client);
    expect(countOf(clientBell, "review_request")).toBe(1);
    expect(clientBell.find((item) => item.type === "review_request")?.id).toBe("review-requests");

    // The editor mentions the client in the post's comments.
    await json(
      await editor.post(`/api/post-comments/${postId}`, {
        body: "@Clara Lovelace does the photo work for you?",
        mentions: [ids[client.email]],
      }),
      201,
    );
    const mentioned = await bell(client);
    expect(countOf(mentioned, "comment_mention")).toBe(1);
    expect(countOf(mentioned, "review_request")).toBe(1);
    // A Client reads no account: nothing of the inbox, the mentions or approval notices.
    expect(mentioned.map((item) => item.type).sort()).toEqual([
      "comment_mention",
      "review_request",
    ]);
    // Their e-mail leads to the page they can open.
    const mail = (await mailboxFor(owner.http, client.email)).find((message) =>
      /mentioned you in a comment/.test(message.subject),
    );
    expect(mail?.links.some((link) => new URL(link).pathname === "/reviews")).toBe(true);

    // The same client in their own personal workspace: nothing of this one.
    const own = await json<Bell>(
      await client.http.get("/api/notifications", {
        headers: { [WORKSPACE_HEADER]: clientsOwnWorkspaceId },
      }),
    );
    expect(countOf(own, "review_request")).toBe(0);
    expect(countOf(own, "comment_mention")).toBe(0);
    // A client of another workspace hears of nothing here.
    expect(await bell(otherClient)).toEqual([]);
    // An outsider naming this workspace: 404, as any foreign workspace.
    const foreign = await outsider.http.get("/api/notifications", {
      headers: { [WORKSPACE_HEADER]: workspaceId },
    });
    expect(foreign.status).toBe(404);

    // An analyst (no "review") and an editor who is no approver get neither.
    for (const member of [analyst, editor]) {
      const items = await bell(member);
      expect(countOf(items, "review_request")).toBe(0);
      expect(countOf(items, "comment_mention")).toBe(0);
    }

    // Decided, the post no longer waits: the count drops.
    await json(
      await client.post(`/api/approvals/posts/${postId}/decision`, { decision: "approve" }),
    );
    expect(countOf(await bell(client), "review_request")).toBe(0);
  });

  it("counts for a named approver the posts of the accounts that name them, never their own", async () => {
    await json(
      await owner.put("/api/approvals/settings", {
        required: true,
        approver_user_ids: [ids[editor.email]],
      }),
    );
    try {
      await sendForApproval(editor, "Bell: sent by the approver");
      expect(countOf(await bell(editor), "review_request")).toBe(0);
      await sendForApproval(owner, "Bell: sent by the owner");
      const items = await bell(editor);
      expect(countOf(items, "review_request")).toBe(1);
      // The editor still reads the account: their other items stay.
      expect(countOf(await bell(client), "review_request")).toBe(2);
    } finally {
      await json(await owner.put("/api/approvals/settings", { required: false }));
    }
  });

  it("lets a post sent more than a day ago fall out of the bell (it stays on Reviews)", async () => {
    const { postApprovals } = await import("@sightline/db");
    const { eq } = await import("drizzle-orm");
    const postId = await sendForApproval(editor, "Bell: old request");
    const before = countOf(await bell(client), "review_request");
    await testApp.database.db
      .update(postApprovals)
      .set({ submittedAt: new Date(Date.now() - 25 * HOUR) })
      .where(eq(postApprovals.postId, postId));
    expect(countOf(await bell(client), "review_request")).toBe(before - 1);
    const { posts } = await json<Reviews>(await client.get("/api/approvals/reviews"));
    expect(posts.some((post) => post.id === postId)).toBe(true);
  });
});

describe("GET /api/approvals/reviews", () => {
  it("lists waiting posts first (soonest first), then recent decisions, each as it will look", async () => {
    const later = await sendForApproval(editor, "List: later", 72);
    const sooner = await sendForApproval(editor, "List: sooner", 24);
    const decided = await sendForApproval(editor, "List: decided", 36);
    await json(
      await client.post(`/api/approvals/posts/${decided}/decision`, {
        decision: "request_changes",
        comment: "Warmer light, please.",
      }),
    );
    const reviews = await json<Reviews>(await client.get("/api/approvals/reviews"));
    expect(reviews.can_review).toBe(true);
    expect(reviews.decided_days).toBe(14);
    const order = reviews.posts.map((post) => post.id);
    expect(order.indexOf(sooner)).toBeLessThan(order.indexOf(later));
    expect(order.indexOf(later)).toBeLessThan(order.indexOf(decided));
    const waiting = reviews.posts.filter((post) => post.approval_state === "in_review");
    expect(
      reviews.posts.slice(0, waiting.length).every((p) => p.approval_state === "in_review"),
    ).toBe(true);

    const post = reviews.posts.find((p) => p.id === sooner)!;
    expect(post).toMatchObject({
      account_id: accountId,
      account_username: "lena.makes",
      caption: "List: sooner",
      sent_by: expect.stringMatching(/^Eddie/),
    });
    expect(post.sent_at).not.toBeNull();
    // A signed, short-lived URL of the stored file, as a review link shows it.
    expect(post.items).toHaveLength(1);
    expect(post.items[0]!.url).toMatch(/^http/);

    const changed = reviews.posts.find((p) => p.id === decided)!;
    expect(changed.approval_state).toBe("changes_requested");
    expect(changed.decided_at).not.toBeNull();
    expect(changed.history.at(-1)).toMatchObject({
      action: "request_changes",
      actor: expect.stringMatching(/^Clara/),
      comment: "Warmer light, please.",
    });
  });

  it("answers roles that review, refuses the analyst, and is 404 for another workspace", async () => {
    const asEditor = await json<Reviews>(await editor.get("/api/approvals/reviews"));
    expect(asEditor.can_review).toBe(false);
    expect(asEditor.posts.length).toBeGreaterThan(0);
    expect((await owner.get("/api/approvals/reviews")).status).toBe(200);
    const refused = await analyst.get("/api/approvals/reviews");
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("Your role (Analyst) cannot do this here.");

    const foreign = await outsider.http.get("/api/approvals/reviews", {
      headers: { [WORKSPACE_HEADER]: workspaceId },
    });
    expect(foreign.status).toBe(404);
    // The outsider's own workspace has nothing of this one's.
    const own = await json<Reviews>(
      await outsider.http.get("/api/approvals/reviews", {
        headers: { [WORKSPACE_HEADER]: outsider.workspaceId },
      }),
    );
    expect(own.posts).toEqual([]);
    expect((await createHttpClient(testApp.app).get("/api/approvals/reviews")).status).toBe(401);
  });
});
