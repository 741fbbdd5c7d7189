import {
  publishNowRequestSchema,
  scheduleRequestSchema,
  updateScheduledPostSchema,
} from "@sightline/contracts";
import {
  findScheduledPost,
  listAttemptSteps,
  listScheduledPosts,
  type ScheduledPostRow,
} from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember, selectedConnection } from "../../middleware/session.ts";
import { recordAudit } from "../workspaces/index.ts";
import {
  checkDraft,
  deleteScheduledPost,
  editScheduledPost,
  publishDraftNow,
  retryPost,
  type ScheduleDeps,
  scheduleDraft,
} from "./schedule-draft.ts";

const idParam = z.object({ id: z.uuid("Not a scheduled post id.") });

function view(row: ScheduledPostRow) {
  return {
    post_type: row.postType,
    error: row.error,
    ig_media_id: row.igMediaId,
    permalink: row.permalink,
    published_at: row.publishedAt?.toISOString() ?? null,
    attempt_count: row.attemptCount,
    id: row.id,
    account_id: row.accountId,
    media_url: row.mediaUrl,
    media_type: row.mediaType,
    caption: row.caption,
    hashtags: row.hashtags,
    scheduled_time: row.scheduledTime.toISOString(),
    status: row.status,
    thumbnail_url: row.thumbnailUrl,
    time_zone: row.timeZone,
    items: row.items,
    collaborators: row.collaborators,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * /api/scheduled-posts: Schedule (spec §4: inserted with status scheduled, then
 * `scheduled-posts:updated`), the user's list, editing, retrying and deleting one that has not gone out.
 */
export function scheduledPostRoutes(deps: ScheduleDeps) {
  return (
    new Hono<AppEnv>()
      .post(
        "/check",
        requireMember("publish"),
        validate("json", scheduleRequestSchema),
        async (c) => {
          return c.json({
            checks: await checkDraft(deps, c.var.workspace, c.req.valid("json")),
          });
        },
      )
      .get("/", requireMember("read"), async (c) => {
        // The selected account's posts (every post of the workspace when none is connected).
        const connection = await selectedConnection(deps.db, c.var.workspace);
        const rows = await listScheduledPosts(deps.db, c.var.workspace.id, connection?.instagramId);
        return c.json({ posts: rows.map(view) });
      })
      // Spec §5: scheduling requires login, in these words.
      .post(
        "/",
        requireMember("publish", "You must be logged in to schedule"),
        validate("json", scheduleRequestSchema),
        async (c) => {
          const { row, created, checks } = await scheduleDraft(
            deps,
            c.var.workspace,
            c.req.valid("json"),
            c.var.user.id,
          );
          if (created) {
            await recordAudit(deps, c.var, "post.scheduled", {
              accountId: row.accountId,
              target: row.id,
              details: { scheduledTime: row.scheduledTime.toISOString() },
            });
          }
          return c.json({ post: view(row), checks }, created ? 201 : 200);
        },
      )
      .post(
        "/publish-now",
        requireMember("publish"),
        validate("json", publishNowRequestSchema),
        async (c) => {
          const { row, created } = await publishDraftNow(
            deps,
            c.var.workspace,
            c.req.valid("json"),
            c.var.user.id,
          );
          if (created) {
            await recordAudit(deps, c.var, "post.published", {
              accountId: row.accountId,
              target: row.id,
            });
          }
          return c.json({ post: view(row) }, created ? 202 : 200);
        },
      )
      .put(
        "/:id",
        requireMember("publish"),
        validate("param", idParam),
        validate("json", updateScheduledPostSchema),
        async (c) => {
          const { row, checks } = await editScheduledPost(
            deps,
            c.var.workspace.id,
            c.req.valid("param").id,
            c.req.valid("json"),
          );
          return c.json({ post: view(row), checks });
        },
      )
      .get("/:id", requireMember("read"), validate("param", idParam), async (c) => {
        const post = await findScheduledPost(deps.db, c.var.workspace.id, c.req.valid("param").id);
        if (!post) throw new AppError("not_found", "This post does not exist.");
        const steps = await listAttemptSteps(deps.db, c.var.workspace.id, post.id);
        return c.json({
          post: view(post),
          attempts: steps.map((step) => ({
            attempt: step.attempt,
            at: step.at.toISOString(),
            step: step.step,
            outcome: step.outcome,
            message: step.message,
          })),
        });
      })
      .post("/:id/retry", requireMember("publish"), validate("param", idParam), async (c) => {
        const row = await retryPost(deps, c.var.workspace.id, c.req.valid("param").id);
        return c.json({ post: view(row) });
      })
      .delete("/:id", requireMember("publish"), validate("param", idParam), async (c) => {
        await deleteScheduledPost(deps, c.var.workspace.id, c.req.valid("param").id);
        await recordAudit(deps, c.var, "post.deleted", { target: c.req.valid("param").id });
        return c.json({ deleted: true });
      })
  );
}
