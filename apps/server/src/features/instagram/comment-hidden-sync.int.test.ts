import { findInstagramConnection } from "@sightline/db";
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
});
