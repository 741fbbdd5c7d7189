import {
  NOTIFICATION_GROUP_KEYS,
  NOTIFICATION_WINDOW_MS,
  type Notification,
} from "@sightline/contracts";
import {
  countApprovalNotices,
  countRecentCommentMentions,
  countRecentCommentsByOthers,
  countRecentInboundMessages,
  countRecentMentions,
  type Db,
} from "@sightline/db";

/**
 * Spec §3/§7: the bell's items, one per group that has something in the last 24 hours: new
 * inbound messages and comments by others on the user's own posts. Whether the user has seen
 * them is the browser's business (the seen-timestamp map); this only counts.
 */
export async function listNotifications(
  db: Db,
  /**
   * The account the member has open: its own events only (issue 29 point 6); without one, the
   * workspace's (rows exist only for connected accounts: a disconnect deletes them).
   */
  params: {
    workspaceId: string;
    accountId: string | undefined;
    now: Date;
    /** The member the bell is for: their @mentions in comments between members (decision 042). */
    userId?: string;
  },
): Promise<Notification[]> {
  const [messages, comments, mentions] = await Promise.all([
    countRecentInboundMessages(db, params),
    countRecentCommentsByOthers(db, params),
    countRecentMentions(db, params),
  ]);
  const items: Notification[] = [];
  if (messages) {
    items.push({
      id: NOTIFICATION_GROUP_KEYS.message,
      type: "message",
      count: messages.count,
      latestTimestamp: messages.latest.toISOString(),
    });
  }
  if (comments) {
    items.push({
      id: NOTIFICATION_GROUP_KEYS.comment,
      type: "comment",
      count: comments.count,
      latestTimestamp: comments.latest.toISOString(),
    });
  }
  if (mentions) {
    items.push({
      id: NOTIFICATION_GROUP_KEYS.mention,
      type: "mention",
      count: mentions.count,
      latestTimestamp: mentions.latest.toISOString(),
    });
  }
  const approvals = await countApprovalNotices(db, params.workspaceId, {
    accountId: params.accountId,
    since: new Date(params.now.getTime() - NOTIFICATION_WINDOW_MS),
    now: params.now,
  });
  if (approvals) {
    items.push({
      id: NOTIFICATION_GROUP_KEYS.approval,
      type: "approval",
      count: approvals.count,
      latestTimestamp: approvals.latest.toISOString(),
    });
  }
  if (params.userId) {
    const commentMentions = await countRecentCommentMentions(db, params.workspaceId, {
      userId: params.userId,
      since: new Date(params.now.getTime() - NOTIFICATION_WINDOW_MS),
      now: params.now,
    });
    if (commentMentions) {
      items.push({
        id: NOTIFICATION_GROUP_KEYS.comment_mention,
        type: "comment_mention",
        count: commentMentions.count,
        latestTimestamp: commentMentions.latest.toISOString(),
      });
    }
  }
  return items;
}
