import { randomUUID } from "node:crypto";
import { WORKSPACE_HEADER, type WorkspaceRole } from "@sightline/contracts";
import { auditEvents, findScheduledPostById, scheduledPosts } from "@sightline/db";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, setPersonalPlan } from "../../testing/factories.ts";
import { createApiToken, v1Request } from "../../testing/public-api.ts";
import { frames } from "../../testing/sse.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import {
  inWorkspace,
  joinWorkspace,
  jsonOf as json,
  type WorkspaceClient,
} from "../../testing/workspace-members.ts";
import { publishIfClaimable } from "../publishing/index.ts";
import { reviewLinkMessages } from "./review-links.ts";

/*
 * Post approvals and review links (issue 33, decision 037), on one app for the file: the owner's
 * synced demo account on Premium, an editor and a client invited into it, and a clock the tests
 * move forward.
 */

let testApp: TestApp;
let clockOffset = 0;
let owner: Member;
let editor: Member;
let client: Member;
let workspaceId: string;
let accountId: string;
let file: { bucket: "instagram-media"; key: string };

type Member = WorkspaceClient & { email: string };
type PostView = {
  id: string;
  status: string;
  approval_state: string;
  missed_slot: boolean;
  caption: string;
};

const HOUR = 60 * 60 * 1000;

/** A member who joined the owner's workspace by invitation (testing/workspace-members.ts). */
async function join(role: Exclude<WorkspaceRole, "owner">, firstName: string): Promise<Member> {
  const member = await joinWorkspace(testApp, owner, workspaceId, role, { firstName });
  return { ...member.in, email: member.email };
}

function draft(caption: string, inHours: number) {
  return {
    items: [{ ...file, mediaType: "image" as const }],
    caption,
    hashtags: ["coffee"],
    collaborators: [],
    scheduled_time: new Date(Date.now() + clockOffset + inHours * HOUR).toISOString(),
    time_zone: "Europe/Lisbon",
    client_id: randomUUID(),
  };
}

async function sendForApproval(caption: string, inHours = 48): Promise<PostView> {
  const { post } = await json<{ post: PostView }>(
    await editor.post("/api/approvals/posts", draft(caption, inHours)),
    201,
  );
  expect(post).toMatchObject({ status: "draft", approval_state: "in_review" });
  return post;
}

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "premium", now: () => Date.now() + clockOffset },
  );
  testApp = synced.testApp;
  workspaceId = synced.connection.workspace_id;
  accountId = synced.connection.instagram_id;
  owner = { ...inWorkspace(synced.client, workspaceId), email: synced.email };
  [editor, client] = [await join("editor", "Eddie"), await join("client", "Clara")];
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

describe("the setting", () => {
  it("owners and admins turn it on; an editor cannot; a plan without team members cannot", async () => {
    const editorTry = await editor.put("/api/approvals/settings", { required: false });
    expect(editorTry.status).toBe(403);
    expect(await editorTry.text()).toContain("Your role (Editor) cannot do this here.");
    const clientTry = await client.put("/api/approvals/settings", { required: false });
    expect(clientTry.status).toBe(403);

    // A workspace on Pro: approvals are Premium's ("Team members and client reports").
    const other = await createVerifiedUser(testApp);
    const refused = await other.client.request("/api/approvals/settings", {
      method: "PUT",
      json: { required: true },
    });
    const body = await json<{ error: { code: string } }>(refused, 403);
    expect(body.error.code).toBe("plan_required");

    const saved = await json<{ required: boolean; account_id: string }>(
      await owner.put("/api/approvals/settings", { required: true, approver_user_ids: [] }),
    );
    expect(saved).toMatchObject({ required: true, account_id: accountId });
    // The change is in the workspace's audit log, with who made it (the refused ones are not).
    const audited = await testApp.database.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.workspaceId, workspaceId),
          eq(auditEvents.action, "approvals.setting_changed"),
        ),
      );
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ actorEmail: owner.email, accountId });
    expect(await json(await editor.get("/api/approvals/settings"))).toMatchObject({
      required: true,
      available: true,
    });
  });

  it("approvers must be members", async () => {
    const response = await owner.put("/api/approvals/settings", {
      required: true,
      approver_user_ids: ["not-a-member"],
    });
    expect(response.status).toBe(422);
  });
});

describe("the gate", () => {
  it("Schedule, Publish now and the public API refuse a post that was not approved", async () => {
    const schedule = await editor.post("/api/scheduled-posts", draft("Straight out", 24));
    expect(schedule.status).toBe(409);
    expect(await schedule.text()).toContain("send this post for approval first");
    const { scheduled_time: _time, ...body } = draft("Right now", 0);
    const now = await editor.post("/api/scheduled-posts/publish-now", body);
    expect(now.status).toBe(409);

    const post = await sendForApproval("Waiting for the client");
    const move = await editor.post(`/api/content-calendar/posts/${post.id}/publish-now`);
    expect(move.status).toBe(409);
    const { token } = await createApiToken(editor.http, ["posts:write", "posts:read"], {
      [WORKSPACE_HEADER]: workspaceId,
    });
    const viaApi = await v1Request(
      testApp,
      token,
      `/accounts/${accountId}/scheduled-posts/${post.id}/publish`,
      { method: "POST", headers: { "idempotency-key": randomUUID() } },
    );
    expect(viaApi.status, await viaApi.clone().text()).toBe(409);
    const scheduleApi = await v1Request(
      testApp,
      token,
      `/accounts/${accountId}/scheduled-posts/${post.id}/schedule`,
      { method: "POST", json: {}, headers: { "idempotency-key": randomUUID() } },
    );
    expect(scheduleApi.status).toBe(409);
    expect((await findScheduledPostById(testApp.database.db, post.id))?.status).toBe("draft");
  });

  it("the worker never publishes a post in review or with changes requested, even if its job fires", async () => {
    const post = await sendForApproval("Never out without approval");
    const changes = await sendForApproval("Needs a new photo");
    await json(
      await client.post(`/api/approvals/posts/${changes.id}/decision`, {
        decision: "request_changes",
        comment: "A brighter photo, please.",
      }),
    );
    for (const id of [post.id, changes.id]) {
      // As if something made it due behind the gate's back: the claim still refuses.
      await testApp.database.db
        .update(scheduledPosts)
        .set({ status: "scheduled", scheduledTime: new Date(Date.now() + clockOffset - 1000) })
        .where(eq(scheduledPosts.id, id));
      expect(await publishIfClaimable(testApp.instagramContext, id)).toBe("not-claimed");
      expect((await findScheduledPostById(testApp.database.db, id))?.status).toBe("scheduled");
      await testApp.database.db
        .update(scheduledPosts)
        .set({ status: "draft" })
        .where(eq(scheduledPosts.id, id));
    }
  });
});

describe("review by members", () => {
  it("a client approves: the post is scheduled for its time, and the history says who did what", async () => {
    const post = await sendForApproval("Approved by the client");
    // An editor is no reviewer.
    const byEditor = await editor.post(`/api/approvals/posts/${post.id}/decision`, {
      decision: "approve",
    });
    expect(byEditor.status).toBe(403);
    const approved = await json<{ post: PostView; scheduled: boolean }>(
      await client.post(`/api/approvals/posts/${post.id}/decision`, { decision: "approve" }),
    );
    expect(approved).toMatchObject({
      scheduled: true,
      post: { status: "scheduled", approval_state: "approved" },
    });
    const again = await client.post(`/api/approvals/posts/${post.id}/decision`, {
      decision: "approve",
    });
    expect(again.status).toBe(409);
    const { history } = await json<{ history: Array<{ action: string; actor: string }> }>(
      await editor.get(`/api/approvals/posts/${post.id}`),
    );
    expect(history.map((event) => event.action)).toEqual(["submit", "approve"]);
    expect(history.map((event) => event.actor)).toEqual(["Eddie Lovelace", "Clara Lovelace"]);
  });

  it("asking for changes needs a comment; the editor sends it again", async () => {
    const post = await sendForApproval("Changes first");
    const bare = await client.post(`/api/approvals/posts/${post.id}/decision`, {
      decision: "request_changes",
    });
    expect(bare.status).toBe(422);
    await json(
      await client.post(`/api/approvals/posts/${post.id}/decision`, {
        decision: "request_changes",
        comment: "Shorter caption.",
      }),
    );
    const resent = await json<{ post: PostView }>(
      await editor.post(`/api/approvals/posts/${post.id}/submit`, {}),
    );
    expect(resent.post.approval_state).toBe("in_review");
  });

  it("clients see only posts sent for approval, and nothing else of the workspace", async () => {
    const listed = await json<{ posts: PostView[] }>(await client.get("/api/approvals/posts"));
    expect(listed.posts.length).toBeGreaterThan(0);
    expect(listed.posts.every((post) => post.approval_state !== "draft")).toBe(true);
    expect((await client.get("/api/scheduled-posts")).status).toBe(403);
    // A draft never sent for approval (or taken out of review) is not theirs to see.
    const post = await sendForApproval("Private draft");
    await json(await editor.post(`/api/approvals/posts/${post.id}/withdraw`));
    expect((await client.get(`/api/approvals/posts/${post.id}`)).status).toBe(404);
    expect((await editor.get(`/api/approvals/posts/${post.id}`)).status).toBe(200);
  });

  it("a client's live stream tells them of the posts they review, and nothing of the inbox", async () => {
    const stream = frames(await client.get("/api/realtime"));
    try {
      const post = await sendForApproval("Live for the client");
      const told = await stream.until("scheduled-posts:updated", 10_000);
      expect(JSON.parse(told.data ?? "{}")).toMatchObject({ id: post.id });
      // The inbox's news is not theirs; the plan's is (a marker that the stream moved on).
      await testApp.events.publish(workspaceId, "ig-message", { count: 1, conversationIds: ["t"] });
      await testApp.events.publish(workspaceId, "plan:changed", {});
      const seen: Array<string | undefined> = [];
      while (seen.at(-1) !== "plan:changed") seen.push((await stream.next(10_000)).event);
      expect(seen).not.toContain("ig-message");
    } finally {
      await stream.cancel();
    }
  });

  it("another workspace's member gets 404 for the post, its decision and its links", async () => {
    const post = await sendForApproval("Not yours");
    const stranger = await createVerifiedUser(testApp);
    expect((await stranger.client.get(`/api/approvals/posts/${post.id}`)).status).toBe(404);
    const decide = await stranger.client.request(`/api/approvals/posts/${post.id}/submit`, {
      method: "POST",
      json: {},
    });
    expect([403, 404]).toContain(decide.status);
    expect((await stranger.client.get(`/api/approvals/posts/${post.id}/review-links`)).status).toBe(
      404,
    );
  });
});

describe("the composer's Edit with approvals on (PUT /api/approvals/posts/:id)", () => {
  /** The composer's edit of a stored post: the whole draft again, without a client id. */
  function edit(caption: string, inHours = 48) {
    const { client_id: _id, ...body } = draft(caption, inHours);
    return body;
  }
  const stored = async (id: string) => (await findScheduledPostById(testApp.database.db, id))!;
  async function historyOf(id: string) {
    const { history } = await json<{ history: Array<{ action: string; to: string }> }>(
      await editor.get(`/api/approvals/posts/${id}`),
    );
    return history.map((event) => `${event.action}→${event.to}`);
  }

  it("an approved, scheduled post edited goes back to review with its new content; unchanged, it keeps Schedule", async () => {
    const post = await sendForApproval("Approved once");
    await json(
      await client.post(`/api/approvals/posts/${post.id}/decision`, { decision: "approve" }),
    );
    expect((await stored(post.id)).status).toBe("scheduled");
    // Unchanged, Schedule still works: the approval covers this content.
    const same = edit("Approved once");
    await json(await editor.put(`/api/scheduled-posts/${post.id}`, same));
    // Changed, Schedule is refused, and Send for approval saves it and sends it again.
    expect((await editor.put(`/api/scheduled-posts/${post.id}`, edit("Edited after"))).status).toBe(
      409,
    );
    const sent = await json<{ post: PostView; scheduled: boolean }>(
      await editor.put(`/api/approvals/posts/${post.id}`, edit("Edited after")),
    );
    expect(sent).toMatchObject({
      scheduled: false,
      post: { status: "draft", approval_state: "in_review", caption: "Edited after" },
    });
    expect(await stored(post.id)).toMatchObject({ status: "draft", caption: "Edited after" });
    expect(await historyOf(post.id)).toEqual([
      "submit→in_review",
      "approve→approved",
      "submit→in_review",
    ]);
    // The worker never publishes it while it waits.
    expect(await publishIfClaimable(testApp.instagramContext, post.id)).toBe("not-claimed");
  });

  it("a post in review takes the edit and stays in review; one with changes requested goes back to review", async () => {
    const inReview = await sendForApproval("First version");
    const again = await json<{ post: PostView }>(
      await editor.put(`/api/approvals/posts/${inReview.id}`, edit("Second version")),
    );
    expect(again.post).toMatchObject({ approval_state: "in_review", caption: "Second version" });
    expect(await historyOf(inReview.id)).toEqual(["submit→in_review", "submit→in_review"]);

    await json(
      await client.post(`/api/approvals/posts/${inReview.id}/decision`, {
        decision: "request_changes",
        comment: "A warmer caption.",
      }),
    );
    const fixed = await json<{ post: PostView }>(
      await editor.put(`/api/approvals/posts/${inReview.id}`, edit("Warmer version")),
    );
    expect(fixed.post).toMatchObject({ approval_state: "in_review", caption: "Warmer version" });
  });

  it("a refused edit changes nothing: a time in the past, a post that went out, a client", async () => {
    const post = await sendForApproval("Kept as it was");
    const past = await editor.put(`/api/approvals/posts/${post.id}`, edit("Lost?", -1));
    expect(past.status).toBe(400);
    expect(await stored(post.id)).toMatchObject({ caption: "Kept as it was", status: "draft" });
    expect(await historyOf(post.id)).toEqual(["submit→in_review"]);

    const byClient = await client.put(`/api/approvals/posts/${post.id}`, edit("Client's words"));
    expect(byClient.status).toBe(403);

    await testApp.database.db
      .update(scheduledPosts)
      .set({ status: "published" })
      .where(eq(scheduledPosts.id, post.id));
    const gone = await editor.put(`/api/approvals/posts/${post.id}`, edit("Too late to edit"));
    expect(gone.status).toBe(409);
    expect(await gone.text()).toContain("already been published");
    expect(await stored(post.id)).toMatchObject({ caption: "Kept as it was" });
    expect(await historyOf(post.id)).toEqual(["submit→in_review"]);
  });

  it("validates the body (422), needs the plan (403) and hides other workspaces' posts (404)", async () => {
    const post = await sendForApproval("Guarded");
    const { items: _items, ...noItems } = edit("No files");
    expect((await editor.put(`/api/approvals/posts/${post.id}`, noItems)).status).toBe(422);
    expect(
      (await editor.put(`/api/approvals/posts/${post.id}`, { ...edit("Extra"), publish_now: true }))
        .status,
    ).toBe(422);
    expect((await editor.put("/api/approvals/posts/not-a-uuid", edit("Bad id"))).status).toBe(422);

    const pro = await createVerifiedUser(testApp);
    const refused = await pro.client.request(`/api/approvals/posts/${post.id}`, {
      method: "PUT",
      json: edit("On Pro"),
    });
    expect((await json<{ error: { code: string } }>(refused, 403)).error.code).toBe(
      "plan_required",
    );

    const premium = await createVerifiedUser(testApp);
    await setPersonalPlan(testApp, premium.email, "premium");
    const stranger = await premium.client.request(`/api/approvals/posts/${post.id}`, {
      method: "PUT",
      json: edit("Not yours"),
    });
    expect(stranger.status).toBe(404);
    expect(await stored(post.id)).toMatchObject({ caption: "Guarded" });
  });
});

describe("review links", () => {
  async function share(postId: string, days = 7) {
    return json<{ url: string; link: { id: string } }>(
      await editor.post(`/api/approvals/posts/${postId}/review-links`, { days }),
      201,
    );
  }
  const tokenOf = (url: string) => new URL(url).searchParams.get("token")!;
  const anonymous = (path: string, body: unknown) =>
    testApp.app.request(`${TEST_PUBLIC_URL}/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_PUBLIC_URL },
      body: JSON.stringify(body),
    });

  it("a valid link shows the post and takes a named decision; the post is then scheduled", async () => {
    const post = await sendForApproval("Shared with the brand");
    const { url } = await share(post.id);
    expect(url).toMatch(/^http:\/\/localhost:3000\/review\?token=/);
    const token = tokenOf(url);
    const { review } = await json<{ review: { caption: string; state: string; items: unknown[] } }>(
      await anonymous("/review-links/view", { token }),
    );
    expect(review).toMatchObject({ caption: "Shared with the brand", state: "in_review" });
    expect(review.items).toHaveLength(1);
    // The post as it will look, and nothing else of the workspace.
    expect(Object.keys(review).sort()).toEqual(
      [
        "account_username",
        "caption",
        "collaborators",
        "expires_at",
        "hashtags",
        "items",
        "scheduled_time",
        "state",
        "time_zone",
        "workspace_name",
      ].sort(),
    );

    const nameless = await anonymous("/review-links/decision", { token, decision: "approve" });
    expect(nameless.status).toBe(422);
    const decided = await json<{ review: { state: string } }>(
      await anonymous("/review-links/decision", {
        token,
        name: "Maya (brand)",
        decision: "approve",
      }),
    );
    expect(decided.review.state).toBe("approved");
    expect((await findScheduledPostById(testApp.database.db, post.id))?.status).toBe("scheduled");
    const { history } = await json<{ history: Array<{ actor: string; via_link: boolean }> }>(
      await editor.get(`/api/approvals/posts/${post.id}`),
    );
    expect(history.at(-1)).toMatchObject({ actor: "Maya (brand)", via_link: true });
    // The link grants nothing else: not a session, not another post.
    const asSession = await testApp.app.request(`${TEST_PUBLIC_URL}/api/approvals/posts`, {
      headers: { authorization: `Bearer ${token}`, origin: TEST_PUBLIC_URL },
    });
    expect(asSession.status).toBe(401);
  });

  it("a tampered link, a withdrawn one and an expired one get a clear message and no data", async () => {
    const post = await sendForApproval("Links that stop working", 24 * 10);
    const token = tokenOf((await share(post.id)).url);
    const last = token.at(-1) === "A" ? "B" : "A";
    for (const tampered of [
      `${token.slice(0, -1)}${last}`,
      token.replace(/^[0-9a-f]/, (c) => (c === "a" ? "b" : "a")),
      "not.a.real.token-at-all",
    ]) {
      const response = await anonymous("/review-links/view", { token: tampered });
      const body = await json<{ error: { message: string }; review?: unknown }>(response, 404);
      expect(body.error.message).toBe(reviewLinkMessages.invalid);
      expect(body.review).toBeUndefined();
    }

    const withdrawn = await share(post.id);
    await json(await editor.delete(`/api/approvals/review-links/${withdrawn.link.id}`));
    const revoked = await anonymous("/review-links/decision", {
      token: tokenOf(withdrawn.url),
      name: "Someone",
      decision: "approve",
    });
    expect((await json<{ error: { message: string } }>(revoked, 404)).error.message).toBe(
      reviewLinkMessages.revoked,
    );

    const shortLived = tokenOf((await share(post.id, 1)).url);
    expect((await anonymous("/review-links/view", { token: shortLived })).status).toBe(200);
    clockOffset += 25 * HOUR;
    const expired = await anonymous("/review-links/view", { token: shortLived });
    expect((await json<{ error: { message: string } }>(expired, 404)).error.message).toBe(
      reviewLinkMessages.expired,
    );
    // The first link still works: each link expires on its own.
    expect((await anonymous("/review-links/view", { token })).status).toBe(200);
  });
});

describe("a post whose time passes while it waits", () => {
  it("is not published, is flagged missed its slot, and the editor's bell says so", async () => {
    const post = await sendForApproval("Too late", 2);
    clockOffset += 3 * HOUR;
    const { post: seen } = await json<{ post: PostView }>(
      await editor.get(`/api/approvals/posts/${post.id}`),
    );
    expect(seen).toMatchObject({ status: "draft", approval_state: "in_review", missed_slot: true });
    expect(await publishIfClaimable(testApp.instagramContext, post.id)).toBe("not-claimed");
    const bell = await json<Array<{ type: string; count: number }>>(
      await editor.get("/api/notifications"),
    );
    expect(bell.find((item) => item.type === "approval")?.count).toBeGreaterThanOrEqual(1);

    // Approved late, it stays a draft for the editor to give a new time.
    const late = await json<{ scheduled: boolean; note: string; post: PostView }>(
      await client.post(`/api/approvals/posts/${post.id}/decision`, { decision: "approve" }),
    );
    expect(late).toMatchObject({ scheduled: false, post: { status: "draft", missed_slot: true } });
    expect(late.note).toContain("missed its slot");
  });
});
