import { findInstagramConnection, syncCommentsHidden } from "@sightline/db";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import { connectSandboxAccount } from "../../testing/instagram.ts";
import { accountClientFor } from "./context.ts";
import { syncCommentsOfMedia } from "./sync/inbox.ts";
import { openSyncRun } from "./sync/run.ts";

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

it("reads a comment's hidden state from Instagram on sync, both ways", async () => {
  const { client } = await createVerifiedUser(testApp);
  const connected = await connectSandboxAccount(testApp, client, {
    username: "lena.makes",
    login: "instagram",
  });
  await testApp.instagramContext.queue.idle({ timeoutMs: 120_000 });
  const connection = (await findInstagramConnection(testApp.database.db, connected.workspace_id))!;
  const found = (await testApp.database.db.execute(
    `select ig_comment_id, ig_media_id from instagram_comments
     where workspace_id = '${connected.workspace_id}' and user_igsid <> account_id
       and media_owner_id = account_id and parent_ig_comment_id is null
     order by created_at desc limit 1`,
  )) as unknown as { rows: Array<{ ig_comment_id: string; ig_media_id: string }> };
  const { ig_comment_id: commentId, ig_media_id: mediaId } = found.rows[0]!;
  const isHiddenInInbox = async () => {
    const thread = (await (await client.get(`/api/inbox/posts/${mediaId}/comments`)).json()) as {
      comments: Array<{ id: string; is_hidden: boolean }>;
    };
    return thread.comments.find((comment) => comment.id === commentId)?.is_hidden;
  };
  expect(await isHiddenInInbox()).toBe(false);

  // Hidden in Instagram's own app (not through Sightline), then a sync reads it.
  const graph = accountClientFor(testApp.instagramContext, connection);
  await graph.hideComment(commentId, true);
  await syncCommentsOfMedia(openSyncRun(testApp.instagramContext, connection), mediaId);
  expect(await isHiddenInInbox()).toBe(true);

  await graph.hideComment(commentId, false);
  await syncCommentsOfMedia(openSyncRun(testApp.instagramContext, connection), mediaId);
  expect(await isHiddenInInbox()).toBe(false);

  // A sync that read Instagram before the member hid the comment in Sightline does not undo the
  // hide when it writes after it (seen in a browser test: the comment showed "Hide" again).
  const readBefore = new Date(Date.now() - 1000);
  const hid = await client.post(`/api/inbox/comments/${commentId}/hide`, { hidden: true });
  expect(hid.status).toBe(200);
  const scope = { workspaceId: connected.workspace_id, accountId: connection.instagramId };
  await syncCommentsHidden(testApp.database.db, scope, [{ commentId, hidden: false }], readBefore);
  expect(await isHiddenInInbox()).toBe(true);
  // A read made after the hide is Instagram's newer word: it applies.
  await new Promise((resolve) => setTimeout(resolve, 5));
  await syncCommentsHidden(testApp.database.db, scope, [{ commentId, hidden: false }], new Date());
  expect(await isHiddenInInbox()).toBe(false);
});
