import {
  approvalDecisionSchema,
  approvalSettingsSchema,
  createReviewLinkSchema,
  editForApprovalSchema,
  isReviewer,
  planCan,
  reviewLinkDecisionSchema,
  reviewLinkTokenBodySchema,
  scheduleRequestSchema,
  submitForApprovalSchema,
} from "@sightline/contracts";
import {
  findApprovalSettings,
  findPostApproval,
  listMembers,
  listPostsSentForApproval,
  listUsableReviewLinks,
  revokeReviewLink,
  type ScheduledPostRow,
  saveApprovalSettings,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { dateOf } from "../../platform/clock.ts";
import { requirePlan } from "../plans/index.ts";
import { approvalRequired, saveDraft } from "../scheduling/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import {
  type ApprovalOutcome,
  actOnPost,
  actorOf,
  approvalStateOf,
  historyOf,
  memberReviewer,
  missedSlot,
  postOf,
  sendEditForApproval,
} from "./approval-service.ts";
import {
  createReviewLink,
  type ReviewLinkDeps,
  reviewLinkView,
  usableReviewLink,
} from "./review-links.ts";
import { reviewQueueOf } from "./review-queue.ts";

const idParam = z.object({ id: z.uuid("Not a post id.") });
const linkParam = z.object({ id: z.uuid("Review link not found.") });

function postView(post: ScheduledPostRow, state: string, now: Date) {
  return {
    id: post.id,
    account_id: post.accountId,
    status: post.status,
    approval_state: state,
    missed_slot: missedSlot(post, state as never, now),
    caption: post.caption,
    hashtags: post.hashtags,
    scheduled_time: post.scheduledTime.toISOString(),
    time_zone: post.timeZone,
    media_url: post.mediaUrl,
    media_type: post.mediaType,
    thumbnail_url: post.thumbnailUrl,
    items: post.items,
  };
}

function outcomeView(outcome: ApprovalOutcome, now: Date) {
  return {
    post: postView(outcome.post, outcome.state, now),
    scheduled: outcome.scheduled,
    note: outcome.note,
  };
}

/**
 * /api/approvals (issue 33, decision 037): the account's setting (owners and admins change it),
 * posts sent for approval (what clients see, and all they see), sending for approval, decisions
 * and review links. Approvals are a Premium capability ("Team members and client reports").
 */
export function approvalRoutes(deps: ReviewLinkDeps) {
  const now = () => dateOf(deps.now);
  return (
    new Hono<AppEnv>()
      .get("/settings", requireMember("review"), async (c) => {
        const connection = await selectedConnection(deps.db, c.var.workspace);
        const settings = connection
          ? await findApprovalSettings(deps.db, c.var.workspace.id, connection.instagramId)
          : undefined;
        const available = planCan(c.var.workspace.plan, "teamMembers");
        return c.json({
          account_id: connection?.instagramId ?? null,
          available,
          required: available && (settings?.required ?? false),
          approver_user_ids: settings?.approverUserIds ?? [],
        });
      })
      .put(
        "/settings",
        requireMember("approvals"),
        requirePlan("teamMembers"),
        validate("json", approvalSettingsSchema),
        async (c) => {
          const body = c.req.valid("json");
          const connection = await selectedConnection(deps.db, c.var.workspace);
          if (!connection) throw new AppError("conflict", "No Instagram connection");
          const members = new Set(
            (await listMembers(deps.db, c.var.workspace.id)).map((member) => member.userId),
          );
          const approvers = [...new Set(body.approver_user_ids)];
          if (approvers.some((id) => !members.has(id))) {
            throw new AppError("validation_failed", "Approvers must be members of this workspace.");
          }
          const saved = await saveApprovalSettings(deps.db, c.var.workspace.id, {
            accountId: connection.instagramId,
            required: body.required,
            approverUserIds: approvers,
            now: now(),
          });
          await recordAudit(deps, c.var, "approvals.setting_changed", {
            accountId: saved.accountId,
            details: { required: saved.required, approvers: saved.approverUserIds.length },
          });
          return c.json({
            account_id: saved.accountId,
            available: true,
            required: saved.required,
            approver_user_ids: saved.approverUserIds,
          });
        },
      )
      // The Reviews page: waiting posts first, then recent decisions, each as it will look.
      .get("/reviews", requireMember("review"), async (c) =>
        c.json(await reviewQueueOf(deps, c.var.workspace, c.var.user)),
      )
      // Posts sent for approval: a client's whole view of the workspace's posts.
      .get("/posts", requireMember("review"), async (c) => {
        const rows = await listPostsSentForApproval(deps.db, c.var.workspace.id);
        return c.json({ posts: rows.map((row) => postView(row.post, row.state, now())) });
      })
      .get("/posts/:id", requireMember("review"), validate("param", idParam), async (c) => {
        const { id } = c.req.valid("param");
        const post = await postOf(deps, c.var.workspace.id, id);
        const state = await approvalStateOf(deps, c.var.workspace.id, id);
        // Clients see only what was shared with them: a post sent for approval.
        if (c.var.workspace.role === "client" && state === "draft") {
          throw new AppError("not_found", "This post does not exist.");
        }
        const actor = await actorOf(
          deps,
          c.var.workspace.id,
          memberReviewer(c.var.user, c.var.workspace),
        );
        return c.json({
          post: postView(post, state, now()),
          history: await historyOf(deps, c.var.workspace.id, id),
          approval_required: await approvalRequired(
            deps.db,
            c.var.workspace.id,
            post.accountId,
            now(),
          ),
          can_review: isReviewer(actor),
        });
      })
      // The composer's "Send for approval": the draft is kept and sent in one step.
      .post(
        "/posts",
        requireMember("publish"),
        requirePlan("teamMembers"),
        validate("json", scheduleRequestSchema),
        async (c) => {
          const draft = await saveDraft(deps, c.var.workspace, c.req.valid("json"), c.var.user.id);
          const state = await approvalStateOf(deps, c.var.workspace.id, draft.id);
          if (state !== "draft") {
            // The same client id again (a double click): the first answer.
            return c.json({ post: postView(draft, state, now()), scheduled: false, note: null });
          }
          const outcome = await actOnPost(
            deps,
            c.var.workspace.id,
            draft.id,
            memberReviewer(c.var.user, c.var.workspace),
            "submit",
          );
          return c.json(outcomeView(outcome, now()), 201);
        },
      )
      .post(
        "/posts/:id/submit",
        requireMember("publish"),
        requirePlan("teamMembers"),
        validate("param", idParam),
        validate("json", submitForApprovalSchema),
        async (c) => {
          const outcome = await actOnPost(
            deps,
            c.var.workspace.id,
            c.req.valid("param").id,
            memberReviewer(c.var.user, c.var.workspace),
            "submit",
            c.req.valid("json").comment,
          );
          return c.json(outcomeView(outcome, now()));
        },
      )
      // The composer's Edit with approvals on: the edited post is saved and sent again at once.
      .put(
        "/posts/:id",
        requireMember("publish"),
        requirePlan("teamMembers"),
        validate("param", idParam),
        validate("json", editForApprovalSchema),
        async (c) => {
          const outcome = await sendEditForApproval(
            deps,
            c.var.workspace.id,
            c.req.valid("param").id,
            memberReviewer(c.var.user, c.var.workspace),
            c.req.valid("json"),
          );
          return c.json(outcomeView(outcome, now()));
        },
      )
      .post(
        "/posts/:id/withdraw",
        requireMember("publish"),
        validate("param", idParam),
        async (c) => {
          const outcome = await actOnPost(
            deps,
            c.var.workspace.id,
            c.req.valid("param").id,
            memberReviewer(c.var.user, c.var.workspace),
            "withdraw",
          );
          return c.json(outcomeView(outcome, now()));
        },
      )
      .post(
        "/posts/:id/decision",
        requireMember("review"),
        requirePlan("teamMembers"),
        validate("param", idParam),
        validate("json", approvalDecisionSchema),
        async (c) => {
          const body = c.req.valid("json");
          const outcome = await actOnPost(
            deps,
            c.var.workspace.id,
            c.req.valid("param").id,
            memberReviewer(c.var.user, c.var.workspace),
            body.decision,
            body.comment,
          );
          return c.json(outcomeView(outcome, now()));
        },
      )
      .get(
        "/posts/:id/review-links",
        requireMember("publish"),
        validate("param", idParam),
        async (c) => {
          const { id } = c.req.valid("param");
          await postOf(deps, c.var.workspace.id, id);
          const links = await listUsableReviewLinks(deps.db, c.var.workspace.id, id, now());
          return c.json({
            links: links.map((link) => ({
              id: link.id,
              created_at: link.createdAt.toISOString(),
              expires_at: link.expiresAt.toISOString(),
            })),
          });
        },
      )
      // "Share for review": a post in review gets a link for someone without an account.
      .post(
        "/posts/:id/review-links",
        requireMember("publish"),
        requirePlan("teamMembers"),
        validate("param", idParam),
        validate("json", createReviewLinkSchema),
        async (c) => {
          const { id } = c.req.valid("param");
          await postOf(deps, c.var.workspace.id, id);
          const approval = await findPostApproval(deps.db, c.var.workspace.id, id);
          if (approval?.state !== "in_review") {
            throw new AppError(
              "conflict",
              "Send this post for approval before sharing it for review.",
            );
          }
          const { link, url } = await createReviewLink(
            deps,
            c.var.workspace.id,
            id,
            c.var.user.id,
            c.req.valid("json").days,
          );
          return c.json(
            { link: { id: link.id, expires_at: link.expiresAt.toISOString() }, url },
            201,
          );
        },
      )
      .delete(
        "/review-links/:id",
        requireMember("publish"),
        validate("param", linkParam),
        async (c) => {
          if (
            !(await revokeReviewLink(deps.db, c.var.workspace.id, c.req.valid("param").id, now()))
          ) {
            throw new AppError("not_found", "Review link not found.");
          }
          return c.json({ revoked: true });
        },
      )
  );
}

/**
 * /api/review-links (no session): a review link's page reads the post and takes one decision.
 * The token travels in the body, never in a logged URL.
 */
export function publicReviewLinkRoutes(deps: ReviewLinkDeps) {
  return new Hono<AppEnv>()
    .post("/view", validate("json", reviewLinkTokenBodySchema), async (c) => {
      const link = await usableReviewLink(deps, c.req.valid("json").token);
      return c.json({ review: await reviewLinkView(deps, link) });
    })
    .post("/decision", validate("json", reviewLinkDecisionSchema), async (c) => {
      const body = c.req.valid("json");
      const link = await usableReviewLink(deps, body.token);
      await actOnPost(
        deps,
        link.workspaceId,
        link.postId,
        { kind: "link", name: body.name, linkId: link.id },
        body.decision,
        body.comment,
      );
      return c.json({ review: await reviewLinkView(deps, link) });
    });
}
