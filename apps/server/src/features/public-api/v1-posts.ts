import {
  IDEMPOTENCY_KEY_HEADER,
  PUBLIC_API_POSTS_MAX_LIMIT,
  publicApiPostDetailResponseSchema,
  publicApiPostParamSchema,
  publicApiScheduledPostCheckedResponseSchema,
  publicApiScheduledPostDeletedResponseSchema,
  publicApiScheduledPostDetailResponseSchema,
  publicApiScheduledPostParamSchema,
  publicApiScheduledPostResponseSchema,
  publicApiScheduledPostsQuerySchema,
  publicApiScheduledPostsResponseSchema,
  publicApiSchedulePostSchema,
  publicApiScheduleStoredPostSchema,
} from "@sightline/contracts";
import {
  findScheduledPost,
  listAttemptSteps,
  listScheduledPostsPage,
  type ScheduledPostRow,
} from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { dateOf } from "../../platform/clock.ts";
import { assertPostInHistory, getPostDetail, historyWindow } from "../analytics/index.ts";
import {
  cancelScheduledPost,
  deleteScheduledPost,
  publishPostNow,
  type ScheduleDeps,
  scheduleDraft,
  scheduleStoredPost,
} from "../scheduling/index.ts";
import { recordAudit } from "../workspaces/index.ts";
import { postMetrics } from "./account-reads.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";
import { idempotent } from "./idempotency.ts";
import { describeRoute } from "./openapi.ts";
import {
  postDetailExample,
  scheduledPostCancelledExample,
  scheduledPostCheckedExample,
  scheduledPostDeletedExample,
  scheduledPostDetailExample,
  scheduledPostPublishingExample,
  scheduledPostRequestExample,
  scheduledPostsExample,
  scheduleStoredPostRequestExample,
} from "./openapi-examples-posts.ts";
import { knownAccount, scopeOf, workspaceOf } from "./v1-account.ts";

type PostsDeps = ScheduleDeps & Parameters<typeof idempotent>[0];

/** A post made here, as the API answers it (camelCase, files by their storage reference). */
export function scheduledPostView(row: ScheduledPostRow) {
  return {
    id: row.id,
    accountId: row.accountId,
    status: row.status,
    caption: row.caption,
    hashtags: row.hashtags,
    collaborators: row.collaborators,
    postType: row.postType,
    scheduledTime: row.scheduledTime.toISOString(),
    timeZone: row.timeZone,
    media: row.items.map((item) => ({
      bucket: item.bucket,
      key: item.key,
      mediaType: item.mediaType,
      ...(item.cover ? { cover: item.cover } : {}),
    })),
    igMediaId: row.igMediaId,
    permalink: row.permalink,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    error: row.error,
    attemptCount: row.attemptCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function encodeCursor(row: ScheduledPostRow): string {
  return Buffer.from(JSON.stringify([row.scheduledTime.toISOString(), row.id])).toString(
    "base64url",
  );
}

function decodeCursor(cursor: string): { scheduledTime: Date; id: string } {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, "base64url").toString()) as [string, string];
    const scheduledTime = new Date(time);
    if (
      typeof id !== "string" ||
      !publicApiScheduledPostParamSchema.shape.postId.safeParse(id).success ||
      Number.isNaN(scheduledTime.getTime())
    ) {
      throw new Error("not a cursor");
    }
    return { scheduledTime, id };
  } catch {
    throw new AppError(
      "validation_failed",
      "The page cursor is not valid. Start again from the first page.",
    );
  }
}

const NOT_THIS_POST = "This post does not exist.";
const notThisPost = () => new AppError("not_found", NOT_THIS_POST);
const notThisPostError = { status: 404, code: "not_found", message: NOT_THIS_POST } as const;
const retrySafely = `Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely.`;

/**
 * Posts through /api/v1 (issue 35 point 2, decision 033's addendum). `/posts` are the account's
 * published Instagram media with metrics (Post Performance's); `/scheduled-posts` are the posts
 * made in Sightline (`scheduled_posts`: draft, scheduled, publishing, published, failed), through
 * the composer's and the content scheduler's own services: the same checks, messages and the
 * one exactly-once publish job.
 */
export function v1PostRoutes(deps: PostsDeps) {
  const read = requireScope("posts:read");
  const write = requireScope("posts:write");
  const account = knownAccount(deps.db);
  const postParam = validate("param", publicApiScheduledPostParamSchema);

  /** The path's post, of the path's account (any other, another tenant's too, is a 404). */
  async function ownPost(workspaceId: string, accountId: string, id: string) {
    const row = await findScheduledPost(deps.db, workspaceId, id);
    if (!row || row.accountId !== accountId) throw notThisPost();
    return row;
  }

  return (
    new Hono<TokenEnv>()
      .get(
        "/accounts/:accountId/posts/:postId",
        describeRoute({
          operationId: "getPost",
          tag: "Posts",
          summary: "Read a published post with its metrics' history",
          description:
            "A post Instagram has published (the `id` of `GET /accounts/{accountId}/posts`), as Post Performance shows it: its latest metrics, its hashtags and every stored reading of its metrics (`history`). A post older than the plan's history window is refused with `plan_required` (403); one not in the account's synced data is a 404.",
          response: {
            status: 200,
            description: "The post.",
            schema: publicApiPostDetailResponseSchema,
            example: postDetailExample,
          },
          errors: [
            {
              status: 404,
              code: "not_found",
              message: "This post is not in your synced Instagram data.",
            },
          ],
        }),
        read,
        account,
        validate("param", publicApiPostParamSchema),
        async (c) => {
          const connection = c.var.connection;
          const scope = scopeOf(connection);
          const { postId } = c.req.valid("param");
          // Post Performance's window (the plan's history, days in UTC) and its detail.
          const window = historyWindow(c.var.apiToken.plan, dateOf(deps.now), "UTC");
          await assertPostInHistory(deps.db, scope, window, postId);
          const detail = await getPostDetail(deps.db, scope, postId);
          const post = detail.post;
          return c.json({
            data: {
              id: post.id,
              type: post.type,
              postedAt: post.postedAt,
              caption: post.caption,
              hashtags: post.hashtags,
              permalink: post.permalink,
              metrics: postMetrics(post),
              metricsAsOf: post.metricsAsOf,
              history: detail.snapshots,
            },
          });
        },
      )
      .get(
        "/accounts/:accountId/scheduled-posts",
        describeRoute({
          operationId: "listScheduledPosts",
          tag: "Posts",
          summary: "List posts made in Sightline",
          description: `Drafts and posts scheduled, publishing, published or failed from this account's content scheduler, by scheduled time (\`order\`: soonest first unless \`desc\`), only the statuses in \`status\` when given. Keyset pages of \`limit\` (at most ${PUBLIC_API_POSTS_MAX_LIMIT}): pass \`nextCursor\` back as \`cursor\` until it is null; a cursor that is not one is refused with "The page cursor is not valid. Start again from the first page." (422).`,
          response: {
            status: 200,
            description: "One page of posts.",
            schema: publicApiScheduledPostsResponseSchema,
            example: scheduledPostsExample,
          },
        }),
        read,
        account,
        validate("query", publicApiScheduledPostsQuerySchema),
        async (c) => {
          const connection = c.var.connection;
          const { status, order, limit, cursor } = c.req.valid("query");
          const rows = await listScheduledPostsPage(deps.db, scopeOf(connection), {
            ...(status ? { statuses: status } : {}),
            order,
            ...(cursor ? { after: decodeCursor(cursor) } : {}),
            limit: limit + 1,
          });
          const page = rows.slice(0, limit);
          return c.json({
            data: page.map(scheduledPostView),
            nextCursor: rows.length > limit && page.length > 0 ? encodeCursor(page.at(-1)!) : null,
          });
        },
      )
      .get(
        "/accounts/:accountId/scheduled-posts/:postId",
        describeRoute({
          operationId: "getScheduledPost",
          tag: "Posts",
          summary: "Read a post made in Sightline",
          description:
            "A draft, scheduled, publishing, published or failed post of this account, with every step of its publish attempts (`attempts`), as the composer follows a post going out. Once published, `igMediaId` is its id under `/posts`.",
          response: {
            status: 200,
            description: "The post and its attempts.",
            schema: publicApiScheduledPostDetailResponseSchema,
            example: scheduledPostDetailExample,
          },
          errors: [notThisPostError],
        }),
        read,
        account,
        postParam,
        async (c) => {
          const connection = c.var.connection;
          const row = await ownPost(
            connection.workspaceId,
            connection.instagramId,
            c.req.valid("param").postId,
          );
          const steps = await listAttemptSteps(deps.db, connection.workspaceId, row.id);
          return c.json({
            data: {
              ...scheduledPostView(row),
              attempts: steps.map((step) => ({
                attempt: step.attempt,
                at: step.at.toISOString(),
                step: step.step,
                outcome: step.outcome,
                message: step.message,
              })),
            },
          });
        },
      )
      // The composer's Schedule: stored as scheduled and queued for its time, with the
      // pre-publish check's findings (checked again before it goes out).
      .post(
        "/accounts/:accountId/scheduled-posts",
        describeRoute({
          operationId: "schedulePost",
          tag: "Posts",
          summary: "Schedule a post",
          description: `The composer's Schedule: the same body as a draft (files from \`POST /uploads\`, caption, hashtags, collaborators, tags, \`scheduled_time\` and \`time_zone\`), stored with status \`scheduled\` and published by Sightline at its time. The composer's rules and messages apply ("Cannot schedule post in the past", 400). The answer's \`checks\` are the pre-publish check's findings; the post is scheduled either way and checked again before it goes out. ${retrySafely}`,
          response: {
            status: 201,
            description: "The scheduled post and the pre-publish check's findings.",
            schema: publicApiScheduledPostCheckedResponseSchema,
            example: scheduledPostCheckedExample,
          },
          requestExample: scheduledPostRequestExample,
          errors: [
            { status: 400, code: "bad_request", message: "Cannot schedule post in the past" },
          ],
        }),
        write,
        account,
        idempotent(deps),
        validate("json", publicApiSchedulePostSchema),
        async (c) => {
          const connection = c.var.connection;
          const token = c.var.apiToken;
          const { row, created, checks } = await scheduleDraft(
            deps,
            workspaceOf(token, connection),
            c.req.valid("json"),
            token.userId,
          );
          if (created) {
            await recordAudit(deps, { apiToken: token }, "post.scheduled", {
              accountId: row.accountId,
              target: row.id,
              details: { scheduledTime: row.scheduledTime.toISOString() },
            });
          }
          return c.json({ data: scheduledPostView(row), checks }, 201);
        },
      )
      // A stored draft scheduled with its own content (the composer's Edit, checked again).
      .post(
        "/accounts/:accountId/scheduled-posts/:postId/schedule",
        describeRoute({
          operationId: "scheduleStoredPost",
          tag: "Posts",
          summary: "Schedule a draft, or move a scheduled post",
          description: `The composer's Edit with the post's own content: a draft (or a scheduled post) becomes scheduled at \`scheduled_time\` in \`time_zone\` (its own time and zone when left out), checked again with every rule of Schedule ("Cannot schedule post in the past", 400), with the pre-publish check's findings in \`checks\`. A post publishing, published or failed is refused (409, "This post has already been published, so it can no longer be scheduled."). ${retrySafely}`,
          response: {
            status: 200,
            description: "The scheduled post and the pre-publish check's findings.",
            schema: publicApiScheduledPostCheckedResponseSchema,
            example: scheduledPostCheckedExample,
          },
          requestExample: scheduleStoredPostRequestExample,
          errors: [
            { status: 400, code: "bad_request", message: "Cannot schedule post in the past" },
            notThisPostError,
            {
              status: 409,
              code: "conflict",
              message: "This post has already been published, so it can no longer be scheduled.",
            },
          ],
        }),
        write,
        account,
        idempotent(deps),
        postParam,
        validate("json", publicApiScheduleStoredPostSchema),
        async (c) => {
          const connection = c.var.connection;
          const { postId } = c.req.valid("param");
          await ownPost(connection.workspaceId, connection.instagramId, postId);
          const { row, checks } = await scheduleStoredPost(
            deps,
            connection.workspaceId,
            postId,
            c.req.valid("json"),
          );
          await recordAudit(deps, { apiToken: c.var.apiToken }, "post.scheduled", {
            accountId: row.accountId,
            target: row.id,
            details: { scheduledTime: row.scheduledTime.toISOString() },
          });
          return c.json({ data: scheduledPostView(row), checks });
        },
      )
      // The content scheduler's Publish now: due now, published once by the worker's claim.
      .post(
        "/accounts/:accountId/scheduled-posts/:postId/publish",
        describeRoute({
          operationId: "publishScheduledPost",
          tag: "Posts",
          summary: "Publish a post now",
          description: `The content scheduler's Publish now: a draft or a scheduled post becomes due now and goes to the publish job, which publishes it exactly once however often this is asked. Accepted (202): follow it with \`GET /accounts/{accountId}/scheduled-posts/{postId}\`. A post publishing, published or failed is refused (409, "This post has already been published, so it can no longer be published now."). ${retrySafely}`,
          response: {
            status: 202,
            description: "The post, due now and queued.",
            schema: publicApiScheduledPostResponseSchema,
            example: scheduledPostPublishingExample,
          },
          errors: [
            notThisPostError,
            {
              status: 409,
              code: "conflict",
              message:
                "This post has already been published, so it can no longer be published now.",
            },
          ],
        }),
        write,
        account,
        idempotent(deps),
        postParam,
        async (c) => {
          const connection = c.var.connection;
          const { postId } = c.req.valid("param");
          await ownPost(connection.workspaceId, connection.instagramId, postId);
          const row = await publishPostNow(deps, connection.workspaceId, postId);
          await recordAudit(deps, { apiToken: c.var.apiToken }, "post.published", {
            accountId: row.accountId,
            target: row.id,
          });
          return c.json({ data: scheduledPostView(row) }, 202);
        },
      )
      // The content scheduler's Cancel: a scheduled post goes back to draft.
      .post(
        "/accounts/:accountId/scheduled-posts/:postId/cancel",
        describeRoute({
          operationId: "cancelScheduledPost",
          tag: "Posts",
          summary: "Cancel a scheduled post",
          description: `The content scheduler's Cancel: a scheduled post goes back to draft and is not published. Any other status is refused (409, "This post is a draft, so it can no longer be cancelled.", or the post's own state). ${retrySafely}`,
          response: {
            status: 200,
            description: "The post, a draft again.",
            schema: publicApiScheduledPostResponseSchema,
            example: scheduledPostCancelledExample,
          },
          errors: [
            notThisPostError,
            {
              status: 409,
              code: "conflict",
              message: "This post is a draft, so it can no longer be cancelled.",
            },
          ],
        }),
        write,
        account,
        idempotent(deps),
        postParam,
        async (c) => {
          const connection = c.var.connection;
          const { postId } = c.req.valid("param");
          await ownPost(connection.workspaceId, connection.instagramId, postId);
          const row = await cancelScheduledPost(deps, connection.workspaceId, postId);
          await recordAudit(deps, { apiToken: c.var.apiToken }, "post.cancelled", {
            accountId: row.accountId,
            target: row.id,
          });
          return c.json({ data: scheduledPostView(row) });
        },
      )
      // Delete: a draft, scheduled or failed post; one going out or gone out stays (409).
      .delete(
        "/accounts/:accountId/scheduled-posts/:postId",
        describeRoute({
          operationId: "deleteScheduledPost",
          tag: "Posts",
          summary: "Delete a post made in Sightline",
          description: `Deletes a draft, scheduled or failed post. One that has started publishing or has been published stays (409, "This post has already been published, so it can no longer be deleted."). ${retrySafely}`,
          response: {
            status: 200,
            description: "The post's id, deleted.",
            schema: publicApiScheduledPostDeletedResponseSchema,
            example: scheduledPostDeletedExample,
          },
          errors: [
            notThisPostError,
            {
              status: 409,
              code: "conflict",
              message: "This post has already been published, so it can no longer be deleted.",
            },
          ],
        }),
        write,
        account,
        idempotent(deps),
        postParam,
        async (c) => {
          const connection = c.var.connection;
          const { postId } = c.req.valid("param");
          await ownPost(connection.workspaceId, connection.instagramId, postId);
          await deleteScheduledPost(deps, connection.workspaceId, postId);
          await recordAudit(deps, { apiToken: c.var.apiToken }, "post.deleted", {
            accountId: connection.instagramId,
            target: postId,
          });
          return c.json({ data: { id: postId, deleted: true } });
        },
      )
  );
}
