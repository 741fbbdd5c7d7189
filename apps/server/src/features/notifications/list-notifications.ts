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
  countReviewRequests,
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
    /**
     * Whether the member reads the account's data (role with "read"). A Client does not: their
     * bell has only what is addressed to them (review requests, @mentions).
     */
    canRead?: boolean;
    /**
     * The member as a reviewer (decision 037 addendum): a Client reviews every account's posts,
     * a named approver those of the accounts that name them; undefined for anyone else.
     */
    reviewer?: { everyAccount: boolean } | undefined;
  },
): Promise<Notification[]> {
  const since = new Date(params.now.getTime() - NOTIFICATION_WINDOW_MS);
  const canRead = params.canRead ?? true;
  const items: Notification[] = [];
  const push = (
    type: keyof typeof NOTIFICATION_GROUP_KEYS,
    counted: { count: number; latest: Date } | null | undefined,
  ) => {
    if (!counted) return;
    items.push({
      id: NOTIFICATION_GROUP_KEYS[type],
      type,
      count: counted.count,
      latestTimestamp: counted.latest.toISOString(),
    });
  };
  if (canRead) {
    const [messages, comments, mentions, approvals] = await Promise.all([
      countRecentInboundMessages(db, params),
      countRecentCommentsByOthers(db, params),
      countRecentMentions(db, params),
      countApprovalNotices(db, params.workspaceId, {
        accountId: params.accountId,
        since,
        now: params.now,
      }),
    ]);
    push("message", messages);
    push("comment", comments);
    push("mention", mentions);
    push("approval", approvals);
  }
  if (params.userId) {
    const [commentMentions, reviewRequests] = await Promise.all([
      countRecentCommentMentions(db, params.workspaceId, {
        userId: params.userId,
        since,
        now: params.now,
      }),
      params.reviewer
        ? countReviewRequests(db, params.workspaceId, {
            userId: params.userId,
            everyAccount: params.reviewer.everyAccount,
            since,
            now: params.now,
          })
        : undefined,
    ]);
    push("comment_mention", commentMentions);
    push("review_request", reviewRequests);
  }
  return items;
}
