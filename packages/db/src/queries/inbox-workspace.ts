import { and, asc, eq, lt, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  inboxCommentActions,
  inboxMessageAttachments,
  inboxPeople,
  inboxReadStates,
  inboxSavedReplies,
  instagramComments,
  instagramMedia,
} from "../schema/index.ts";
import { statementSlices } from "./statement-slices.ts";

type Scope = { workspaceId: string; accountId: string };
type ConversationKind = "dm" | "comments";

/**
 * Marks a conversation read up to `readAt` (Instagram's time of its newest item) or unread
 * again. Reading never moves the read time back.
 */
export async function setConversationReadState(
  db: Db,
  scope: Scope,
  input: { kind: ConversationKind; conversationId: string; read: boolean; readAt: Date | null },
) {
  const values = {
    ...scope,
    kind: input.kind,
    conversationId: input.conversationId,
    readAt: input.read ? input.readAt : null,
    isMarkedUnread: !input.read,
    updatedAt: new Date(),
  };
  await db
    .insert(inboxReadStates)
    .values(values)
    .onConflictDoUpdate({
      target: [
        inboxReadStates.workspaceId,
        inboxReadStates.accountId,
        inboxReadStates.kind,
        inboxReadStates.conversationId,
      ],
      set: input.read
        ? {
            isMarkedUnread: false,
            readAt: sql`greatest(${inboxReadStates.readAt}, excluded.read_at)`,
            updatedAt: values.updatedAt,
          }
        : { isMarkedUnread: true, updatedAt: values.updatedAt },
    });
}

export async function findConversationReadState(
  db: Db,
  scope: Scope,
  kind: ConversationKind,
  conversationId: string,
) {
  const [row] = await db
    .select({ readAt: inboxReadStates.readAt, isMarkedUnread: inboxReadStates.isMarkedUnread })
    .from(inboxReadStates)
    .where(
      and(
        eq(inboxReadStates.workspaceId, scope.workspaceId),
        eq(inboxReadStates.accountId, scope.accountId),
        eq(inboxReadStates.kind, kind),
        eq(inboxReadStates.conversationId, conversationId),
      ),
    );
  return row;
}

export async function findInboxPerson(db: Db, scope: Scope, igsid: string) {
  const [row] = await db
    .select({
      igsid: inboxPeople.igsid,
      username: inboxPeople.username,
      name: inboxPeople.name,
      profilePic: inboxPeople.profilePic,
      fetchedAt: inboxPeople.fetchedAt,
    })
    .from(inboxPeople)
    .where(
      and(
        eq(inboxPeople.workspaceId, scope.workspaceId),
        eq(inboxPeople.accountId, scope.accountId),
        eq(inboxPeople.igsid, igsid),
      ),
    );
  return row;
}

/** Stores what is known of a person; a field not given keeps its stored value. */
export async function upsertInboxPerson(
  db: Db,
  scope: Scope,
  person: {
    igsid: string;
    username?: string | null;
    name?: string | null;
    profilePic?: string | null;
  },
) {
  const set: Record<string, unknown> = { fetchedAt: new Date() };
  if (person.username !== undefined) set.username = person.username;
  if (person.name !== undefined) set.name = person.name;
  if (person.profilePic !== undefined) set.profilePic = person.profilePic;
  await db
    .insert(inboxPeople)
    .values({
      ...scope,
      igsid: person.igsid,
      username: person.username ?? null,
      name: person.name ?? null,
      profilePic: person.profilePic ?? null,
    })
    .onConflictDoUpdate({
      target: [inboxPeople.workspaceId, inboxPeople.accountId, inboxPeople.igsid],
      set,
    });
}

/** A post of the account with its stored comments (and what the user did to each), oldest first. */
export async function findCommentThread(db: Db, scope: Scope, mediaId: string) {
  const comments = await db
    .select({
      id: instagramComments.igCommentId,
      parentId: instagramComments.parentIgCommentId,
      fromId: instagramComments.userIgsid,
      username: instagramComments.username,
      text: instagramComments.text,
      createdAt: instagramComments.createdAt,
      isHidden: sql<boolean>`coalesce(${inboxCommentActions.isHidden}, false)`,
      privateReplyAt: inboxCommentActions.privateReplyAt,
      privateReplyText: inboxCommentActions.privateReplyText,
    })
    .from(instagramComments)
    .leftJoin(
      inboxCommentActions,
      and(
        eq(inboxCommentActions.workspaceId, instagramComments.workspaceId),
        eq(inboxCommentActions.accountId, instagramComments.accountId),
        eq(inboxCommentActions.igCommentId, instagramComments.igCommentId),
      ),
    )
    .where(
      and(
        eq(instagramComments.workspaceId, scope.workspaceId),
        eq(instagramComments.accountId, scope.accountId),
        eq(instagramComments.igMediaId, mediaId),
        sql`${instagramComments.mediaOwnerId} = ${instagramComments.accountId}`,
      ),
    )
    .orderBy(asc(instagramComments.createdAt), asc(instagramComments.igCommentId));
  if (comments.length === 0) return undefined;
  const [media] = await db
    .select({
      caption: instagramMedia.caption,
      permalink: instagramMedia.permalink,
      mediaType: instagramMedia.mediaType,
      postedAt: instagramMedia.postedAt,
      thumbnailUrl: instagramMedia.thumbnailUrl,
    })
    .from(instagramMedia)
    .where(
      and(
        eq(instagramMedia.workspaceId, scope.workspaceId),
        eq(instagramMedia.accountId, scope.accountId),
        eq(instagramMedia.igMediaId, mediaId),
      ),
    );
  return { media: media ?? null, comments };
}

/** One stored comment on one of the account's own posts, with what the user did to it. */
export async function findOwnPostComment(db: Db, scope: Scope, commentId: string) {
  const [row] = await db
    .select({
      id: instagramComments.igCommentId,
      mediaId: instagramComments.igMediaId,
      parentId: instagramComments.parentIgCommentId,
      fromId: instagramComments.userIgsid,
      username: instagramComments.username,
      createdAt: instagramComments.createdAt,
      privateReplyAt: inboxCommentActions.privateReplyAt,
    })
    .from(instagramComments)
    .leftJoin(
      inboxCommentActions,
      and(
        eq(inboxCommentActions.workspaceId, instagramComments.workspaceId),
        eq(inboxCommentActions.accountId, instagramComments.accountId),
        eq(inboxCommentActions.igCommentId, instagramComments.igCommentId),
      ),
    )
    .where(
      and(
        eq(instagramComments.workspaceId, scope.workspaceId),
        eq(instagramComments.accountId, scope.accountId),
        eq(instagramComments.igCommentId, commentId),
        sql`${instagramComments.mediaOwnerId} = ${instagramComments.accountId}`,
      ),
    );
  return row;
}

export async function setCommentHidden(db: Db, scope: Scope, commentId: string, hidden: boolean) {
  await db
    .insert(inboxCommentActions)
    .values({ ...scope, igCommentId: commentId, isHidden: hidden })
    .onConflictDoUpdate({
      target: [
        inboxCommentActions.workspaceId,
        inboxCommentActions.accountId,
        inboxCommentActions.igCommentId,
      ],
      set: { isHidden: hidden, updatedAt: new Date() },
    });
}

/**
 * Claims the comment's one private reply (contract §5.2): false when one was already sent or is
 * on its way, so two tabs can never send two.
 */
export async function claimPrivateReply(
  db: Db,
  scope: Scope,
  input: { commentId: string; text: string; now: Date },
): Promise<boolean> {
  const result = (await db.execute(sql`
    insert into inbox_comment_actions (workspace_id, account_id, ig_comment_id, private_reply_at, private_reply_text)
    values (${scope.workspaceId}, ${scope.accountId}, ${input.commentId}, ${input.now.toISOString()}, ${input.text})
    on conflict (workspace_id, account_id, ig_comment_id) do update
      set private_reply_at = excluded.private_reply_at, private_reply_text = excluded.private_reply_text,
        updated_at = now()
      where inbox_comment_actions.private_reply_at is null
    returning 1 as one
  `)) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Settles a claimed private reply: Instagram's message id, or the claim released on failure. */
export async function settlePrivateReply(
  db: Db,
  scope: Scope,
  commentId: string,
  outcome: { messageId: string } | { failed: true },
) {
  await db
    .update(inboxCommentActions)
    .set(
      "messageId" in outcome
        ? { privateReplyMessageId: outcome.messageId, updatedAt: new Date() }
        : { privateReplyAt: null, privateReplyText: null, updatedAt: new Date() },
    )
    .where(
      and(
        eq(inboxCommentActions.workspaceId, scope.workspaceId),
        eq(inboxCommentActions.accountId, scope.accountId),
        eq(inboxCommentActions.igCommentId, commentId),
      ),
    );
}

/** A comment deleted at Instagram goes here too, with its replies. */
export async function deleteStoredComment(db: Db, scope: Scope, commentId: string) {
  await db.execute(sql`
    delete from instagram_comments
    where workspace_id = ${scope.workspaceId} and account_id = ${scope.accountId}
      and (ig_comment_id = ${commentId} or parent_ig_comment_id = ${commentId})
  `);
  await db
    .delete(inboxCommentActions)
    .where(
      and(
        eq(inboxCommentActions.workspaceId, scope.workspaceId),
        eq(inboxCommentActions.accountId, scope.accountId),
        eq(inboxCommentActions.igCommentId, commentId),
      ),
    );
}

export async function listSavedReplies(db: Db, workspaceId: string) {
  return db
    .select({
      id: inboxSavedReplies.id,
      title: inboxSavedReplies.title,
      body: inboxSavedReplies.body,
      updatedAt: inboxSavedReplies.updatedAt,
    })
    .from(inboxSavedReplies)
    .where(eq(inboxSavedReplies.workspaceId, workspaceId))
    .orderBy(asc(inboxSavedReplies.title), asc(inboxSavedReplies.id));
}

export async function countSavedReplies(db: Db, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(inboxSavedReplies)
    .where(eq(inboxSavedReplies.workspaceId, workspaceId));
  return row?.n ?? 0;
}

export async function createSavedReply(
  db: Db,
  workspaceId: string,
  input: { title: string; body: string },
) {
  const [row] = await db
    .insert(inboxSavedReplies)
    .values({ workspaceId, ...input })
    .returning({
      id: inboxSavedReplies.id,
      title: inboxSavedReplies.title,
      body: inboxSavedReplies.body,
      updatedAt: inboxSavedReplies.updatedAt,
    });
  return row!;
}

export async function updateSavedReply(
  db: Db,
  workspaceId: string,
  id: string,
  input: { title: string; body: string },
) {
  const [row] = await db
    .update(inboxSavedReplies)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(inboxSavedReplies.workspaceId, workspaceId), eq(inboxSavedReplies.id, id)))
    .returning({
      id: inboxSavedReplies.id,
      title: inboxSavedReplies.title,
      body: inboxSavedReplies.body,
      updatedAt: inboxSavedReplies.updatedAt,
    });
  return row;
}

export async function deleteSavedReply(db: Db, workspaceId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(inboxSavedReplies)
    .where(and(eq(inboxSavedReplies.workspaceId, workspaceId), eq(inboxSavedReplies.id, id)))
    .returning({ id: inboxSavedReplies.id });
  return rows.length > 0;
}

/** Stores the attachments of synced messages (a message's attachments never change). */
export async function insertMessageAttachments(
  db: Db,
  scope: Scope,
  rows: Array<{ igMessageId: string; attachments: Array<{ type: string; url: string | null }> }>,
) {
  if (rows.length === 0) return;
  await db
    .insert(inboxMessageAttachments)
    .values(rows.map((row) => ({ ...scope, ...row })))
    .onConflictDoUpdate({
      target: [
        inboxMessageAttachments.workspaceId,
        inboxMessageAttachments.accountId,
        inboxMessageAttachments.igMessageId,
      ],
      // CDN URLs expire: the newest read of the message has the fresh ones.
      set: { attachments: sql`excluded.attachments` },
    });
}

/**
 * Hidden state as Instagram reports it (the comment field `hidden`, read on every sync and
 * webhook re-read): a comment hidden in Instagram's own app shows as hidden here too. Only hidden
 * comments get a row; a stored hidden flag is cleared when Instagram says it is visible again.
 * `readAt` is when Instagram was asked: a hide or unhide the member made after it (its row's
 * updated_at is later) is newer than what the read saw, and stays.
 */
export async function syncCommentsHidden(
  db: Db,
  scope: Scope,
  comments: Array<{ commentId: string; hidden: boolean }>,
  readAt: Date,
) {
  const hidden = comments.filter((comment) => comment.hidden).map((c) => c.commentId);
  const visible = comments.filter((comment) => !comment.hidden).map((c) => c.commentId);
  for (const slice of statementSlices(hidden)) {
    await db
      .insert(inboxCommentActions)
      .values(slice.map((igCommentId) => ({ ...scope, igCommentId, isHidden: true })))
      .onConflictDoUpdate({
        target: [
          inboxCommentActions.workspaceId,
          inboxCommentActions.accountId,
          inboxCommentActions.igCommentId,
        ],
        set: { isHidden: true, updatedAt: new Date() },
        setWhere: sql`${inboxCommentActions.isHidden} = false and ${inboxCommentActions.updatedAt} < ${readAt.toISOString()}`,
      });
  }
  if (visible.length === 0) return;
  // The ids as one JSON parameter: a sync's page names hundreds of comments, nearly all visible.
  await db
    .update(inboxCommentActions)
    .set({ isHidden: false, updatedAt: new Date() })
    .where(
      and(
        eq(inboxCommentActions.workspaceId, scope.workspaceId),
        eq(inboxCommentActions.accountId, scope.accountId),
        sql`${inboxCommentActions.igCommentId} in (select json_array_elements_text(${JSON.stringify(visible)}::json))`,
        eq(inboxCommentActions.isHidden, true),
        lt(inboxCommentActions.updatedAt, readAt),
      ),
    );
}
