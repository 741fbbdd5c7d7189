import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, ne, sql } from "drizzle-orm";
import type { Db } from "../client.ts";
import {
  approvalSettings,
  postApprovalEvents,
  postApprovals,
  reviewLinks,
  scheduledPosts,
} from "../schema/index.ts";
import type { EditedPostContent } from "./content-calendar.ts";
import type { ScheduledPostRow } from "./scheduled-posts.ts";

/*
 * Post approvals (issue 33, decision 037): every query takes the workspace right after `db`.
 */

export type ApprovalStateName = (typeof postApprovals.$inferSelect)["state"];
export type ApprovalEventRow = typeof postApprovalEvents.$inferSelect;
export type ReviewLinkRow = typeof reviewLinks.$inferSelect;

export async function findApprovalSettings(db: Db, workspaceId: string, accountId: string) {
  const [row] = await db
    .select()
    .from(approvalSettings)
    .where(
      and(eq(approvalSettings.workspaceId, workspaceId), eq(approvalSettings.accountId, accountId)),
    );
  return row;
}

export async function saveApprovalSettings(
  db: Db,
  workspaceId: string,
  params: { accountId: string; required: boolean; approverUserIds: string[]; now: Date },
) {
  const [row] = await db
    .insert(approvalSettings)
    .values({
      workspaceId,
      accountId: params.accountId,
      required: params.required,
      approverUserIds: params.approverUserIds,
      updatedAt: params.now,
    })
    .onConflictDoUpdate({
      target: [approvalSettings.workspaceId, approvalSettings.accountId],
      set: {
        required: params.required,
        approverUserIds: params.approverUserIds,
        updatedAt: params.now,
      },
    })
    .returning();
  return row!;
}

/** The accounts of the workspace that name `userId` an approver. */
export async function isNamedApprover(db: Db, workspaceId: string, userId: string) {
  const [row] = await db
    .select({ accountId: approvalSettings.accountId })
    .from(approvalSettings)
    .where(
      and(
        eq(approvalSettings.workspaceId, workspaceId),
        sql`${userId} = any(${approvalSettings.approverUserIds})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function findPostApproval(db: Db, workspaceId: string, postId: string) {
  const [row] = await db
    .select()
    .from(postApprovals)
    .where(and(eq(postApprovals.workspaceId, workspaceId), eq(postApprovals.postId, postId)));
  return row;
}

/** The approval state of each of `postIds` that has one. */
export async function listPostApprovalStates(db: Db, workspaceId: string, postIds: string[]) {
  if (postIds.length === 0) return new Map<string, ApprovalStateName>();
  const rows = await db
    .select({ postId: postApprovals.postId, state: postApprovals.state })
    .from(postApprovals)
    .where(and(eq(postApprovals.workspaceId, workspaceId), inArray(postApprovals.postId, postIds)));
  return new Map(rows.map((row) => [row.postId, row.state]));
}

type ApprovalMove = {
  postId: string;
  from: readonly ApprovalStateName[];
  to: ApprovalStateName;
  action: ApprovalEventRow["action"];
  userId: string | null;
  actorName: string;
  reviewLinkId?: string | undefined;
  comment?: string | undefined;
  now: Date;
};

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** The move and its history line inside the caller's transaction; false when it lost a race. */
async function moveIn(tx: Tx, workspaceId: string, params: ApprovalMove): Promise<boolean> {
  const submitting = params.action === "submit";
  const deciding = params.action === "approve" || params.action === "request_changes";
  const changes = {
    state: params.to,
    updatedAt: params.now,
    ...(submitting
      ? { submittedByUserId: params.userId, submittedAt: params.now, decidedAt: null }
      : {}),
    ...(deciding ? { decidedAt: params.now } : {}),
  };
  let moved = false;
  if (params.from.includes("draft")) {
    const inserted = await tx
      .insert(postApprovals)
      .values({ workspaceId, postId: params.postId, ...changes })
      .onConflictDoNothing()
      .returning({ postId: postApprovals.postId });
    moved = inserted.length > 0;
  }
  if (!moved) {
    const updated = await tx
      .update(postApprovals)
      .set(changes)
      .where(
        and(
          eq(postApprovals.workspaceId, workspaceId),
          eq(postApprovals.postId, params.postId),
          inArray(postApprovals.state, [...params.from]),
        ),
      )
      .returning({ postId: postApprovals.postId });
    moved = updated.length > 0;
  }
  if (!moved) return false;
  await tx.insert(postApprovalEvents).values({
    workspaceId,
    postId: params.postId,
    action: params.action,
    toState: params.to,
    userId: params.userId,
    actorName: params.actorName,
    reviewLinkId: params.reviewLinkId ?? null,
    comment: params.comment ?? null,
    at: params.now,
  });
  return true;
}

/**
 * Moves a post's approval from one of `from` to `to` and records who did it, in one
 * transaction; false when the post was no longer in one of `from` (another reviewer was first).
 */
export async function movePostApproval(
  db: Db,
  workspaceId: string,
  params: ApprovalMove,
): Promise<boolean> {
  return db.transaction((tx) => moveIn(tx, workspaceId, params));
}

class LostRace extends Error {}

/**
 * The composer's Edit with approvals on: the post takes its edited content as a draft (which the
 * worker never claims) and is sent for approval, both or neither. "publishing" when the post
 * had started going out (nothing changed), "raced" when its approval moved meanwhile (nothing
 * changed either), else the saved post.
 */
export async function saveContentForReview(
  db: Db,
  workspaceId: string,
  params: ApprovalMove & { content: EditedPostContent },
): Promise<ScheduledPostRow | "publishing" | "raced"> {
  const { content, ...move } = params;
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(scheduledPosts)
        .set({ ...content, status: "draft", error: null, progress: {}, updatedAt: params.now })
        .where(
          and(
            eq(scheduledPosts.workspaceId, workspaceId),
            eq(scheduledPosts.id, params.postId),
            inArray(scheduledPosts.status, ["draft", "scheduled", "failed"]),
          ),
        )
        .returning();
      if (!row) return "publishing" as const;
      // Throwing rolls the content back too: the post stays as the reviewer last saw it.
      if (!(await moveIn(tx, workspaceId, move))) throw new LostRace();
      return row;
    });
  } catch (error) {
    if (error instanceof LostRace) return "raced";
    throw error;
  }
}

export async function listApprovalEvents(db: Db, workspaceId: string, postId: string) {
  return db
    .select()
    .from(postApprovalEvents)
    .where(
      and(eq(postApprovalEvents.workspaceId, workspaceId), eq(postApprovalEvents.postId, postId)),
    )
    .orderBy(asc(postApprovalEvents.at));
}

/** Posts sent for approval (in any state but draft), soonest first: what reviewers see. */
export async function listPostsSentForApproval(db: Db, workspaceId: string, limit = 200) {
  return db
    .select({ post: scheduledPosts, state: postApprovals.state })
    .from(postApprovals)
    .innerJoin(
      scheduledPosts,
      and(
        eq(scheduledPosts.id, postApprovals.postId),
        eq(scheduledPosts.workspaceId, postApprovals.workspaceId),
      ),
    )
    .where(and(eq(postApprovals.workspaceId, workspaceId), ne(postApprovals.state, "draft")))
    .orderBy(asc(scheduledPosts.scheduledTime))
    .limit(limit);
}

/**
 * A reviewer's page (decision 037 addendum): the posts waiting for a decision, soonest first,
 * then those decided since `decidedSince`, latest decision first.
 */
export async function listReviewQueue(
  db: Db,
  workspaceId: string,
  params: { decidedSince: Date; limit: number },
) {
  const columns = { post: scheduledPosts, approval: postApprovals };
  const joined = () =>
    db
      .select(columns)
      .from(postApprovals)
      .innerJoin(
        scheduledPosts,
        and(
          eq(scheduledPosts.id, postApprovals.postId),
          eq(scheduledPosts.workspaceId, postApprovals.workspaceId),
        ),
      );
  const [waiting, decided] = await Promise.all([
    joined()
      .where(and(eq(postApprovals.workspaceId, workspaceId), eq(postApprovals.state, "in_review")))
      .orderBy(asc(scheduledPosts.scheduledTime), asc(scheduledPosts.id))
      .limit(params.limit),
    joined()
      .where(
        and(
          eq(postApprovals.workspaceId, workspaceId),
          inArray(postApprovals.state, ["approved", "changes_requested"]),
          gte(postApprovals.decidedAt, params.decidedSince),
        ),
      )
      .orderBy(desc(postApprovals.decidedAt), asc(scheduledPosts.id))
      .limit(params.limit),
  ]);
  return [...waiting, ...decided];
}

/** The history of each of `postIds`, oldest first (post id → events). */
export async function listApprovalEventsOfPosts(db: Db, workspaceId: string, postIds: string[]) {
  const events = new Map<string, ApprovalEventRow[]>();
  if (postIds.length === 0) return events;
  const rows = await db
    .select()
    .from(postApprovalEvents)
    .where(
      and(
        eq(postApprovalEvents.workspaceId, workspaceId),
        inArray(postApprovalEvents.postId, postIds),
      ),
    )
    .orderBy(asc(postApprovalEvents.at));
  for (const row of rows) events.set(row.postId, [...(events.get(row.postId) ?? []), row]);
  return events;
}

/**
 * The bell's review requests: posts waiting for `userId`'s decision that were sent for approval
 * in (since, now]. A Client reviews every account's posts (`everyAccount`); a named approver
 * those of the accounts that name them. Never a post they sent themselves.
 */
export async function countReviewRequests(
  db: Db,
  workspaceId: string,
  params: { userId: string; everyAccount: boolean; since: Date; now: Date },
): Promise<{ count: number; latest: Date } | undefined> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<Date | null>`max(${postApprovals.submittedAt})`,
    })
    .from(postApprovals)
    .innerJoin(
      scheduledPosts,
      and(
        eq(scheduledPosts.id, postApprovals.postId),
        eq(scheduledPosts.workspaceId, postApprovals.workspaceId),
      ),
    )
    .where(
      and(
        eq(postApprovals.workspaceId, workspaceId),
        eq(postApprovals.state, "in_review"),
        gt(postApprovals.submittedAt, params.since),
        lte(postApprovals.submittedAt, params.now),
        sql`${postApprovals.submittedByUserId} is distinct from ${params.userId}`,
        params.everyAccount
          ? undefined
          : sql`exists (select 1 from ${approvalSettings} where ${approvalSettings.workspaceId} = ${postApprovals.workspaceId} and ${approvalSettings.accountId} = ${scheduledPosts.accountId} and ${params.userId} = any(${approvalSettings.approverUserIds}))`,
      ),
    );
  if (!row || row.count === 0 || !row.latest) return undefined;
  return { count: row.count, latest: new Date(row.latest) };
}

/**
 * The bell's approval notices of the last day: posts of `accountId` still waiting whose time
 * passed (missed their slot), and decisions reviewers made.
 */
export async function countApprovalNotices(
  db: Db,
  workspaceId: string,
  params: { accountId: string | undefined; since: Date; now: Date },
): Promise<{ count: number; latest: Date } | undefined> {
  const account =
    params.accountId === undefined ? undefined : eq(scheduledPosts.accountId, params.accountId);
  const [missed] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<Date | null>`max(${scheduledPosts.scheduledTime})`,
    })
    .from(postApprovals)
    .innerJoin(scheduledPosts, eq(scheduledPosts.id, postApprovals.postId))
    .where(
      and(
        eq(postApprovals.workspaceId, workspaceId),
        inArray(postApprovals.state, ["in_review", "changes_requested"]),
        eq(scheduledPosts.status, "draft"),
        gte(scheduledPosts.scheduledTime, params.since),
        lte(scheduledPosts.scheduledTime, params.now),
        account,
      ),
    );
  const [decided] = await db
    .select({
      count: sql<number>`count(*)::int`,
      latest: sql<Date | null>`max(${postApprovalEvents.at})`,
    })
    .from(postApprovalEvents)
    .innerJoin(scheduledPosts, eq(scheduledPosts.id, postApprovalEvents.postId))
    .where(
      and(
        eq(postApprovalEvents.workspaceId, workspaceId),
        inArray(postApprovalEvents.action, ["approve", "request_changes"]),
        gte(postApprovalEvents.at, params.since),
        account,
      ),
    );
  const count = (missed?.count ?? 0) + (decided?.count ?? 0);
  if (count === 0) return undefined;
  const times = [missed?.latest, decided?.latest]
    .filter((value): value is Date => value !== null && value !== undefined)
    .map((value) => new Date(value).getTime());
  return { count, latest: new Date(Math.max(...times)) };
}

export async function insertReviewLink(db: Db, row: typeof reviewLinks.$inferInsert) {
  const [inserted] = await db.insert(reviewLinks).values(row).returning();
  if (!inserted) throw new Error("review link not inserted");
  return inserted;
}

/** A link by its id, whatever its state (the caller says why it does not work). */
export async function findReviewLinkById(db: Db, id: string) {
  const [row] = await db.select().from(reviewLinks).where(eq(reviewLinks.id, id));
  return row;
}

/** A post's links that still work, newest first. */
export async function listUsableReviewLinks(
  db: Db,
  workspaceId: string,
  postId: string,
  now: Date,
) {
  return db
    .select()
    .from(reviewLinks)
    .where(
      and(
        eq(reviewLinks.workspaceId, workspaceId),
        eq(reviewLinks.postId, postId),
        isNull(reviewLinks.revokedAt),
        gt(reviewLinks.expiresAt, now),
      ),
    )
    .orderBy(desc(reviewLinks.createdAt));
}

export async function revokeReviewLink(db: Db, workspaceId: string, id: string, now: Date) {
  const rows = await db
    .update(reviewLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(reviewLinks.workspaceId, workspaceId),
        eq(reviewLinks.id, id),
        isNull(reviewLinks.revokedAt),
      ),
    )
    .returning({ id: reviewLinks.id });
  return rows.length > 0;
}
