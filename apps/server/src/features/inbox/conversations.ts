import { messagingWindow, privateReplyState } from "@sightline/contracts";
import {
  findCommentThread,
  findConversationReadState,
  findInboxPerson,
  findThreadCounterpart,
  type InstagramConnectionRow,
  labelsOfConversations,
  listInboxConversations,
  listThreadMessages,
  upsertInboxPerson,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import type { WorkspaceRef } from "../../lib/app-types.ts";
import { dateOf } from "../../platform/clock.ts";
import { isBucket } from "../../platform/storage.ts";
import { accountClientFor, handleGraphFailure, mediaThumbnailUrl } from "../instagram/index.ts";
import {
  activeScope,
  type InboxDeps,
  type InboxScope,
  notFound,
  requireActive,
} from "./inbox-scope.ts";

/*
 * The inbox's reads (issue 15), for the app's /api/inbox and the public API alike: the unified
 * conversation list, a DM thread and a post's comment thread. No HTTP here.
 */

/** A person's profile is read again from Instagram at most once a day. */
const PROFILE_MAX_AGE_MS = 24 * 3_600_000;
/** Profiles the list reads per page (never more than the page), and how many at once. */
const LIST_PROFILE_READS = 50;
const LIST_PROFILE_CONCURRENCY = 4;

export type ConversationFilter = "all" | "dm" | "comments" | "unread" | "needs_reply";

export type ListConversationsQuery = {
  filter?: ConversationFilter | undefined;
  /** Matches the person's name or username, the post's caption, or any message or comment text. */
  q?: string | undefined;
  /** Only conversations with this label. */
  label?: string | undefined;
  /** The `nextCursor` of the page before (opaque). */
  cursor?: string | undefined;
  limit: number;
};

function encodeCursor(row: { updatedTime: Date; id: string }) {
  return Buffer.from(JSON.stringify([row.updatedTime.toISOString(), row.id])).toString("base64url");
}

function decodeCursor(cursor: string): { updatedTime: Date; id: string } {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string];
    const updatedTime = new Date(time);
    if (typeof id !== "string" || Number.isNaN(updatedTime.getTime())) throw new Error();
    return { updatedTime, id };
  } catch {
    throw new AppError(
      "validation_failed",
      "The page cursor is not valid. Start again from the first page.",
    );
  }
}

/**
 * Reads a DM counterpart's profile (name, username, picture) from Instagram into
 * inbox_people. Contract §5.3: the person messaged first, so their profile may be read.
 * Undefined when Instagram refuses (a refused token marks the connection).
 */
async function readPersonProfile(
  deps: InboxDeps,
  connection: InstagramConnectionRow,
  scope: InboxScope,
  igsid: string,
  knownUsername: string | null,
) {
  try {
    const profile = await accountClientFor(deps.instagram, connection).getUserProfile(
      igsid,
      "name,username,profile_pic",
    );
    await upsertInboxPerson(deps.db, scope, {
      igsid,
      username: profile.username ?? knownUsername,
      name: profile.name ?? null,
      profilePic: profile.profile_pic ?? null,
    });
    return await findInboxPerson(deps.db, scope, igsid);
  } catch (error) {
    await handleGraphFailure(deps.instagram, connection, error);
    return undefined;
  }
}

/**
 * The list shows each DM person's picture at once (issue 24 point 5), not initials until the
 * thread is opened: people on this page whose profile was never read are read now, a few at a
 * time, and kept (a day, as when a thread opens).
 */
async function fillMissingProfiles(
  deps: InboxDeps,
  connection: InstagramConnectionRow,
  scope: InboxScope,
  rows: Awaited<ReturnType<typeof listInboxConversations>>,
) {
  if (connection.status !== "active") return rows;
  const unknown = [
    ...new Set(
      rows
        .filter(
          (row) =>
            row.kind === "dm" && row.personId && row.profilePic === null && row.name === null,
        )
        .map((row) => row.personId as string),
    ),
  ].slice(0, LIST_PROFILE_READS);
  if (unknown.length === 0) return rows;
  const read = new Map<
    string,
    { name: string | null; profilePic: string | null; username: string | null }
  >();
  for (let i = 0; i < unknown.length; i += LIST_PROFILE_CONCURRENCY) {
    const batch = unknown.slice(i, i + LIST_PROFILE_CONCURRENCY);
    const people = await Promise.all(
      batch.map((igsid) =>
        readPersonProfile(
          deps,
          connection,
          scope,
          igsid,
          rows.find((row) => row.personId === igsid)?.username ?? null,
        ),
      ),
    );
    people.forEach((person, index) => {
      if (person) read.set(batch[index]!, person);
    });
  }
  // DM rows only, as the list's own query joins the stored people: a comment thread by the same
  // person must read the same on this page and the next (where nothing is read any more).
  return rows.map((row) => {
    const person = row.kind === "dm" && row.personId ? read.get(row.personId) : undefined;
    return person
      ? {
          ...row,
          name: person.name,
          username: person.username ?? row.username,
          profilePic: person.profilePic,
        }
      : row;
  });
}

/**
 * Searches the inbox: the account's conversations (DMs and posts' comment threads), newest
 * activity first, one keyset page at a time, filtered by kind, state, label or text. Answers
 * `connected: false` when the workspace has no account to read (the one named in `workspace`,
 * or else its first).
 */
export async function listConversations(
  deps: InboxDeps,
  workspace: WorkspaceRef,
  query: ListConversationsQuery,
) {
  const found = await activeScope(deps, workspace);
  if (!found) return { connected: false as const, items: [], nextCursor: null };
  const before = query.cursor ? decodeCursor(query.cursor) : undefined;
  const { connection, scope } = found;
  const rows = await listInboxConversations(deps.db, scope, {
    ...(query.filter && query.filter !== "all" ? { filter: query.filter } : {}),
    ...(query.q ? { q: query.q } : {}),
    ...(query.label ? { labelId: query.label } : {}),
    ...(before ? { before } : {}),
    limit: query.limit + 1,
  });
  const page = await fillMissingProfiles(deps, connection, scope, rows.slice(0, query.limit));
  const labels = await labelsOfConversations(
    deps.db,
    scope,
    page.map((row) => ({ kind: row.kind, conversationId: row.id })),
  );
  return {
    connected: true as const,
    items: page.map((row) => ({
      ...row,
      labels: labels.get(`${row.kind}:${row.id}`) ?? [],
    })),
    nextCursor: rows.length > query.limit && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
  };
}

/** Which kind a conversation id is (a DM thread or a post's comments), or 404 when not the account's. */
export async function findConversation(deps: InboxDeps, workspace: WorkspaceRef, id: string) {
  const { scope } = await requireActive(deps, workspace);
  const [row] = await listInboxConversations(deps.db, scope, { exactId: id, limit: 1 });
  if (!row) throw notFound();
  return row;
}

/**
 * Stored replies name their image by path (and an echo may carry a signed URL that expires):
 * the thread gets a fresh signed URL for the workspace's own files of this server's storage
 * (never for anyone else's, whatever a message names).
 */
function shownUrl(deps: InboxDeps, folder: string, url: string | null): string | null {
  if (!url) return url;
  let parsed: URL;
  try {
    parsed = new URL(url, deps.publicUrl);
  } catch {
    return url;
  }
  const match = /^\/storage\/([^/]+)\/(.+)$/.exec(parsed.pathname);
  if (parsed.origin !== new URL(deps.publicUrl).origin || !match?.[1] || !match[2]) return url;
  if (!isBucket(match[1]) || match[1] === "instagram_media") return url;
  try {
    const key = decodeURIComponent(match[2]);
    if (!key.startsWith(`${folder}/`)) return url;
    return deps.storage.signedUrl(match[1], key);
  } catch {
    return url;
  }
}

/**
 * A DM thread: its messages oldest first, the person (their profile read again when a day
 * old), the 24-hour window to reply in, and the read state. 404 when it is not the account's.
 */
export async function readDmThread(
  deps: InboxDeps,
  workspace: WorkspaceRef & { storageFolder: string },
  threadId: string,
) {
  const { connection, scope } = await requireActive(deps, workspace);
  const messages = await listThreadMessages(deps.db, scope, threadId);
  if (messages.length === 0) throw notFound();
  const thread = await findThreadCounterpart(deps.db, scope, threadId);
  let person = thread?.personId
    ? await findInboxPerson(deps.db, scope, thread.personId)
    : undefined;
  const isStale =
    !person || person.name === null || deps.now() - person.fetchedAt.getTime() > PROFILE_MAX_AGE_MS;
  if (thread?.personId && isStale && connection.status === "active") {
    // The thread opens without the profile if Instagram refuses; the stored name stays.
    person =
      (await readPersonProfile(
        deps,
        connection,
        scope,
        thread.personId,
        person?.username ?? null,
      )) ?? person;
  }
  const readState = await findConversationReadState(deps.db, scope, "dm", threadId);
  return {
    messages: messages.map((message) => ({
      ...message,
      attachments: message.attachments.map((attachment) => ({
        ...attachment,
        url: shownUrl(deps, workspace.storageFolder, attachment.url),
      })),
    })),
    person: thread?.personId
      ? {
          id: thread.personId,
          username: person?.username ?? null,
          name: person?.name ?? null,
          profilePic: person?.profilePic ?? null,
        }
      : null,
    window: messagingWindow(thread?.lastInbound ?? null, dateOf(deps.now)),
    readAt: readState?.readAt ?? null,
    isMarkedUnread: readState?.isMarkedUnread ?? false,
  };
}

/**
 * A post's comment thread: the post, its comments oldest first (each with whether the one
 * private reply may still be sent), and the read state. 404 when it is not the account's.
 */
export async function readCommentThread(deps: InboxDeps, workspace: WorkspaceRef, mediaId: string) {
  const { connection, scope } = await requireActive(deps, workspace);
  const thread = await findCommentThread(deps.db, scope, mediaId);
  if (!thread) throw notFound();
  const thumbnailUrl = await mediaThumbnailUrl(
    deps.instagram,
    connection,
    scope,
    mediaId,
    thread.media,
  );
  const now = dateOf(deps.now);
  const readState = await findConversationReadState(deps.db, scope, "comments", mediaId);
  return {
    post: {
      id: mediaId,
      caption: thread.media?.caption ?? null,
      permalink: thread.media?.permalink ?? null,
      mediaType: thread.media?.mediaType ?? null,
      postedAt: thread.media?.postedAt ?? null,
      thumbnailUrl,
    },
    comments: thread.comments.map((comment) => {
      const isOwn = comment.fromId === scope.accountId;
      return {
        id: comment.id,
        parentId: comment.parentId,
        fromId: comment.fromId,
        username: comment.username,
        text: comment.text,
        createdAt: comment.createdAt,
        isOwn,
        isHidden: comment.isHidden,
        privateReply: {
          ...privateReplyState(
            { createdAt: comment.createdAt, isOwn, privateReplyAt: comment.privateReplyAt },
            now,
          ),
          sentAt: comment.privateReplyAt,
          text: comment.privateReplyText,
        },
      };
    }),
    readAt: readState?.readAt ?? null,
    isMarkedUnread: readState?.isMarkedUnread ?? false,
  };
}
