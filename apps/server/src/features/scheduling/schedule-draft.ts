import {
  checkCaption,
  isTimeZone,
  MAX_CAPTION_HASHTAGS,
  MAX_CAPTION_LENGTH,
  MAX_COLLABORATORS,
  type PublishNowRequest,
  type ScheduleRequest,
  type UpdateScheduledPost,
} from "@sightline/contracts";
import {
  type Db,
  deleteUnpublishedPost,
  type EditedPostContent,
  findScheduledPost,
  findScheduledPostByClientId,
  type InstagramConnectionRow,
  insertScheduledPost,
  listInstagramConnections,
  retryFailedPost,
  type ScheduledMediaItem,
  type ScheduledPostRow,
  updateWaitingPostContent,
} from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import type { ActiveWorkspace, WorkspaceRef } from "../../lib/app-types.ts";
import { type Clock, dateOf } from "../../platform/clock.ts";
import type { EventBus } from "../../platform/event-bus.ts";
import type { Bucket, Storage } from "../../platform/storage.ts";
import { type InstagramContext, pickConnection } from "../instagram/index.ts";
import { assertScheduledPostRoom } from "../plans/index.ts";
import {
  checkFiles,
  prePublishCheck,
  publishPostJob,
  publishTypeOf,
  sendPublishJobs,
} from "../publishing/index.ts";
import { type FileFacts, fileFacts } from "../uploads/index.ts";
import { workspaceStorageFolder } from "../workspaces/index.ts";
import { assertApproved } from "./approval-gate.ts";

/** What scheduling works with (built by app.ts from the root's deps). */
export type ScheduleDeps = {
  db: Db;
  storage: Storage;
  events: EventBus;
  now: Clock;
  instagram: InstagramContext;
};

function storagePath(bucket: Bucket, key: string): string {
  return `/storage/${bucket}/${key}`;
}

/** The files a request checks, read once for all its checks (the workspace's own rows). */
function requestFacts(deps: ScheduleDeps, workspaceId: string): FileFacts {
  return fileFacts(deps.storage, { db: deps.db, workspaceId });
}

/** The file exists in the user's own storage and is what the draft says it is. */
async function fileIs(
  facts: FileFacts,
  folder: string,
  bucket: Bucket,
  key: string,
  kind: "image" | "video" | "any",
): Promise<boolean> {
  // Covers are shared-layout keys (video_covers/…) whose uploader stored_files records;
  // everything else lives under the workspace's folder.
  if (bucket === "instagram_media") {
    if (!(await facts.owned(bucket, key))) return false;
  } else if (!key.startsWith(`${folder}/`)) {
    return false;
  }
  const media = await facts.media(bucket, key);
  return media !== undefined && (kind === "any" || media.kind === kind);
}

/**
 * The account a request acts on (the one it names, or the workspace's first) with the
 * workspace's connections, from one read; 404 for an account this workspace has not connected,
 * as `selectedConnection` answers.
 */
async function selectedAccount(deps: ScheduleDeps, workspace: WorkspaceRef) {
  const connections = await listInstagramConnections(deps.db, workspace.id);
  const connection = pickConnection(connections, workspace.accountId);
  if (!connection && workspace.accountId !== undefined) {
    throw new AppError("not_found", "This Instagram account is not connected to this workspace.");
  }
  return { connection, connections };
}

/**
 * Validates a draft (limits, time zone, the user's own files, a connection) and answers the
 * post's content due at `at`, ready to insert or to write over an edited post, with the
 * account it found (the pre-publish check of the same request uses it instead of reading the
 * connections again).
 */
async function checkedContent(
  deps: ScheduleDeps,
  workspace: WorkspaceRef,
  body: Omit<ScheduleRequest, "scheduled_time" | "client_id">,
  at: Date,
  facts: FileFacts,
): Promise<{
  content: EditedPostContent & { accountId: string };
  account: CheckedAccount;
}> {
  if (body.items.length === 0) throw new AppError("bad_request", "Missing media file");
  if (!isTimeZone(body.time_zone)) {
    throw new AppError("bad_request", `"${body.time_zone}" is not a time zone.`);
  }
  if (body.hashtags.length > MAX_CAPTION_HASHTAGS) {
    throw new AppError("bad_request", "Maximum 30 hashtags allowed");
  }
  if (body.collaborators.length > MAX_COLLABORATORS) {
    throw new AppError("bad_request", "Maximum 3 collaborators allowed");
  }
  const hashtags = [...new Set(body.hashtags.map((tag) => tag.replace(/^#/, "").trim()))];
  const problem = checkCaption(
    [body.caption, hashtags.map((tag) => `#${tag}`).join(" ")].filter(Boolean).join("\n\n"),
  );
  if (problem === "too_long") {
    throw new AppError(
      "bad_request",
      `The caption is longer than ${MAX_CAPTION_LENGTH} characters.`,
    );
  }
  if (problem) {
    throw new AppError(
      "bad_request",
      problem === "too_many_hashtags"
        ? "Maximum 30 hashtags allowed"
        : "Instagram allows at most 20 @mentions in a caption.",
    );
  }
  const { connection, connections } = await selectedAccount(deps, workspace);
  if (!connection) throw new AppError("conflict", "No Instagram connection");
  const folder = await workspaceStorageFolder(deps.db, workspace.id);
  // The draft's files, their covers and its thumbnail: one read of their rows.
  await facts.load([
    ...body.items.flatMap((item) => [item, ...(item.cover ? [item.cover] : [])]),
    ...(body.thumbnail ? [body.thumbnail] : []),
  ]);
  for (const item of body.items) {
    if (!(await fileIs(facts, folder, item.bucket, item.key, item.mediaType))) {
      throw new AppError("bad_request", "Missing media file");
    }
    if (item.cover && !(await fileIs(facts, folder, item.cover.bucket, item.cover.key, "image"))) {
      throw new AppError("bad_request", "The cover image is missing; choose the cover again.");
    }
  }
  // Spec §8: a failed thumbnail upload is ignored and the post is still scheduled.
  const thumbnail =
    body.thumbnail &&
    (await fileIs(facts, folder, body.thumbnail.bucket, body.thumbnail.key, "image"))
      ? storagePath(body.thumbnail.bucket, body.thumbnail.key)
      : null;
  const items: ScheduledMediaItem[] = body.items.map((item) => ({
    bucket: item.bucket,
    key: item.key,
    mediaType: item.mediaType,
    ...(item.aspectRatio !== undefined ? { aspectRatio: item.aspectRatio } : {}),
    ...(item.durationMs !== undefined ? { durationMs: item.durationMs } : {}),
    ...(item.cover ? { cover: item.cover } : {}),
    ...(item.tags ? { tags: item.tags } : {}),
  }));
  const first = items[0]!;
  const content: EditedPostContent & { accountId: string } = {
    accountId: connection.instagramId,
    mediaUrl: storagePath(first.bucket, first.key),
    mediaType: first.mediaType === "video" ? "VIDEO" : "IMAGE",
    caption: body.caption,
    hashtags,
    scheduledTime: at,
    thumbnailUrl: thumbnail,
    timeZone: body.time_zone,
    items,
    collaborators: body.collaborators.map((name) => name.replace(/^@/, "")),
    postType: publishTypeOf(items),
  };
  return { content, account: { connection, connections } };
}

/** The account a checked draft goes to, and its workspace's connections (one read). */
type CheckedAccount = {
  connection: InstagramConnectionRow;
  connections: readonly InstagramConnectionRow[];
};

/** Hands a post to the publish job for its instant and tells the user's pages. */
async function queuePost(deps: ScheduleDeps, row: ScheduledPostRow): Promise<void> {
  await sendPublishJobs(deps.instagram.queue, row, deps.now());
  await deps.events.publish(row.workspaceId, "scheduled-posts:updated", {
    id: row.id,
    status: row.status,
  });
}

/** The request's workspace with its plan in force (the monthly count of posts reads it). */
export type PlannedWorkspace = WorkspaceRef & Pick<ActiveWorkspace, "plan">;

/**
 * Validates a draft and stores it as a post due at `at` (now for Publish now), then hands it to
 * the publish job for that instant. A `client_id` seen before answers the first post instead.
 */
async function savePost(
  deps: ScheduleDeps,
  workspace: PlannedWorkspace,
  body: ScheduleRequest | PublishNowRequest,
  at: Date,
  options: { refuseFileProblems: boolean; createdBy?: string | undefined },
  facts: FileFacts = requestFacts(deps, workspace.id),
): Promise<{
  row: ScheduledPostRow;
  created: boolean;
  account?: CheckedAccount;
}> {
  const workspaceId = workspace.id;
  if (body.client_id) {
    const existing = await findScheduledPostByClientId(deps.db, workspaceId, body.client_id);
    if (existing) return { row: existing, created: false };
  }
  // The plan's monthly count of posts (issue 30): Free schedules or publishes up to 10 a month,
  // counted in the month the post is made (now), whatever month it is due in.
  await assertScheduledPostRoom(deps.db, workspace, dateOf(deps.now));
  const { content, account } = await checkedContent(deps, workspace, body, at, facts);
  // A new post was never approved: with approvals on it is sent for approval instead.
  await assertApproved(deps.db, workspaceId, content.accountId, dateOf(deps.now));
  if (options.refuseFileProblems) {
    // Issue 24: going out now, a photo whose real shape Instagram refuses (the composer
    // offers a crop for it) is refused here with the rule, never after as a failed publish.
    // Scheduled posts get the same finding as the pre-publish check's advice instead.
    const problems = await checkFiles(facts, content.items, { aspectRatio: true });
    const refused = problems.filter((problem) => problem.code === "aspect_ratio");
    if (refused.length > 0) {
      throw new AppError("validation_failed", refused.map((problem) => problem.message).join(" "));
    }
  }
  const saved = await insertScheduledPost(deps.db, {
    workspaceId,
    ...(options.createdBy ? { createdByUserId: options.createdBy } : {}),
    ...content,
    status: "scheduled",
    ...(body.client_id ? { clientId: body.client_id } : {}),
  });
  if (saved.created) await queuePost(deps, saved.row);
  // A post another request saved first under the same client id may be another account's.
  return saved.row.accountId === account.connection.instagramId ? { ...saved, account } : saved;
}

/** The pre-publish check of a draft made of the user's own files. */
export async function checkDraft(
  deps: ScheduleDeps,
  workspace: WorkspaceRef,
  body: ScheduleRequest,
) {
  const workspaceId = workspace.id;
  if (body.items.length === 0) throw new AppError("bad_request", "Missing media file");
  const folder = await workspaceStorageFolder(deps.db, workspaceId);
  for (const item of body.items) {
    if (!item.key.startsWith(`${folder}/`)) {
      throw new AppError("bad_request", "Missing media file");
    }
  }
  return prePublishCheck(deps.instagram, requestFacts(deps, workspaceId), {
    workspaceId,
    accountId: workspace.accountId,
    publishAt: new Date(body.scheduled_time),
    items: body.items,
    // The composer's check is what the user looks at: Instagram is asked.
    quota: "ask",
  });
}

/**
 * Schedule (spec §4): stores the draft as a post due at its time and queues it; the problems the
 * pre-publish check finds are answered with it (checked again before publishing).
 */
export async function scheduleDraft(
  deps: ScheduleDeps,
  workspace: PlannedWorkspace,
  body: ScheduleRequest,
  createdBy?: string,
) {
  if (new Date(body.scheduled_time) <= dateOf(deps.now)) {
    throw new AppError("bad_request", "Cannot schedule post in the past");
  }
  // Each file's row is read once for every check of this request.
  const facts = requestFacts(deps, workspace.id);
  const { row, created, account } = await savePost(
    deps,
    workspace,
    body,
    new Date(body.scheduled_time),
    { refuseFileProblems: false, createdBy },
    facts,
  );
  // Scheduled either way: the problems are named now, and checked again before publishing.
  const checks = await prePublishCheck(deps.instagram, facts, {
    workspaceId: row.workspaceId,
    accountId: row.accountId,
    publishAt: row.scheduledTime,
    items: row.items,
    ...(account ? { account } : {}),
    quota: "reuse",
  });
  return { row, created, checks };
}

/** Publish now: the draft is stored due now and goes to the publish job at once. */
export function publishDraftNow(
  deps: ScheduleDeps,
  workspace: PlannedWorkspace,
  body: PublishNowRequest,
  createdBy?: string,
) {
  return savePost(deps, workspace, body, dateOf(deps.now), { refuseFileProblems: true, createdBy });
}

/**
 * What Schedule (`schedule`) or a draft (`draft`) would save, checked as they check it (the
 * same rules, order and messages) and saved nowhere: the preview an assistant is shown before
 * it confirms a write (issue 35, decision 036). Schedule's pre-publish problems come with it.
 */
export async function previewPost(
  deps: ScheduleDeps,
  workspace: PlannedWorkspace,
  body: Omit<ScheduleRequest, "client_id">,
  kind: "draft" | "schedule",
) {
  const at = new Date(body.scheduled_time);
  if (at <= dateOf(deps.now)) {
    throw new AppError("bad_request", "Cannot schedule post in the past");
  }
  await assertScheduledPostRoom(deps.db, workspace, dateOf(deps.now));
  const facts = requestFacts(deps, workspace.id);
  const { content, account } = await checkedContent(deps, workspace, body, at, facts);
  const checks =
    kind === "schedule"
      ? await prePublishCheck(deps.instagram, facts, {
          workspaceId: workspace.id,
          accountId: content.accountId,
          publishAt: at,
          items: content.items,
          account,
          quota: "reuse",
        })
      : [];
  return { content, connection: account.connection, checks };
}

/**
 * A draft made through the public API (issue 35): the composer's draft checked as Schedule
 * checks it (the same rules and messages), kept with status `draft` at its time and queued for
 * nothing: a member schedules or publishes it from the content scheduler. It counts in the
 * plan's monthly posts as every post made does. A `client_id` seen before answers that draft.
 */
export async function saveDraft(
  deps: ScheduleDeps,
  workspace: PlannedWorkspace,
  body: Omit<ScheduleRequest, "client_id"> & { client_id?: string | undefined },
  createdBy: string,
): Promise<ScheduledPostRow> {
  if (body.client_id) {
    const existing = await findScheduledPostByClientId(deps.db, workspace.id, body.client_id);
    if (existing) return existing;
  }
  if (new Date(body.scheduled_time) <= dateOf(deps.now)) {
    throw new AppError("bad_request", "Cannot schedule post in the past");
  }
  await assertScheduledPostRoom(deps.db, workspace, dateOf(deps.now));
  const { content } = await checkedContent(
    deps,
    workspace,
    body,
    new Date(body.scheduled_time),
    requestFacts(deps, workspace.id),
  );
  const { row, created } = await insertScheduledPost(deps.db, {
    workspaceId: workspace.id,
    createdByUserId: createdBy,
    ...content,
    status: "draft",
    ...(body.client_id ? { clientId: body.client_id } : {}),
  });
  if (!created) return row;
  await deps.events.publish(row.workspaceId, "scheduled-posts:updated", {
    id: row.id,
    status: row.status,
  });
  return row;
}

/**
 * An edit of a stored post checked as Edit checks it (404, a time in the past, every content
 * rule): the post and the content it would get, saved nowhere. Edit saves it and schedules it;
 * with approvals on, the approvals feature saves it and sends it for approval.
 */
export async function checkedEdit(
  deps: ScheduleDeps,
  workspaceId: string,
  id: string,
  body: UpdateScheduledPost,
  facts: FileFacts = requestFacts(deps, workspaceId),
) {
  const current = await findScheduledPost(deps.db, workspaceId, id);
  if (!current) throw new AppError("not_found", "This post does not exist.");
  const at = body.publish_now ? dateOf(deps.now) : new Date(body.scheduled_time!);
  if (!body.publish_now && at <= dateOf(deps.now)) {
    throw new AppError("bad_request", "Cannot schedule post in the past");
  }
  // The post stays with the account it was written for.
  const {
    content: { accountId: _account, ...content },
    account,
  } = await checkedContent(
    deps,
    { id: workspaceId, accountId: current.accountId },
    body,
    at,
    facts,
  );
  return { current, content, account };
}

/** Issue 14: Edit in the content scheduler saves the composer's draft into the same post. */
export async function editScheduledPost(
  deps: ScheduleDeps,
  workspaceId: string,
  id: string,
  body: UpdateScheduledPost,
) {
  // Each file's row is read once for every check of this request.
  const facts = requestFacts(deps, workspaceId);
  const { current, content, account } = await checkedEdit(deps, workspaceId, id, body, facts);
  await assertApproved(deps.db, workspaceId, current.accountId, dateOf(deps.now), current, content);
  const row = await updateWaitingPostContent(deps.db, {
    workspaceId,
    id,
    content,
    now: dateOf(deps.now),
  });
  if (!row) {
    throw new AppError(
      "conflict",
      "This post has started publishing, so it can no longer be edited.",
    );
  }
  await queuePost(deps, row);
  const checks = body.publish_now
    ? []
    : await prePublishCheck(deps.instagram, facts, {
        workspaceId,
        accountId: row.accountId,
        publishAt: row.scheduledTime,
        items: row.items,
        account,
        quota: "reuse",
      });
  return { row, checks };
}

/** A failed post goes back to the publish job. */
export async function retryPost(deps: ScheduleDeps, workspaceId: string, id: string) {
  const row = await retryFailedPost(deps.db, workspaceId, id, dateOf(deps.now));
  if (!row) throw new AppError("conflict", "Only a failed post can be retried.");
  await deps.instagram.queue.send(publishPostJob, { postId: row.id });
  await deps.events.publish(row.workspaceId, "scheduled-posts:updated", {
    id: row.id,
    status: row.status,
  });
  return row;
}

/**
 * The one way to delete a post (the content scheduler's panel and any client): a draft, a
 * scheduled post or a failed one. One that is going out or has gone out stays.
 */
export async function deleteScheduledPost(deps: ScheduleDeps, workspaceId: string, id: string) {
  if (!(await deleteUnpublishedPost(deps.db, workspaceId, id))) {
    const current = await findScheduledPost(deps.db, workspaceId, id);
    if (!current) throw new AppError("not_found", "This post does not exist.");
    throw new AppError(
      "conflict",
      current.status === "published"
        ? "This post has already been published, so it can no longer be deleted."
        : "This post has started publishing, so it can no longer be deleted.",
    );
  }
  await deps.events.publish(workspaceId, "scheduled-posts:updated", { id });
}
