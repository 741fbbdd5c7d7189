import { normalizeAttachment } from "@sightline/contracts";
import {
  type CommentInsert,
  insertComments,
  insertMessageAttachments,
  insertMessages,
  listAccountMedia,
  listSyncStates,
  type MessageInsert,
  saveSyncHighWaters,
  syncCommentsHidden,
  upsertInboxPerson,
  upsertThread,
} from "@sightline/db";
import type { InstagramComment, InstagramMessage } from "@sightline/instagram-graph";
import { dateOf } from "../../../platform/clock.ts";
import type { SyncRun } from "./run.ts";

function commentRow(
  run: SyncRun,
  mediaId: string,
  comment: {
    id: string;
    text?: string | undefined;
    timestamp?: string | undefined;
    username?: string | undefined;
    from?: { id: string; username?: string | undefined } | undefined;
  },
  parentId: string | null,
): CommentInsert {
  const ownUsername = run.connection.instagramUsername;
  return {
    ...run.scope,
    igCommentId: comment.id,
    igMediaId: mediaId,
    mediaOwnerId: run.scope.accountId,
    parentIgCommentId: parentId,
    userIgsid:
      comment.from?.id ?? (comment.username === ownUsername ? run.scope.accountId : "unknown"),
    username: comment.username ?? comment.from?.username ?? null,
    text: comment.text ?? null,
    createdAt: comment.timestamp ? new Date(comment.timestamp) : dateOf(run.now),
  };
}

export function commentRows(run: SyncRun, mediaId: string, comments: InstagramComment[]) {
  return comments.flatMap((comment) => [
    commentRow(run, mediaId, comment, null),
    ...(comment.replies?.data ?? []).map((reply) => commentRow(run, mediaId, reply, comment.id)),
  ]);
}

type CommentsRead = {
  rows: CommentInsert[];
  hidden: Array<{ commentId: string; hidden: boolean }>;
};

/** Every page of one post's comments (with their replies), read from Instagram. */
async function readCommentsOfMedia(run: SyncRun, mediaId: string, into: CommentsRead) {
  let after: string | undefined;
  for (let page = 0; page < 200; page++) {
    run.guard();
    const result = await run.client.listComments(mediaId, {
      limit: 50,
      ...(after ? { after } : {}),
    });
    into.rows.push(...commentRows(run, mediaId, result.data));
    into.hidden.push(
      ...result.data.flatMap((comment) =>
        [comment, ...(comment.replies?.data ?? [])].flatMap((item) =>
          item.hidden === undefined ? [] : [{ commentId: item.id, hidden: item.hidden }],
        ),
      ),
    );
    if (result.nextCursor === undefined) return;
    after = result.nextCursor;
  }
}

/** What was read, stored: new comments counted, hidden states taken unless a member's is newer. */
async function storeComments(run: SyncRun, read: CommentsRead, readAt: Date) {
  run.newComments += await insertComments(run.ctx.db, read.rows);
  // One state per comment (the last read wins): a statement may not update a row twice.
  const hidden = [...new Map(read.hidden.map((item) => [item.commentId, item])).values()];
  await syncCommentsHidden(run.ctx.db, run.scope, hidden, readAt);
}

/** Every page of one post's comments (with their replies) into instagram_comments. */
export async function syncCommentsOfMedia(run: SyncRun, mediaId: string) {
  // Wall-clock time, as a member's hide records it: a hide made after this read wins over it.
  const readAt = new Date();
  const read: CommentsRead = { rows: [], hidden: [] };
  await readCommentsOfMedia(run, mediaId, read);
  await storeComments(run, read, readAt);
}

/** Posts whose comments are read before their rows and states are written together. */
const COMMENT_POSTS_PER_WRITE = 10;

/**
 * Comments of every post whose comment count changed since the last pass (the count read by the
 * media sync is the change signal, so an unchanged post costs no call). Per-post state makes a
 * resumed run skip the posts already done. The states are read at once and the posts are taken
 * ten at a time: their comments are read from Instagram one post after the other, then stored
 * with their hidden states and marks in three writes (four to five queries a post before:
 * @lena.makes's first sync made about 1,000 here, now about 60; issue 27). Ten, not more: a run
 * that dies loses only the batch it was reading, so even runs cut short every 25 calls make
 * progress.
 */
export async function syncComments(run: SyncRun) {
  const states = new Map(
    (await listSyncStates(run.ctx.db, run.scope, "comments:")).map((row) => [row.resource, row]),
  );
  const due = (await listAccountMedia(run.ctx.db, run.scope)).flatMap((media) => {
    const count = media.commentsCount ?? 0;
    const resource = `comments:${media.igMediaId}`;
    const state = states.get(resource);
    if (state?.highWater === String(count) || (count === 0 && !state)) return [];
    return [{ igMediaId: media.igMediaId, resource, highWater: String(count) }];
  });
  for (let start = 0; start < due.length; start += COMMENT_POSTS_PER_WRITE) {
    const batch = due.slice(start, start + COMMENT_POSTS_PER_WRITE);
    // Taken before the first read of the batch: a member's hide after it wins over what was read.
    const readAt = new Date();
    const read: CommentsRead = { rows: [], hidden: [] };
    for (const media of batch) await readCommentsOfMedia(run, media.igMediaId, read);
    await storeComments(run, read, readAt);
    await saveSyncHighWaters(
      run.ctx.db,
      run.scope,
      batch.map(({ resource, highWater }) => ({ resource, highWater })),
      dateOf(run.now),
    );
  }
}

function messageRows(
  run: SyncRun,
  threadId: string,
  businessIgsid: string,
  messages: InstagramMessage[],
): MessageInsert[] {
  return messages.flatMap((message) => {
    const fromId = message.from?.id;
    if (!fromId) return [];
    return [
      {
        ...run.scope,
        conversationId: threadId,
        igMessageId: message.id,
        fromId,
        direction: fromId === businessIgsid ? ("outbound" as const) : ("inbound" as const),
        text: message.message ?? null,
        createdTime: message.created_time ? new Date(message.created_time) : dateOf(run.now),
      },
    ];
  });
}

/** One thread's newest messages (Instagram expands only the 20 newest) and its map row. */
export async function syncConversation(run: SyncRun, threadId: string) {
  run.guard();
  const { participants, messages } = await run.client.listMessages(threadId, { limit: 20 });
  const business =
    participants.find(
      (person) =>
        person.id === run.scope.accountId || person.username === run.connection.instagramUsername,
    )?.id ?? run.scope.accountId;
  await upsertThread(run.ctx.db, { ...run.scope, threadId, businessIgsid: business });
  // The inbox names the other person by the username the conversation carries.
  for (const person of participants) {
    if (person.id === business || !person.username) continue;
    await upsertInboxPerson(run.ctx.db, run.scope, { igsid: person.id, username: person.username });
  }
  const inserted = await insertMessages(run.ctx.db, messageRows(run, threadId, business, messages));
  // The inbox shows photos, videos, shares and story replies for what they are.
  await insertMessageAttachments(
    run.ctx.db,
    run.scope,
    messages.flatMap((message) => {
      const data = message.attachments?.data ?? [];
      return data.length > 0
        ? [{ igMessageId: message.id, attachments: data.map(normalizeAttachment) }]
        : [];
    }),
  );
  run.newMessages += inserted.filter((row) => row.direction === "inbound").length;
}

/**
 * Conversations, most recently updated first: threads updated since their last pass are read
 * again; the walk stops at the first thread older than the last complete pass.
 */
export async function syncConversations(run: SyncRun) {
  const state = await run.state("conversations");
  const highWater = state?.highWater ? new Date(state.highWater) : undefined;
  let cursor = state?.cursor ?? undefined;
  let pendingHighWater = state?.pendingHighWater ?? null;
  for (let page = 0; page < 100; page++) {
    run.guard();
    const result = await run.client.listConversations({
      limit: 25,
      ...(cursor ? { after: cursor } : {}),
    });
    pendingHighWater ??= result.data[0]?.updated_time ?? null;
    let reachedKnown = false;
    for (const conversation of result.data) {
      const updated = conversation.updated_time ? new Date(conversation.updated_time) : undefined;
      if (highWater && updated && updated <= highWater) {
        reachedKnown = true;
        break;
      }
      const resource = `conversation:${conversation.id}`;
      const seen = await run.state(resource);
      if (seen?.highWater && conversation.updated_time === seen.highWater) continue;
      await syncConversation(run, conversation.id);
      await run.saveState(resource, { highWater: conversation.updated_time ?? null });
    }
    if (reachedKnown || result.nextCursor === undefined) {
      await run.saveState("conversations", {
        cursor: null,
        highWater: pendingHighWater ?? state?.highWater ?? null,
        pendingHighWater: null,
      });
      return;
    }
    cursor = result.nextCursor;
    await run.saveState("conversations", { cursor, pendingHighWater });
  }
}
