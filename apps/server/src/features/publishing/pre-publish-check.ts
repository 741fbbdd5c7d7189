import { isImageAspectAllowed, pausedRule } from "@sightline/contracts";
import { type InstagramConnectionRow, listInstagramConnections } from "@sightline/db";
import type { Bucket } from "../../platform/storage.ts";
import {
  accountClientFor,
  accountPausedBy,
  handleGraphFailure,
  hasCapability,
  type InstagramContext,
  pickConnection,
  unreachablePublicUrl,
} from "../instagram/index.ts";
import type { FileFacts } from "../uploads/index.ts";
import {
  askPublishingQuota,
  type PublishingQuota,
  quotaAge,
  recentQuota,
} from "./publishing-quota.ts";

export type CheckProblem = { code: string; message: string };

/**
 * The pre-publish check (issue 13 point 7), run when a post is scheduled and again before it
 * goes out: every problem in words a user understands, none guessed. An empty list means
 * nothing stands in the way that Sightline can see.
 */
export async function prePublishCheck(
  ctx: InstagramContext,
  facts: FileFacts,
  input: {
    workspaceId: string;
    /** The account the post goes to (the workspace's first when not named). */
    accountId: string | undefined;
    publishAt: Date;
    items: Array<{
      bucket: Bucket;
      key: string;
      mediaType: "image" | "video";
      aspectRatio?: number;
    }>;
    /**
     * The account's connection and its workspace's connections when the caller has just read
     * them (the same request's draft check): not read again.
     */
    account?: {
      connection: InstagramConnectionRow;
      connections: readonly InstagramConnectionRow[];
    };
    /**
     * `ask`: Instagram is asked for the publishing limit (the composer's check). `reuse`: an
     * answer Instagram gave within QUOTA_REUSE_MS is taken instead, its age stated with it (the
     * schedule and edit requests, which come right after the composer's check).
     */
    quota: "ask" | "reuse";
  },
): Promise<CheckProblem[]> {
  const problems: CheckProblem[] = [];
  // One read of the workspace's connections answers the account and the plan's pauses.
  const connections =
    input.account?.connections ?? (await listInstagramConnections(ctx.db, input.workspaceId));
  const connection = input.account?.connection ?? pickConnection(connections, input.accountId);
  if (!connection) return [{ code: "no_connection", message: "No Instagram connection" }];
  if (connection.status !== "active") {
    problems.push({
      code: "reconnect",
      message: `Instagram no longer accepts Sightline's access to @${connection.instagramUsername}. Reconnect it in Settings.`,
    });
  }
  const pausedBy = await accountPausedBy(ctx.db, connection, connections);
  if (pausedBy) {
    problems.push({
      code: "paused_by_plan",
      message: `@${connection.instagramUsername} is paused: ${pausedRule(pausedBy, "accounts")} Keep it active in Settings or upgrade.`,
    });
  }
  if (connection.tokenExpiresAt && connection.tokenExpiresAt <= input.publishAt) {
    problems.push({
      code: "token_expires",
      message: `The Instagram access expires on ${connection.tokenExpiresAt.toISOString().slice(0, 10)}, before this post goes out. Reconnect in Settings to renew it.`,
    });
  }
  if (!hasCapability(connection, "publish")) {
    problems.push({
      code: "no_publish_permission",
      message:
        "Publishing was not allowed when Instagram was connected. Reconnect and allow publishing.",
    });
  }
  const unreachable = unreachablePublicUrl(ctx);
  if (unreachable && input.items.some((item) => item.mediaType === "image")) {
    problems.push({ code: "not_reachable", message: unreachable });
  }
  problems.push(...(await checkFiles(facts, input.items, { aspectRatio: true })));
  if (connection.status === "active") {
    try {
      const reused = input.quota === "reuse" ? recentQuota(connection, ctx.now()) : undefined;
      const limit: PublishingQuota =
        reused ?? (await askPublishingQuota(ctx, connection, accountClientFor(ctx, connection)));
      if (limit.total !== undefined && limit.usage >= limit.total) {
        problems.push({
          code: "quota",
          message: `The publishing limit is reached: ${limit.usage} of ${limit.total} posts in the last 24 hours${reused ? ` (Instagram's count ${quotaAge(reused.ageMs)} ago)` : ""}. Instagram accepts more once the oldest of them is a day old.`,
        });
      }
    } catch (error) {
      if (await handleGraphFailure(ctx, connection, error)) {
        problems.push({
          code: "reconnect",
          message: `Instagram no longer accepts Sightline's access to @${connection.instagramUsername}. Reconnect it in Settings.`,
        });
      } else {
        problems.push({
          code: "quota_unknown",
          message:
            "Instagram did not say how many posts are left in the 24-hour limit; it is checked again before publishing.",
        });
      }
    }
  }
  return problems;
}

/**
 * The files' part of the check, also run by the publish pipeline just before a post goes out:
 * each file still stored and what it claims to be, images JPEG, and (at scheduling) the image
 * aspect ratio Instagram takes — read from the file's own width and height (kept at upload, or
 * read from the file), the draft's figure only when they are not known (issue 24: the server
 * refuses what the composer refuses).
 */
export async function checkFiles(
  facts: FileFacts,
  items: ReadonlyArray<{
    bucket: Bucket;
    key: string;
    mediaType: "image" | "video";
    aspectRatio?: number;
  }>,
  options: { aspectRatio: boolean },
): Promise<CheckProblem[]> {
  const problems: CheckProblem[] = [];
  await facts.load(items);
  for (const [index, item] of items.entries()) {
    const label = items.length > 1 ? `Item ${index + 1}` : "The file";
    const media = await facts.media(item.bucket, item.key);
    if (!media) {
      problems.push({ code: "missing_file", message: "Missing media file" });
      continue;
    }
    if (item.mediaType === "image" && media.contentType !== "image/jpeg") {
      problems.push({
        code: "not_jpeg",
        message: `${label} is ${media.contentType.replace("image/", "").toUpperCase()}; Instagram publishes JPEG images only.`,
      });
    }
    const aspectRatio =
      item.mediaType === "image" && media.width !== undefined && media.height !== undefined
        ? media.width / media.height
        : item.aspectRatio;
    if (
      options.aspectRatio &&
      item.mediaType === "image" &&
      aspectRatio !== undefined &&
      !isImageAspectAllowed(aspectRatio)
    ) {
      problems.push({
        code: "aspect_ratio",
        message: `${label} has an aspect ratio of ${aspectRatio.toFixed(2)}; Instagram takes images between 4:5 (0.8) and 1.91:1.`,
      });
    }
  }
  return problems;
}
