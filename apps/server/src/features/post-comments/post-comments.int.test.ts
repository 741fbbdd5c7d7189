import { randomUUID } from "node:crypto";
import type { WorkspaceRole } from "@sightline/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, mailboxFor } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";
import {
  inWorkspace,
  joinWorkspace,
  jsonOf as json,
  type WorkspaceClient,
} from "../../testing/workspace-members.ts";

/*
 * Comments between members (issue 33 point 3, decision 042), on one app for the file: the
 * owner's synced demo account on Premium, an editor, an analyst and a client invited into it, and
 * an outsider with a workspace of their own.
 */

let testApp: TestApp;
let owner: Member;
let editor: Member;
let analyst: Member;
let client: Member;
let outsider: { http: HttpClient; email: string; userId: string; workspaceId: string };
let workspaceId: string;
let file: { bucket: "instagram-media"; key: string };
let scheduledPostId: string;
let reviewPostId: string;
const ids: Record<string, string> = {};

type Member = WorkspaceClient & { email: string };
type Comment = {
  id: string;
  parent_id: string | null;
  author: { user_id: string | null; name: string };
  body: string;
  edited_at: string | null;
  mentions: { user_id: string; name: string }[];
  can_edit: boolean;
  can_delete: boolean;
  replies: Comment[];
};
type Thread = {
  comments: Comment[];
  count: number;
  can_write: boolean;
  members: { user_id: string; name: string }[];
};

const HOUR = 60 * 60 * 1000;

/** A member who joined the owner's workspace by invitation (testing/workspace-members.ts). */
async function join(role: Exclude<WorkspaceRole, "owner">, firstName: string): Promise<Member> {
  const member = await joinWorkspace(testApp, owner, workspaceId, role, { firstName });
  return { ...member.in, email: member.email };
}

function draft(caption: string) {
  return {
    items: [{ ...file, mediaType: "image" as const }],
    caption,
    hashtags: [],
    collaborators: [],
    scheduled_time: new Date(Date.now() + 48 * HOUR).toISOString(),
    time_zone: "Europe/Lisbon",
    client_id: randomUUID(),
  };
}

const mentionMails = async (to: string) =>
  (await mailboxFor(owner.http, to)).filter((message) =>
    /mentioned you in a comment/.test(message.subject),
  );

async function bell(member: Member) {
  const items = await json<{ id: string; type: string; count: number }[]>(
    await member.get("/api/notifications"),
  );
  return items.find((item) => item.type === "comment_mention")?.count ?? 0;
}

const comment = (member: Member, postId: string, body: Record<string, unknown>) =>
  member.post(`/api/post-comments/${postId}`, body);

beforeAll(async () => {
  const synced = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    { plan: "premium" },
  );
  testApp = synced.testApp;
  workspaceId = synced.connection.workspace_id;
  owner = { ...inWorkspace(synced.client, workspaceId), email: synced.email };
  [editor, analyst, client] = [
    await join("editor", "Eddie"),
    await join("analyst", "Ana"),
    await join("client", "Clara"),
  ];
  const other = await createVerifiedUser(testApp, { firstName: "Otto" });
  const result = (await testApp.database.db.execute(
    `select u.id as user_id, w.id as workspace_id from "user" u join workspaces w on w.personal_owner_id = u.id where u.email = '${other.email}'`,
  )) as unknown as { rows: { user_id: string; workspace_id: string }[] };
  outsider = {
    http: other.client,
    email: other.email,
    userId: result.rows[0]!.user_id,
    workspaceId: result.rows[0]!.workspace_id,
  };
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  const uploaded = await editor.request("/api/uploads/instagram-media", {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: new Uint8Array(await sample.arrayBuffer()),
  });
  expect(uploaded.status).toBeLessThan(300);
  file = (await uploaded.json()) as typeof file;
  // A scheduled post (never sent for approval) and one sent for approval.
  scheduledPostId = (
    await json<{ post: { id: string } }>(
      await editor.post("/api/scheduled-posts", draft("Autumn menu")),
      201,
    )
  ).post.id;
  reviewPostId = (
    await json<{ post: { id: string } }>(
      await editor.post("/api/approvals/posts", draft("Launch day")),
      201,
    )
  ).post.id;
  const thread = await json<Thread>(await owner.get(`/api/post-comments/${reviewPostId}`));
  for (const member of thread.members) {
    const first = ["Eddie", "Ana", "Clara"].find((name) => member.name.startsWith(name));
    ids[first ?? "owner"] = member.user_id;
  }
}, 240_000);
afterAll(async () => {
  await testApp?.close();
});

describe("comments between members", () => {
  it("threads a comment and its replies, one level deep, and counts them", async () => {
    const top = await json<{ comment: { id: string } }>(
      await comment(owner, scheduledPostId, { body: "Can we swap the photo?" }),
      201,
    );
    const reply = await json<{ comment: { id: string; parent_id: string } }>(
      await comment(editor, scheduledPostId, { body: "Sure.", parent_id: top.comment.id }),
      201,
    );
    expect(reply.comment.parent_id).toBe(top.comment.id);
    // A reply to a reply joins the same thread.
    const nested = await json<{ comment: { parent_id: string } }>(
      await comment(owner, scheduledPostId, { body: "Thanks!", parent_id: reply.comment.id }),
      201,
    );
    expect(nested.comment.parent_id).toBe(top.comment.id);
    const thread = await json<Thread>(await analyst.get(`/api/post-comments/${scheduledPostId}`));
    expect(thread.count).toBe(3);
    expect(thread.can_write).toBe(false);
    expect(thread.comments).toHaveLength(1);
    expect(thread.comments[0]!.replies.map((r) => r.body)).toEqual(["Sure.", "Thanks!"]);
    const counts = await json<{ counts: Record<string, number> }>(
      await editor.get("/api/post-comments/counts"),
    );
    expect(counts.counts[scheduledPostId]).toBe(3);
  });

  it("notifies a mentioned member once, by the bell and one e-mail, never the author or an outsider", async () => {
    const eddie = ids.Eddie!;
    expect(eddie).toBeTruthy();
    expect(await bell(editor)).toBe(0);
    const created = await json<{ comment: { id: string } }>(
      await comment(owner, scheduledPostId, {
        body: "@Eddie please check the caption",
        // Eddie twice, the author herself, and someone outside the workspace.
        mentions: [eddie, eddie, ids.owner!, outsider.userId],
      }),
      201,
    );
    expect(await bell(editor)).toBe(1);
    expect(await mentionMails(editor.email)).toHaveLength(1);
    const [mail] = await mentionMails(editor.email);
    expect(mail!.text).toContain("please check the caption");
    expect(await mentionMails(owner.email)).toHaveLength(0);
    expect(await mentionMails(outsider.email)).toHaveLength(0);
    expect(await bell(owner)).toBe(0);
    // Editing the comment with the same mention tells nobody again; it records the edit.
    await json(
      await owner.patch(`/api/post-comments/${scheduledPostId}/${created.comment.id}`, {
        body: "@Eddie please check the caption and the hashtags",
        mentions: [eddie],
      }),
    );
    expect(await bell(editor)).toBe(1);
    expect(await mentionMails(editor.email)).toHaveLength(1);
    const thread = await json<Thread>(await editor.get(`/api/post-comments/${scheduledPostId}`));
    const edited = thread.comments.find((c) => c.id === created.comment.id)!;
    expect(edited.edited_at).not.toBeNull();
    expect(edited.mentions).toEqual([{ user_id: eddie, name: expect.any(String) }]);
  });

  it("does not notify a client mentioned on a post not sent to them", async () => {
    await json(
      await comment(editor, scheduledPostId, { body: "@Clara fyi", mentions: [ids.Clara!] }),
      201,
    );
    expect(await mentionMails(client.email)).toHaveLength(0);
    // On a post sent for approval, she is told.
    await json(
      await comment(editor, reviewPostId, { body: "@Clara over to you", mentions: [ids.Clara!] }),
      201,
    );
    expect(await mentionMails(client.email)).toHaveLength(1);
  });

  it("lets a client read and comment only on posts sent to them", async () => {
    expect((await client.get(`/api/post-comments/${scheduledPostId}`)).status).toBe(404);
    expect((await comment(client, scheduledPostId, { body: "hello" })).status).toBe(404);
    const thread = await json<Thread>(await client.get(`/api/post-comments/${reviewPostId}`));
    expect(thread.can_write).toBe(true);
    await json(await comment(client, reviewPostId, { body: "Looks great" }), 201);
    // Members a comment may mention on a draft are those who see it: no client there.
    const onDraft = await json<Thread>(await owner.get(`/api/post-comments/${scheduledPostId}`));
    expect(onDraft.members.map((m) => m.name)).not.toContain("Clara");
    expect(
      (
        await json<{ counts: Record<string, number> }>(
          await client.get("/api/post-comments/counts"),
        )
      ).counts,
    ).toEqual({});
  });

  it("lets an analyst read but not write, and members edit only their own", async () => {
    expect((await comment(analyst, scheduledPostId, { body: "Nice" })).status).toBe(403);
    const mine = await json<{ comment: { id: string } }>(
      await comment(editor, scheduledPostId, { body: "Mine" }),
      201,
    );
    const path = `/api/post-comments/${scheduledPostId}/${mine.comment.id}`;
    expect((await owner.patch(path, { body: "Not yours" })).status).toBe(403);
    expect((await client.delete(path)).status).toBe(404);
    const ownerComment = await json<{ comment: { id: string } }>(
      await comment(owner, scheduledPostId, { body: "Owner's" }),
      201,
    );
    expect(
      (await editor.delete(`/api/post-comments/${scheduledPostId}/${ownerComment.comment.id}`))
        .status,
    ).toBe(403);
    // The owner may delete anyone's.
    expect((await json<{ deleted: number }>(await owner.delete(path))).deleted).toBe(1);
  });

  it("refuses bodies that are empty or too long with a clear 422", async () => {
    const empty = await comment(owner, scheduledPostId, { body: "   " });
    expect(empty.status).toBe(422);
    expect(await empty.text()).toContain("Write a comment.");
    const long = await comment(owner, scheduledPostId, { body: "x".repeat(2001) });
    expect(long.status).toBe(422);
    expect(await long.text()).toContain("at most 2000 characters");
    await json(await comment(owner, scheduledPostId, { body: "x".repeat(2000) }), 201);
  });

  it("answers 404 across workspaces", async () => {
    const theirs = inWorkspace(outsider.http, outsider.workspaceId);
    expect((await theirs.get(`/api/post-comments/${scheduledPostId}`)).status).toBe(404);
    expect((await comment(theirs as Member, scheduledPostId, { body: "hi" })).status).toBe(404);
    // Naming our workspace without being a member of it: 404 too.
    const intruder = inWorkspace(outsider.http, workspaceId);
    expect((await intruder.get(`/api/post-comments/${scheduledPostId}`)).status).toBe(404);
  });
});
