import { LARGE_ACCOUNT_FOLLOWERS, type MentionItem } from "@sightline/contracts";
import {
  findInstagramConnection,
  findMentionOfAccount,
  type InstagramConnectionRow,
  type InstagramMentionInsert,
  type InstagramMentionRow,
  insertMentionsIfAbsent,
  listMentionsOfAccount,
  type MentionScope,
  markMentionReplied,
  upsertMentions,
} from "@sightline/db";
import {
  type AccountClient,
  isGraphApiError,
  type MentionedMedia,
  parseGraphTime,
} from "@sightline/instagram-graph";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import {
  accountClientFor,
  handleGraphFailure,
  hasCapability,
  type MentionArrival,
} from "../instagram/index.ts";
import type { MentionsContext } from "./context.ts";

/** Tags read per run: the newest 100 (four pages of 25 would cost four calls for the same). */
const TAGS_PER_READ = 100;
const TEXT_MAX = 2200;
const DAY_MS = 24 * 60 * 60 * 1000;

const notFound = () => new AppError("not_found", "This mention does not exist.");

function clip(value: string | undefined, max = TEXT_MAX): string | null {
  return value === undefined ? null : value.slice(0, max);
}

/** Instagram's answer as the row stores it; counts only where Instagram gave them. */
function mediaColumns(media: MentionedMedia) {
  return {
    igMediaId: media.id,
    mediaOwnerUsername: clip(media.username, 100),
    caption: clip(media.caption),
    mediaType: clip(media.media_type, 40),
    permalink: clip(media.permalink, 2000),
    mediaUrl: clip(media.media_url, 4000),
    likeCount: media.like_count ?? null,
    commentsCount: media.comments_count ?? null,
  };
}

function timeOf(value: string | undefined, fallback: Date): Date {
  return value === undefined ? fallback : parseGraphTime(value);
}

/**
 * Business Discovery gives another professional account's followers, with Facebook Login only
 * (contract §7.1); with Instagram Login, and for personal accounts, there is no number to show.
 */
function followerLookup(client: AccountClient, connection: InstagramConnectionRow) {
  const known = new Map<string, number | null>();
  return async (username: string | null): Promise<number | null> => {
    if (!username || connection.login !== "facebook") return null;
    if (known.has(username)) return known.get(username) ?? null;
    let followers: number | null = null;
    try {
      followers =
        (await client.businessDiscovery(username, { mediaLimit: 1 })).followers_count ?? null;
    } catch (error) {
      if (!isGraphApiError(error) || error.code === 0 || error.isTransient) throw error;
    }
    known.set(username, followers);
    return followers;
  };
}

/** Tell the workspace's open pages (the list and the bell) that mentions arrived. */
async function announce(ctx: MentionsContext, workspaceId: string, count: number) {
  if (count === 0) return;
  await ctx.events.publish(workspaceId, "instagram-mention:created", { count });
}

/**
 * A comment mention as its `comments` change carried it (Instagram Login, contract §4): the
 * author, the text, the media and comment ids and the time. Instagram Login has no
 * `mentioned_comment` to read the post back, so the post's owner, caption, counts and link are
 * not known and stay empty rather than guessed.
 */
function rowFromPayload(
  arrival: MentionArrival & { comment: NonNullable<MentionArrival["comment"]> },
): InstagramMentionInsert {
  const commentId = arrival.commentId ?? "";
  return {
    kind: "comment",
    mentionKey: `comment:${commentId}`,
    igMediaId: arrival.mediaId,
    mediaOwnerUsername: null,
    caption: null,
    mediaType: null,
    permalink: null,
    mediaUrl: null,
    likeCount: null,
    commentsCount: null,
    igCommentId: commentId,
    authorUsername: clip(arrival.comment.authorUsername ?? undefined, 100),
    text: clip(arrival.comment.text),
    authorFollowers: null,
    mentionedAt: arrival.comment.at,
  };
}

/**
 * Mentions the drain handed over. A `mentions` change (Facebook Login) is read back from
 * Instagram (the payload holds ids only) and stored once; a comment mention that came inside a
 * `comments` change (Instagram Login) is stored from the payload itself, once (a replay leaves
 * the row as it is). A mention Instagram no longer shows (deleted, or made private) is skipped;
 * any other failure throws, so the delivery is retried.
 */
export async function ingestMentionArrivals(ctx: MentionsContext, arrivals: MentionArrival[]) {
  const byConnection = new Map<string, MentionArrival[]>();
  for (const arrival of arrivals) {
    const key = `${arrival.workspaceId}:${arrival.accountId}`;
    byConnection.set(key, [...(byConnection.get(key) ?? []), arrival]);
  }
  for (const group of byConnection.values()) {
    const { workspaceId, accountId } = group[0]!;
    const connection = await findInstagramConnection(ctx.db, workspaceId, accountId);
    if (connection?.status !== "active" || !hasCapability(connection, "comments")) continue;
    const scope = { workspaceId, accountId };
    const carried = group.flatMap((arrival) =>
      arrival.comment && arrival.commentId
        ? [rowFromPayload({ ...arrival, comment: arrival.comment })]
        : [],
    );
    const toRead = group.filter((arrival) => !arrival.comment);
    const freshCarried = await insertMentionsIfAbsent(ctx.db, scope, carried);
    if (toRead.length === 0) {
      await announce(ctx, workspaceId, freshCarried.size);
      continue;
    }
    const client = accountClientFor(ctx.instagram, connection);
    const followersOf = followerLookup(client, connection);
    const rows: InstagramMentionInsert[] = [];
    const now = dateOf(ctx.now);
    for (const arrival of toRead) {
      try {
        if (arrival.commentId) {
          const comment = await client.getMentionedComment(arrival.commentId);
          const media = comment.media ?? { id: arrival.mediaId };
          rows.push({
            kind: "comment",
            mentionKey: `comment:${comment.id}`,
            ...mediaColumns(media),
            igCommentId: comment.id,
            authorUsername: clip(comment.username, 100),
            text: clip(comment.text),
            authorFollowers: await followersOf(comment.username ?? null),
            mentionedAt: timeOf(comment.timestamp, now),
          });
        } else {
          const media = await client.getMentionedMedia(arrival.mediaId);
          rows.push({
            kind: "caption",
            mentionKey: `caption:${media.id}`,
            ...mediaColumns(media),
            igCommentId: null,
            authorUsername: clip(media.username, 100),
            text: clip(media.caption),
            authorFollowers: await followersOf(media.username ?? null),
            mentionedAt: timeOf(media.timestamp, now),
          });
        }
      } catch (error) {
        // 100: the media or comment is gone or no longer visible to the account.
        if (isGraphApiError(error) && error.code === 100) {
          ctx.logger.info({ workspaceId, mediaId: arrival.mediaId }, "mention no longer readable");
          continue;
        }
        await handleGraphFailure(ctx.instagram, connection, error);
        throw error;
      }
    }
    const fresh = await upsertMentions(ctx.db, scope, rows);
    await announce(ctx, workspaceId, fresh.size + freshCarried.size);
  }
}

/** `/tags` (contract §4): the newest media the account is tagged in, stored once each. */
export async function readTags(ctx: MentionsContext, connection: InstagramConnectionRow) {
  const client = accountClientFor(ctx.instagram, connection);
  const followersOf = followerLookup(client, connection);
  const now = dateOf(ctx.now);
  let tagged: MentionedMedia[];
  try {
    tagged = (await client.listTaggedMedia({ limit: TAGS_PER_READ })).data;
  } catch (error) {
    await handleGraphFailure(ctx.instagram, connection, error);
    throw error;
  }
  const rows: InstagramMentionInsert[] = [];
  for (const media of tagged) {
    rows.push({
      kind: "tag",
      mentionKey: `tag:${media.id}`,
      ...mediaColumns(media),
      igCommentId: null,
      authorUsername: clip(media.username, 100),
      text: clip(media.caption),
      authorFollowers: await followersOf(media.username ?? null),
      mentionedAt: timeOf(media.timestamp, now),
    });
  }
  const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
  const fresh = await upsertMentions(ctx.db, scope, rows);
  await announce(ctx, connection.workspaceId, fresh.size);
  return { read: rows.length, new: fresh.size };
}

function toItem(row: InstagramMentionRow): MentionItem {
  return {
    id: row.id,
    kind: row.kind,
    author_username: row.authorUsername,
    media_owner_username: row.mediaOwnerUsername,
    text: row.text,
    caption: row.caption,
    media_type: row.mediaType,
    permalink: row.permalink,
    media_url: row.mediaUrl,
    like_count: row.likeCount,
    comments_count: row.commentsCount,
    author_followers: row.authorFollowers,
    is_large_account: (row.authorFollowers ?? 0) >= LARGE_ACCOUNT_FOLLOWERS,
    mentioned_at: row.mentionedAt.toISOString(),
    replied_at: row.repliedAt?.toISOString() ?? null,
    can_reply: row.kind !== "tag",
  };
}

function encodeCursor(row: InstagramMentionRow): string {
  return Buffer.from(`${row.mentionedAt.toISOString()}|${row.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { mentionedAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  const mentionedAt = new Date(at ?? "");
  if (!id || !/^[0-9a-f-]{36}$/.test(id) || Number.isNaN(mentionedAt.getTime()))
    throw new AppError("validation_failed", "This cursor is not one the list gave.");
  return { mentionedAt, id };
}

export async function listMentions(
  ctx: MentionsContext,
  scope: MentionScope,
  query: { days: string; kind: string; cursor?: string | undefined; limit: number },
) {
  const rows = await listMentionsOfAccount(ctx.db, scope, {
    since: new Date(ctx.now() - Number(query.days) * DAY_MS),
    kind: query.kind === "all" ? undefined : (query.kind as MentionItem["kind"]),
    before: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
  });
  const page = rows.slice(0, query.limit);
  return {
    items: page.map(toItem),
    nextCursor: rows.length > query.limit ? encodeCursor(page.at(-1)!) : null,
  };
}

/**
 * Replies where the account was mentioned (`POST /{ig-user-id}/mentions`, contract §4): under the post for
 * a caption mention, under the comment for a comment mention. Instagram first, then the row.
 */
export async function replyToMention(
  ctx: MentionsContext,
  connection: InstagramConnectionRow,
  id: string,
  text: string,
) {
  const scope = { workspaceId: connection.workspaceId, accountId: connection.instagramId };
  const mention = await findMentionOfAccount(ctx.db, scope, id);
  if (!mention) throw notFound();
  if (mention.kind === "tag") {
    throw new AppError(
      "validation_failed",
      "Instagram does not let an account reply to a post it is only tagged in.",
    );
  }
  if (mention.repliedAt) throw new AppError("conflict", "You already replied to this mention.");
  if (connection.status !== "active")
    throw new AppError("conflict", "Reconnect Instagram in Settings: its access ended.");
  let replyId: string;
  try {
    replyId = (
      await accountClientFor(ctx.instagram, connection).replyToMention({
        mediaId: mention.igMediaId,
        ...(mention.igCommentId ? { commentId: mention.igCommentId } : {}),
        message: text,
      })
    ).id;
  } catch (error) {
    await handleGraphFailure(ctx.instagram, connection, error);
    const reason = isGraphApiError(error)
      ? (error.userMessage ?? error.graphMessage)
      : "Instagram could not be reached. Please try again.";
    throw new AppError("unavailable", `The reply was not posted: ${reason}`);
  }
  const at = dateOf(ctx.now);
  await markMentionReplied(ctx.db, scope, id, { igCommentId: replyId, at });
  return { id: replyId, replied_at: at.toISOString() };
}
