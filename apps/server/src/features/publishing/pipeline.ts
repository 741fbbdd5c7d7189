import { createHash } from "node:crypto";
import {
  classifyPostType,
  type PostType,
  pausedRule,
  publishVideoKind,
} from "@sightline/contracts";
import {
  type InstagramConnectionRow,
  listInstagramConnections,
  markPostFailed,
  markPostPublished,
  type PublishProgress,
  recordAttemptStep,
  type ScheduledMediaItem,
  type ScheduledPostRow,
  savePreparation,
  saveProgress,
} from "@sightline/db";
import {
  type AccountClient,
  type ContainerState,
  GraphApiError,
  isPublishQuotaReached,
  type UserTag,
} from "@sightline/instagram-graph";
import { type Clock, dateOf } from "../../platform/clock.ts";
import type { Storage } from "../../platform/storage.ts";
import {
  accountClientFor,
  accountPausedBy,
  afterMediaPublished,
  handleGraphFailure,
  hasCapability,
  type InstagramContext,
  pickConnection,
} from "../instagram/index.ts";
import { fileFacts } from "../uploads/index.ts";
import { checkFiles } from "./pre-publish-check.ts";
import { askPublishingQuota, estimatedQuota, type PublishingQuota } from "./publishing-quota.ts";

/** Spec §9: video status polled every 2 s, up to 30 tries; chunks of 6MB; retry 2 s then 4 s. */
export const POLL_INTERVAL_MS = 2_000;
export const MAX_POLLS = 30;
export const CHUNK_BYTES = 6 * 1024 * 1024;
export const RETRY_DELAYS_MS = [2_000, 4_000] as const;
/**
 * How long a claim holds a post without a word from its worker. The worker renews it every
 * LEASE_RENEW_MS while it runs (publish-service.ts), whatever step it is in, and at every step;
 * so a live worker keeps its post however long Instagram takes, and a post whose worker died is
 * free LEASE_MS after the last renewal (the publish job looks at it again then).
 */
export const LEASE_MS = 20_000;
export const LEASE_RENEW_MS = 5_000;

export type PipelineDeps = {
  ctx: InstagramContext;
  storage: Storage;
  now: Clock;
  sleep: (ms: number) => Promise<void>;
  /** Tests only: throw here to play a process that dies right after a step. */
  crashAfter?: ((step: "containers" | "publish-requested" | "published") => void) | undefined;
};

export type PipelineStep = "check" | "upload" | "containers" | "processing" | "publish" | "record";

/** A failure with the spec's internal message (§8), e.g. "Photo post failed: …". */
export class PublishFailure extends Error {
  constructor(
    readonly step: PipelineStep,
    message: string,
  ) {
    super(message);
  }
}

/** Another attempt holds the post now (this one's lease ran out): stop without writing. */
export class LeaseLost extends Error {
  constructor() {
    super("the post's lease passed to another attempt");
  }
}

/** Tests only: the process "died" after a step; nothing more is written, as in a real crash. */
export class ProcessDied extends Error {}

/** Spec §8: a failure whose message contains fetch or network is retried (timeouts too). */
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof GraphApiError && (error.kind === "network" || error.kind === "timeout")) {
    return true;
  }
  const message = error instanceof Error ? error.message : String(error);
  return /fetch|network/i.test(message);
}

function detailOf(error: unknown): string {
  if (error instanceof GraphApiError) return error.userMessage ?? error.graphMessage;
  return error instanceof Error ? error.message : String(error);
}

function storagePathParts(item: ScheduledMediaItem) {
  return { bucket: item.bucket, key: item.key };
}

/** What the draft goes out as at publish time (spec §9: REELS below aspect 1 and ≤ 90 s). */
export function publishTypeOf(items: readonly ScheduledMediaItem[]): PostType {
  const kind = classifyPostType(items);
  if (kind === "REEL" || kind === "VIDEO") return publishVideoKind(items[0]!);
  return kind;
}

function tagsOf(item: ScheduledMediaItem): UserTag[] | undefined {
  if (!item.tags || item.tags.length === 0) return undefined;
  // Stored as percentages 0–100 (spec §3); Instagram takes fractions 0–1 (spec §7 photo-post).
  return item.tags.map((tag) => ({
    username: tag.username,
    x: Math.min(1, Math.max(0, tag.x / 100)),
    y: Math.min(1, Math.max(0, tag.y / 100)),
  }));
}

/** The pipeline's words for a post the 24-hour publishing limit stops. */
function limitReached(usage: number | undefined, total: number | undefined): string {
  const counted =
    usage !== undefined && total !== undefined
      ? ` (${usage} of ${total} posts in the last 24 hours)`
      : " for the last 24 hours";
  return `Photo post failed: the publishing limit is reached${counted}. Retry once the oldest of them is a day old.`;
}

export function captionOf(post: Pick<ScheduledPostRow, "caption" | "hashtags">): string {
  const tags = post.hashtags.map((tag) => `#${tag}`).join(" ");
  return [post.caption.trim(), tags].filter(Boolean).join("\n\n");
}

/**
 * The one publish pipeline (issue 13 point 3) for a post this attempt has claimed: check, create
 * containers (children for carousels), upload video in 6MB chunks, poll, publish, then write the
 * spec's tables. Every Instagram-side effect is journalled in `progress` before moving on, and
 * a publish whose outcome is unknown is settled by reading the container (PUBLISHED means it is
 * live), so resuming after a crash never makes a second post and never fails a live one.
 */
export function runPublishPipeline(
  deps: PipelineDeps,
  /** `connections`: the workspace's, when the claim answered them (not read again). */
  post: ScheduledPostRow & { connections?: readonly InstagramConnectionRow[] },
): Promise<"published" | "failed"> {
  return runPipeline(deps, post) as Promise<"published" | "failed">;
}

/**
 * Makes a waiting post's containers ahead of its scheduled time (issue 27 point 6), so that the
 * publish at that time only waits for a finished container and publishes: the same checks and
 * container steps as the publish, without the 24-hour limit's question, the attempt journal or
 * any change the user would see. Whatever stops it (a check, Instagram, an edit, the claim at
 * the scheduled time) leaves the post to the publish, which then does the whole work itself and
 * says what failed in the spec's words. Never publishes.
 */
export function preparePost(
  deps: PipelineDeps,
  /** A post this preparation claimed (claimPreparation); `token` is in its journal. */
  post: ScheduledPostRow & { connections?: readonly InstagramConnectionRow[] },
  token: string,
): Promise<"prepared" | "skipped"> {
  return runPipeline(deps, post, token) as Promise<"prepared" | "skipped">;
}

/** Made-ahead containers older than this are not used (Instagram expires them after 24 h). */
export const PREPARED_MAX_AGE_MS = 23 * 60 * 60_000;

/** What a post's containers are made from: a prepared post whose content changed starts again. */
export function contentFingerprint(
  post: Pick<
    ScheduledPostRow,
    "accountId" | "caption" | "hashtags" | "items" | "collaborators" | "postType"
  >,
): string {
  return createHash("sha256")
    .update(
      JSON.stringify([
        post.accountId,
        post.caption,
        post.hashtags,
        post.items,
        post.collaborators,
        post.postType,
      ]),
    )
    .digest("base64url");
}

/** Empties the journal in place: the next step makes every container again. */
function clearJournal(progress: PublishProgress) {
  for (const key of Object.keys(progress) as Array<keyof PublishProgress>) {
    delete progress[key];
  }
}

async function runPipeline(
  deps: PipelineDeps,
  post: ScheduledPostRow & { connections?: readonly InstagramConnectionRow[] },
  /** Set when preparing (preparePost): the preparation's token; unset for the publish. */
  preparing?: string,
): Promise<"published" | "failed" | "prepared" | "skipped"> {
  const { ctx } = deps;
  const db = ctx.db;
  const attempt = post.attemptCount;
  const progress: PublishProgress = structuredClone(post.progress ?? {});
  const isVideoPost = (type: PostType) => type === "REEL" || type === "VIDEO";

  const log = async (
    step: PipelineStep,
    outcome: "started" | "done" | "retrying" | "failed",
    message?: string,
  ) => {
    // A preparation is not an attempt: the attempt that publishes says what was made ahead.
    if (preparing !== undefined) return;
    await recordAttemptStep(db, {
      postId: post.id,
      workspaceId: post.workspaceId,
      attempt,
      step,
      outcome,
      message: message ?? null,
      at: dateOf(deps.now),
    });
  };

  const save = async () => {
    if (preparing !== undefined) {
      if (!(await savePreparation(db, post.id, preparing, progress))) throw new LeaseLost();
      return;
    }
    const lease = new Date(deps.now() + LEASE_MS);
    if (!(await saveProgress(db, post.id, attempt, progress, lease))) throw new LeaseLost();
  };

  if (preparing === undefined) {
    // A preparation still in flight is this attempt's to ignore (its writes are fenced out now).
    delete progress.preparing;
    if (progress.preparedAt && !progress.publishRequestedAt) {
      const stale =
        progress.preparedFor !== contentFingerprint(post) ||
        deps.now() - Date.parse(progress.preparedAt) > PREPARED_MAX_AGE_MS;
      if (stale) clearJournal(progress);
    }
  }

  /** Spec §8: network failures retried up to 2 times, after 2 s then 4 s. */
  async function withRetry<T>(step: PipelineStep, work: () => Promise<T>): Promise<T> {
    for (let retry = 0; ; retry++) {
      try {
        return await work();
      } catch (error) {
        if (error instanceof LeaseLost || error instanceof PublishFailure) throw error;
        const delay = RETRY_DELAYS_MS[retry];
        if (delay === undefined || !isNetworkFailure(error)) throw error;
        await log(step, "retrying", `${detailOf(error)}; trying again in ${delay / 1000} s`);
        await deps.sleep(delay);
        await save();
      }
    }
  }

  let connection: InstagramConnectionRow | undefined;
  /** Instagram's 24-hour limit as last known (for the words of its refusal). */
  let quota: PublishingQuota | undefined;
  const fail = async (failure: PublishFailure): Promise<"failed"> => {
    await log(failure.step, "failed", failure.message);
    if (!(await markPostFailed(db, post.id, attempt, failure.message, dateOf(deps.now)))) {
      throw new LeaseLost();
    }
    return "failed";
  };

  const crashAfter = (step: "containers" | "publish-requested" | "published") => {
    try {
      deps.crashAfter?.(step);
    } catch (error) {
      throw new ProcessDied(error instanceof Error ? error.message : String(error));
    }
  };

  const type = post.postType ?? publishTypeOf(post.items);
  const failureLabel = isVideoPost(type) ? "Video publish failed" : "Photo post failed";

  try {
    // 1. Check: the connection, the permission, the media, the 24-hour limit.
    await log("check", "started");
    const connections = post.connections ?? (await listInstagramConnections(db, post.workspaceId));
    connection = pickConnection(connections, post.accountId);
    if (!connection) {
      throw new PublishFailure("check", "No Instagram connection");
    }
    if (connection.status !== "active") {
      throw new PublishFailure(
        "check",
        `No Instagram connection: Instagram no longer accepts Sightline's access to @${connection.instagramUsername}. Reconnect it in Settings, then retry.`,
      );
    }
    const pausedBy = await accountPausedBy(db, connection, connections);
    if (pausedBy) {
      throw new PublishFailure(
        "check",
        `@${connection.instagramUsername} is paused: ${pausedRule(pausedBy, "accounts")} Keep it active in Settings or upgrade, then retry.`,
      );
    }
    if (!hasCapability(connection, "publish")) {
      throw new PublishFailure(
        "check",
        "Publishing was not allowed when Instagram was connected. Reconnect and allow publishing, then retry.",
      );
    }
    if (post.items.length === 0) throw new PublishFailure("check", "No media to publish");
    // The pre-publish check's file rules, again just before it goes out: from the files' rows
    // (what each upload was found to be), the file itself only for one kept before those.
    const fileProblems = await checkFiles(
      fileFacts(deps.storage, { db, workspaceId: post.workspaceId }),
      post.items,
      { aspectRatio: false },
    );
    if (fileProblems.length > 0) {
      const missing = fileProblems.every((problem) => problem.code === "missing_file");
      throw new PublishFailure(
        missing ? "upload" : "check",
        missing
          ? "Missing media file"
          : `${isVideoPost(type) ? "Video publish failed" : "Photo post failed"}: ${fileProblems
              .map((problem) => problem.message)
              .join(" ")}`,
      );
    }
    const client = accountClientFor(ctx, connection);

    if (progress.publishRequestedAt && progress.containerId) {
      // A publish was asked for before (by a worker that died, or an attempt whose answer was
      // lost and that a Retry took up): settle it from the container before anything else.
      const state = await withRetry("publish", () =>
        client.getContainerStatus(progress.containerId!),
      );
      if (state.statusCode === "PUBLISHED") {
        await log("publish", "done", "The post was already live (settled from the container).");
        return await record(client, await findLiveMedia(client), type);
      }
      if (state.statusCode === "ERROR" || state.statusCode === "EXPIRED") {
        // That container can never go live now: start again with new ones.
        clearJournal(progress);
        await save();
      }
    }
    if (!progress.publishRequestedAt && preparing === undefined) {
      // Instagram is asked only when its last count plus what Sightline published since may
      // have reached the limit (or it never said): hours may have passed since the schedule.
      const account = connection;
      quota = await estimatedQuota(ctx, account);
      if (!quota || quota.total === undefined || quota.usage >= quota.total) {
        quota = await withRetry("check", () => askPublishingQuota(ctx, account, client));
      }
      if (quota.total !== undefined && quota.usage >= quota.total) {
        throw new PublishFailure("check", limitReached(quota.usage, quota.total));
      }
    }
    await log("check", "done");

    // 2. Containers (and video bytes), journalled one by one.
    if (progress.containerId && progress.preparedAt && !progress.publishRequestedAt) {
      await log(
        "containers",
        "done",
        `Container ${progress.containerId}, made ahead at ${progress.preparedAt}`,
      );
    }
    if (!progress.containerId) {
      if (type === "CAROUSEL") {
        progress.children ??= [];
        for (const [index, item] of post.items.entries()) {
          if (progress.children.some((child) => child.index === index)) continue;
          const containerId =
            item.mediaType === "image"
              ? await createImageContainer(client, item, true)
              : await createVideoContainer(client, item, { carousel: true });
          progress.children.push({ index, containerId });
          await save();
        }
        for (const child of progress.children) {
          if (post.items[child.index]?.mediaType === "video") {
            await waitFinished(client, child.containerId, "Video processing failed");
          }
        }
        const created = await withRetry("containers", () =>
          client.createContainer({
            kind: "carousel",
            children: [...progress.children!]
              .sort((a, b) => a.index - b.index)
              .map((child) => child.containerId),
            caption: captionOf(post),
            ...(post.collaborators.length ? { collaborators: post.collaborators } : {}),
          }),
        ).catch(rethrowAs("containers", "Photo post failed"));
        progress.containerId = created.id;
      } else if (type === "IMAGE") {
        progress.containerId = await createImageContainer(client, post.items[0]!, false);
      } else {
        progress.containerId = await createVideoContainer(client, post.items[0]!, {
          carousel: false,
        });
      }
      if (preparing !== undefined) {
        // Ready for the publish: the journal as the publish reads it, the token gone with it.
        delete progress.preparing;
        progress.preparedAt = dateOf(deps.now).toISOString();
        progress.preparedFor = contentFingerprint(post);
        if (!(await savePreparation(db, post.id, preparing, progress))) throw new LeaseLost();
        return "prepared";
      }
      await save();
      await log("containers", "done", `Container ${progress.containerId}`);
      crashAfter("containers");
    }
    if (preparing !== undefined) return "skipped";

    // 3. Processing: FINISHED is done; ERROR or EXPIRED fails; anything else keeps polling.
    const ready = await waitFinished(
      client,
      progress.containerId,
      isVideoPost(type) ? "Video processing failed" : "Photo post failed",
    );
    if (ready.statusCode === "PUBLISHED") {
      await log("processing", "done", "The post was already live (settled from the container).");
      return await record(client, await findLiveMedia(client), type);
    }
    await log("processing", "done");

    // 4. Publish: journalled first, so a crash from here on is settled by reading the container.
    progress.publishRequestedAt = dateOf(deps.now).toISOString();
    await save();
    crashAfter("publish-requested");
    const mediaId = await withRetry("publish", async () => {
      try {
        return (await client.publish(progress.containerId!)).id;
      } catch (error) {
        const state = await client
          .getContainerStatus(progress.containerId!)
          .catch(() => undefined as ContainerState | undefined);
        if (state?.statusCode === "PUBLISHED") return findLiveMedia(client);
        throw error;
      }
    }).catch((error: unknown) => {
      // Over the limit after all (another app's posts, say): the limit's words, not Instagram's.
      if (isPublishQuotaReached(error)) {
        const total = quota?.total ?? connection?.publishingQuotaTotal ?? undefined;
        throw new PublishFailure("publish", limitReached(total, total));
      }
      return rethrowAs("publish", failureLabel)(error);
    });
    await log("publish", "done", mediaId ? `Instagram media ${mediaId}` : undefined);
    crashAfter("published");
    return await record(client, mediaId, type);
  } catch (error) {
    if (error instanceof LeaseLost || error instanceof ProcessDied) throw error;
    // A preparation writes no failure: the publish at the scheduled time meets it and says why.
    if (preparing !== undefined) return "skipped";
    if (error instanceof PublishFailure) return fail(error);
    if (connection && (await handleGraphFailure(ctx, connection, error))) {
      return fail(
        new PublishFailure(
          "check",
          `No Instagram connection: Instagram no longer accepts Sightline's access to @${connection.instagramUsername}. Reconnect it in Settings, then retry.`,
        ),
      );
    }
    return fail(new PublishFailure("check", `${failureLabel}: ${detailOf(error)}`));
  }

  function rethrowAs(step: PipelineStep, label: string) {
    return (error: unknown): never => {
      if (error instanceof LeaseLost || error instanceof PublishFailure) throw error;
      if (error instanceof GraphApiError && error.code === 190) throw error;
      throw new PublishFailure(step, `${label}: ${detailOf(error)}`);
    };
  }

  async function createImageContainer(
    client: AccountClient,
    item: ScheduledMediaItem,
    carousel: boolean,
  ): Promise<string> {
    const { bucket, key } = storagePathParts(item);
    // Still there as Instagram is sent to fetch it (one byte read, not the file).
    if (!(await deps.storage.head(bucket, key, 1).catch(() => undefined))?.length) {
      throw new PublishFailure("upload", "Image upload failed: the file is no longer in storage.");
    }
    // Instagram fetches the image itself, from a short-lived signed URL.
    const imageUrl = deps.storage.signedUrl(bucket, key, 60 * 60);
    const userTags = tagsOf(item);
    const created = await withRetry("containers", () =>
      client.createContainer(
        carousel
          ? { kind: "carousel-image", imageUrl, ...(userTags ? { userTags } : {}) }
          : {
              kind: "image",
              imageUrl,
              caption: captionOf(post),
              ...(userTags ? { userTags } : {}),
              ...(post.collaborators.length ? { collaborators: post.collaborators } : {}),
            },
      ),
    ).catch(rethrowAs("containers", "Photo post failed"));
    return created.id;
  }

  async function createVideoContainer(
    client: AccountClient,
    item: ScheduledMediaItem,
    options: { carousel: boolean },
  ): Promise<string> {
    const bytes = await deps.storage.get(item.bucket, item.key).catch(() => undefined);
    if (!bytes) throw new PublishFailure("upload", "Missing media file");
    const userTags = tagsOf(item);
    const coverUrl = item.cover
      ? deps.storage.signedUrl(item.cover.bucket, item.cover.key, 60 * 60)
      : undefined;
    // Single feed videos go out as REELS since 2023 (contract §2.1); VIDEO posts share to feed.
    const created = await withRetry("containers", () =>
      client.createContainer(
        options.carousel
          ? { kind: "carousel-video", resumable: true }
          : {
              kind: "reel",
              resumable: true,
              caption: captionOf(post),
              shareToFeed: true,
              ...(coverUrl ? { coverUrl } : {}),
              ...(userTags ? { userTags } : {}),
              ...(post.collaborators.length ? { collaborators: post.collaborators } : {}),
            },
      ),
    ).catch(rethrowAs("containers", "Video init failed"));
    await log(
      "upload",
      "started",
      `${bytes.byteLength} bytes in ${CHUNK_BYTES / 1048576}MB chunks`,
    );
    await withRetry("upload", () =>
      client.uploadVideo({ containerId: created.id, data: bytes, chunkSize: CHUNK_BYTES }),
    ).catch(rethrowAs("upload", "Video chunk upload failed"));
    await log("upload", "done");
    return created.id;
  }

  async function waitFinished(
    client: AccountClient,
    containerId: string,
    label: string,
  ): Promise<ContainerState> {
    for (let poll = 1; ; poll++) {
      const state = await withRetry("processing", () => client.getContainerStatus(containerId));
      if (state.statusCode === "FINISHED" || state.statusCode === "PUBLISHED") return state;
      if (state.statusCode === "ERROR") {
        throw new PublishFailure(
          "processing",
          `${label}: ${state.status ?? "Instagram could not process the media."}`,
        );
      }
      if (state.statusCode === "EXPIRED") {
        throw new PublishFailure(
          "processing",
          `${label}: the media container expired before it was published (containers last 24 hours). Retry to upload it again.`,
        );
      }
      if (poll >= MAX_POLLS) {
        throw new PublishFailure(
          "processing",
          `${label}: Instagram was still processing the media after ${(MAX_POLLS * POLL_INTERVAL_MS) / 1000} s.`,
        );
      }
      await deps.sleep(POLL_INTERVAL_MS);
      await save();
    }
  }

  /** The live media a publish made, found by its caption among the newest (null if unseen). */
  async function findLiveMedia(client: AccountClient): Promise<string | null> {
    // Anything live from before this post existed is not it (same caption reposted, say).
    const since = post.createdAt.getTime() - 5 * 60_000;
    const caption = captionOf(post);
    const page = await withRetry("publish", () =>
      client.listMedia({ limit: 10, fields: "id,caption,timestamp" }),
    ).catch(() => undefined);
    const match = page?.data.find(
      (media) =>
        (media.caption ?? "") === caption &&
        (media.timestamp === undefined || new Date(media.timestamp).getTime() >= since),
    );
    return match?.id ?? null;
  }

  async function record(
    client: AccountClient,
    igMediaId: string | null,
    postType: PostType,
  ): Promise<"published"> {
    let permalink: string | null = null;
    if (igMediaId) {
      permalink =
        (await client
          .getMedia(igMediaId, "id,permalink")
          .then((media) => media.permalink ?? null)
          .catch(() => null)) ?? null;
    }
    const byIndex = new Map((progress.children ?? []).map((child) => [child.index, child]));
    const written = await markPostPublished(
      db,
      { id: post.id, workspaceId: post.workspaceId, attempt },
      {
        igMediaId,
        permalink,
        publishedAt: dateOf(deps.now),
        postType,
        accountId: post.accountId,
        caption: captionOf(post),
        hashtags: post.hashtags,
        collaborators: post.collaborators,
        items: post.items.map((item, index) => ({
          type: item.mediaType === "video" ? "VIDEO" : "IMAGE",
          originalUrl: `/storage/${item.bucket}/${item.key}`,
          containerId:
            postType === "CAROUSEL"
              ? (byIndex.get(index)?.containerId ?? null)
              : (progress.containerId ?? null),
          aspectRatio: item.aspectRatio ?? null,
          durationMs: item.durationMs ?? null,
          tags: item.tags ?? [],
        })),
      },
    );
    if (!written) throw new LeaseLost();
    if (igMediaId) {
      await afterMediaPublished(
        ctx,
        { workspaceId: post.workspaceId, accountId: post.accountId, igMediaId },
        connection,
      );
    }
    await log(
      "record",
      "done",
      igMediaId
        ? `Published as ${igMediaId}`
        : "Live on Instagram; its media id appears with the next sync.",
    );
    return "published";
  }
}
