import {
  type ApprovalEventView,
  type ApprovalState,
  isReviewer,
  MAX_REVIEWS_LISTED,
  REVIEWS_DECIDED_DAYS,
  type ReviewMediaItem,
  type WorkspaceRole,
} from "@sightline/contracts";
import {
  listApprovalEventsOfPosts,
  listInstagramConnections,
  listMembers,
  listReviewQueue,
} from "@sightline/db";
import { dateOf } from "../../platform/clock.ts";
import {
  actorOf,
  eventViewOf,
  memberNames,
  memberReviewer,
  missedSlot,
} from "./approval-service.ts";
import { mediaOf, type ReviewLinkDeps } from "./review-links.ts";

/*
 * The Reviews page (issue 33 point 1, decision 037 addendum): what members who review see in the
 * app. The posts sent for approval, waiting ones first, each as it will look (signed file URLs,
 * as a review link shows it), who sent it and its history. A Client sees nothing else of posts.
 */

export type ReviewQueueItem = {
  id: string;
  account_id: string;
  account_username: string | null;
  status: string;
  approval_state: ApprovalState;
  missed_slot: boolean;
  caption: string;
  hashtags: string[];
  collaborators: string[];
  scheduled_time: string;
  time_zone: string;
  items: ReviewMediaItem[];
  sent_by: string | null;
  sent_at: string | null;
  decided_at: string | null;
  history: ApprovalEventView[];
};

export async function reviewQueueOf(
  deps: ReviewLinkDeps,
  workspace: { id: string; role: WorkspaceRole },
  user: { id: string; email: string },
): Promise<{ posts: ReviewQueueItem[]; can_review: boolean; decided_days: number }> {
  const now = dateOf(deps.now);
  const rows = await listReviewQueue(deps.db, workspace.id, {
    decidedSince: new Date(now.getTime() - REVIEWS_DECIDED_DAYS * 24 * 60 * 60_000),
    limit: MAX_REVIEWS_LISTED,
  });
  const [members, connections, events, actor] = await Promise.all([
    listMembers(deps.db, workspace.id),
    listInstagramConnections(deps.db, workspace.id),
    listApprovalEventsOfPosts(
      deps.db,
      workspace.id,
      rows.map((row) => row.post.id),
    ),
    actorOf(deps, workspace.id, memberReviewer(user, workspace)),
  ]);
  const names = memberNames(members);
  const usernames = new Map(
    connections.map((connection) => [connection.instagramId, connection.instagramUsername]),
  );
  const toView = eventViewOf(names);
  return {
    can_review: isReviewer(actor),
    decided_days: REVIEWS_DECIDED_DAYS,
    posts: rows.map(({ post, approval }) => {
      const history = (events.get(post.id) ?? []).map(toView);
      return {
        id: post.id,
        account_id: post.accountId,
        account_username: usernames.get(post.accountId) ?? null,
        status: post.status,
        approval_state: approval.state,
        missed_slot: missedSlot(post, approval.state, now),
        caption: post.caption,
        hashtags: post.hashtags,
        collaborators: post.collaborators,
        scheduled_time: post.scheduledTime.toISOString(),
        time_zone: post.timeZone,
        items: mediaOf(deps.storage, post),
        // Who last sent it: named as the history names them (a former member by their old name).
        sent_by: history.findLast((event) => event.action === "submit")?.actor ?? null,
        sent_at: approval.submittedAt?.toISOString() ?? null,
        decided_at: approval.decidedAt?.toISOString() ?? null,
        history,
      };
    }),
  };
}
