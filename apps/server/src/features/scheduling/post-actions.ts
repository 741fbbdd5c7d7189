import { isTimeZone } from "@sightline/contracts";
import {
  cancelToDraft,
  findScheduledPost,
  makeDueNow,
  rescheduleWaitingPost,
  type ScheduledPostRow,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import { dateOf } from "../../platform/clock.ts";
import { isBucket } from "../../platform/storage.ts";
import { publishPostJob, sendPublishJobs } from "../publishing/index.ts";
import { assertApproved } from "./approval-gate.ts";
import { editScheduledPost, type ScheduleDeps } from "./schedule-draft.ts";

type PostActionDeps = Pick<ScheduleDeps, "db" | "events" | "now" | "instagram">;

/** Why a post could not be changed: not the workspace's (404), or its status now (409). */
async function refusal(
  deps: PostActionDeps,
  workspaceId: string,
  id: string,
  action: string,
): Promise<AppError> {
  const current = await findScheduledPost(deps.db, workspaceId, id);
  if (!current) return new AppError("not_found", "This post does not exist.");
  const why: Record<string, string> = {
    publishing: "This post has started publishing",
    published: "This post has already been published",
    failed: "This post failed to publish (retry it instead)",
    draft: "This post is a draft",
    scheduled: "This post is scheduled",
  };
  return new AppError("conflict", `${why[current.status]}, so it can no longer be ${action}.`);
}

async function told(deps: PostActionDeps, row: ScheduledPostRow): Promise<ScheduledPostRow> {
  await deps.events.publish(row.workspaceId, "scheduled-posts:updated", {
    id: row.id,
    status: row.status,
  });
  return row;
}

/**
 * Moves a draft or scheduled post that has not started publishing (the content scheduler's
 * drag and drop, issue 14); a draft stays a draft.
 */
export async function reschedulePost(
  deps: PostActionDeps,
  workspaceId: string,
  id: string,
  body: { scheduled_time: string; time_zone: string },
): Promise<ScheduledPostRow> {
  const at = new Date(body.scheduled_time);
  if (at <= dateOf(deps.now)) throw new AppError("bad_request", "Cannot schedule post in the past");
  if (!isTimeZone(body.time_zone)) {
    throw new AppError("bad_request", `"${body.time_zone}" is not a time zone.`);
  }
  const moved = await rescheduleWaitingPost(deps.db, {
    workspaceId,
    id,
    scheduledTime: at,
    timeZone: body.time_zone,
    now: dateOf(deps.now),
  });
  if (!moved) throw await refusal(deps, workspaceId, id, "moved");
  // The job sent for the old time finds the post not yet due and does nothing.
  if (moved.status === "scheduled") {
    await sendPublishJobs(deps.instagram.queue, moved, deps.now());
  }
  return told(deps, moved);
}

/**
 * Cancel (issue 14): a scheduled post goes back to draft, which the worker never claims. A post
 * the worker already claimed stays publishing (409).
 */
export async function cancelScheduledPost(
  deps: PostActionDeps,
  workspaceId: string,
  id: string,
): Promise<ScheduledPostRow> {
  const row = await cancelToDraft(deps.db, { workspaceId, id, now: dateOf(deps.now) });
  if (!row) throw await refusal(deps, workspaceId, id, "cancelled");
  return told(deps, row);
}

/**
 * Publish now of a stored draft or scheduled post: due now and handed to the publish job; the
 * worker's claim publishes it exactly once, however often this is asked.
 */
export async function publishPostNow(
  deps: PostActionDeps,
  workspaceId: string,
  id: string,
): Promise<ScheduledPostRow> {
  const current = await findScheduledPost(deps.db, workspaceId, id);
  if (current) {
    await assertApproved(deps.db, workspaceId, current.accountId, dateOf(deps.now), current);
  }
  const row = await makeDueNow(deps.db, { workspaceId, id, now: dateOf(deps.now) });
  if (!row) throw await refusal(deps, workspaceId, id, "published now");
  await deps.instagram.queue.send(publishPostJob, { postId: id });
  return told(deps, row);
}

/** `/storage/<bucket>/<key>` as kept in scheduled_posts' thumbnail_url. */
function storedThumbnail(path: string | null) {
  const match = /^\/storage\/([^/]+)\/(.+)$/.exec(path ?? "");
  const bucket = match?.[1];
  if (
    !bucket ||
    !isBucket(bucket) ||
    (bucket !== "scheduled-content" && bucket !== "instagram_media")
  ) {
    return undefined;
  }
  return { bucket, key: match[2]! };
}

/**
 * Schedules a stored draft (or moves a scheduled post) as the composer's Edit saves it: the
 * post's own content, checked again with every rule of Schedule (its files, the time, the
 * limits), due at `scheduled_time` (the draft's own time when not given) and queued.
 */
export async function scheduleStoredPost(
  deps: ScheduleDeps,
  workspaceId: string,
  id: string,
  when: { scheduled_time?: string | undefined; time_zone?: string | undefined },
) {
  const current = await findScheduledPost(deps.db, workspaceId, id);
  if (!current) throw new AppError("not_found", "This post does not exist.");
  if (current.status !== "draft" && current.status !== "scheduled") {
    throw await refusal(deps, workspaceId, id, "scheduled");
  }
  const thumbnail = storedThumbnail(current.thumbnailUrl);
  return editScheduledPost(deps, workspaceId, id, {
    items: current.items,
    caption: current.caption,
    hashtags: current.hashtags,
    collaborators: current.collaborators,
    scheduled_time: when.scheduled_time ?? current.scheduledTime.toISOString(),
    time_zone: when.time_zone ?? current.timeZone,
    ...(thumbnail ? { thumbnail } : {}),
  });
}
