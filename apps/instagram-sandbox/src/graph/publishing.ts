import {
  checkCaption,
  MAX_CAPTION_HASHTAGS,
  MAX_CAPTION_LENGTH,
  MAX_CAPTION_MENTIONS,
} from "@sightline/contracts";
import type { GraphContext } from "../core/context.ts";
import { shortcode } from "../core/ids.ts";
import { createRng, hashUnit } from "../core/prng.ts";
import { DAY_MS, SECOND_MS } from "../core/time.ts";
import { followersAt, generatePostStats } from "../data/stats.ts";
import type { Account, MediaChild, MediaRecord } from "../data/types.ts";
import { graphError, invalidParameter, missingParameter } from "../http/graph-fault.ts";
import { boolParam, intParam, jsonParam, stringParam } from "../http/params.ts";
import { createMp4Scan } from "../media/mp4.ts";
import type { ContainerKind, ContainerRecord } from "../state/dynamic-state.ts";
import { requireCapability } from "./auth.ts";
import { containerStatus, failureFor } from "./container-status.ts";
import { checkVideo, fetchImage, fetchVideo } from "./media-validation.ts";

const IMAGE_PROCESSING_MS = 2 * SECOND_MS;
const VIDEO_PROCESSING_MS = 10 * SECOND_MS;
const CAROUSEL_PROCESSING_MS = 1 * SECOND_MS;
const MAX_CONTAINERS_PER_DAY = 400;

/**
 * §2.1/§8.3 — caption ≤ 2 200 characters, ≤ 30 hashtags, ≤ 20 @-mentions, counted as the
 * product counts them. Meta's error table has one row, 36004 / 2207010, for a caption over
 * its length or its hashtag limit (its solution reads "2,200 characters, 30 hashtags"); the
 * user message says which. Too many @-tags has a row of its own, 100 / 2207040.
 */
function rejectBadCaption(caption: string): void {
  const problem = checkCaption(caption);
  if (problem === "too_long" || problem === "too_many_hashtags") {
    throw graphError(36004, "The caption is too long.", {
      subcode: 2207010,
      userTitle: "Caption too long",
      userMessage:
        problem === "too_long"
          ? `The caption exceeds the maximum of ${MAX_CAPTION_LENGTH} characters.`
          : `The caption contains more than ${MAX_CAPTION_HASHTAGS} hashtags.`,
    });
  }
  if (problem === "too_many_mentions")
    throw invalidParameter(
      `The caption contains more than ${MAX_CAPTION_MENTIONS} @-mentions.`,
      2207040,
    );
}

type UserTag = { username: string; x?: number; y?: number };

function parseUserTags(value: unknown, requireCoordinates: boolean): UserTag[] {
  if (!Array.isArray(value)) throw invalidParameter("Param user_tags must be a JSON array");
  if (value.length > 20) throw invalidParameter("A media can have at most 20 user tags.", 2207040);
  return value.map((entry) => {
    const tag = entry as { username?: unknown; x?: unknown; y?: unknown };
    if (typeof tag.username !== "string" || !/^[A-Za-z0-9._]{1,30}$/.test(tag.username)) {
      throw invalidParameter("Each user tag needs a valid username");
    }
    const hasX = typeof tag.x === "number";
    const hasY = typeof tag.y === "number";
    if (requireCoordinates && (!hasX || !hasY))
      throw invalidParameter("User tags on images need x and y");
    for (const coordinate of [tag.x, tag.y]) {
      if (
        coordinate !== undefined &&
        (typeof coordinate !== "number" || coordinate < 0 || coordinate > 1)
      ) {
        throw invalidParameter("User tag coordinates x and y must be between 0.0 and 1.0");
      }
    }
    return {
      username: tag.username,
      ...(hasX ? { x: tag.x as number } : {}),
      ...(hasY ? { y: tag.y as number } : {}),
    };
  });
}

function parseCollaborators(value: unknown): string[] {
  if (!Array.isArray(value) || value.some((entry) => typeof entry !== "string")) {
    throw invalidParameter("Param collaborators must be a JSON array of usernames");
  }
  if (value.length > 3) throw invalidParameter("A media can have at most 3 collaborators.");
  return value as string[];
}

function parseChildren(ctx: GraphContext): string[] {
  const raw = jsonParam({ children: normaliseChildren(ctx.params.children) }, "children");
  if (!Array.isArray(raw)) throw invalidParameter("Param children must be a list of container ids");
  return raw.map(String);
}

function normaliseChildren(value: unknown): unknown {
  if (typeof value === "string" && !value.trim().startsWith("[")) {
    return JSON.stringify(
      value
        .split(",")
        .map((entry) => entry.trim())
        .filter(Boolean),
    );
  }
  return value;
}

function rejectParam(ctx: GraphContext, name: string, where: string): void {
  if (ctx.params[name] !== undefined && ctx.params[name] !== "") {
    throw invalidParameter(`Param ${name} is not supported for ${where}`);
  }
}

/** `POST /{ig-user-id}/media` (§2.1). */
export async function createContainer(
  ctx: GraphContext,
  account: Account,
): Promise<Record<string, unknown>> {
  requireCapability(ctx, "publish");
  const { core, now } = ctx;
  const store = core.store;
  const recent = Object.values(store.dyn.containers).filter(
    (container) => container.accountId === account.igUserId && container.createdAt > now - DAY_MS,
  );
  if (recent.length >= MAX_CONTAINERS_PER_DAY) {
    throw graphError(9, "(#9) The maximum of 400 media containers per 24 hours has been reached");
  }
  const mediaTypeParam = stringParam(ctx.params, "media_type")?.toUpperCase();
  const isCarouselItem = boolParam(ctx.params, "is_carousel_item") ?? false;
  const resumable = stringParam(ctx.params, "upload_type") === "resumable";
  const imageUrl = stringParam(ctx.params, "image_url");
  const videoUrl = stringParam(ctx.params, "video_url");

  let kind: ContainerKind;
  switch (mediaTypeParam) {
    case undefined:
    case "IMAGE":
      kind = "IMAGE";
      break;
    case "REELS":
    case "STORIES":
    case "CAROUSEL":
      kind = mediaTypeParam;
      break;
    case "VIDEO":
      if (!isCarouselItem) {
        // Single feed videos are published as reels since 2023-07 (§2.1).
        throw graphError(
          100,
          "(#100) The media type VIDEO is not supported for single feed posts; use REELS.",
          { subcode: 2207023 },
        );
      }
      kind = "VIDEO";
      break;
    default:
      throw graphError(100, `(#100) The media type ${mediaTypeParam} is not supported.`, {
        subcode: 2207023,
      });
  }
  if (isCarouselItem && (kind === "REELS" || kind === "STORIES" || kind === "CAROUSEL")) {
    throw invalidParameter(`Media type ${kind} cannot be a carousel item`);
  }

  const container: ContainerRecord = {
    id: core.newId("180"),
    accountId: account.igUserId,
    kind,
    isCarouselItem,
    createdAt: now,
  };

  const caption = stringParam(ctx.params, "caption");
  if (caption !== undefined && caption !== "") {
    if (isCarouselItem) throw invalidParameter("Carousel items cannot have a caption");
    // §12.9: a story caption is accepted and ignored (production clients send one).
    if (kind !== "STORIES") {
      rejectBadCaption(caption);
      container.caption = caption;
    }
  }

  const altText = stringParam(ctx.params, "alt_text");
  if (altText !== undefined && altText !== "") {
    if (kind !== "IMAGE") throw invalidParameter("alt_text is only supported for images");
    if ([...altText].length > 1000)
      throw invalidParameter("alt_text must be at most 1000 characters");
    container.altText = altText;
  }

  const userTags = jsonParam(ctx.params, "user_tags");
  if (userTags !== undefined) {
    if (kind === "VIDEO" || kind === "CAROUSEL")
      throw invalidParameter(
        `user_tags are not supported for ${kind === "VIDEO" ? "video carousel items" : "the carousel container"}`,
      );
    container.userTags = parseUserTags(userTags, kind === "IMAGE");
  }

  const collaborators = jsonParam(ctx.params, "collaborators");
  if (collaborators !== undefined) {
    if (isCarouselItem || kind === "STORIES")
      throw invalidParameter("collaborators are not supported for stories or carousel items");
    container.collaborators = parseCollaborators(collaborators);
  }

  const locationId = stringParam(ctx.params, "location_id");
  if (locationId !== undefined && locationId !== "") {
    if (!/^\d+$/.test(locationId))
      throw graphError(100, "INSTAGRAM_PLATFORM_API__INVALID_LOCATION_ID");
    container.locationId = locationId;
  }

  if (kind === "REELS") {
    const shareToFeed = boolParam(ctx.params, "share_to_feed");
    if (shareToFeed !== undefined) container.shareToFeed = shareToFeed;
    const audioName = stringParam(ctx.params, "audio_name");
    if (audioName) container.audioName = audioName;
    const trial = jsonParam(ctx.params, "trial_params");
    if (trial !== undefined) {
      const strategy = (trial as { graduation_strategy?: unknown }).graduation_strategy;
      if (strategy !== "MANUAL" && strategy !== "SS_PERFORMANCE") {
        throw invalidParameter("trial_params.graduation_strategy must be MANUAL or SS_PERFORMANCE");
      }
    }
  } else {
    rejectParam(ctx, "share_to_feed", kind);
    rejectParam(ctx, "cover_url", kind);
    rejectParam(ctx, "audio_name", kind);
    rejectParam(ctx, "trial_params", kind);
  }
  const thumbOffset = intParam(ctx.params, "thumb_offset");
  if (thumbOffset !== undefined) {
    if (kind !== "REELS" && kind !== "VIDEO")
      throw invalidParameter("thumb_offset is only supported for video");
    container.thumbOffsetMs = thumbOffset;
  }

  if (kind === "CAROUSEL") {
    const children = parseChildren(ctx);
    if (children.length < 2 || children.length > 10) {
      throw graphError(100, "(#100) The carousel must have between 2 and 10 items.", {
        subcode: 2207028,
        userTitle: "Carousel validation failed",
        userMessage: "Carousels need between 2 and 10 media items.",
      });
    }
    for (const childId of children) {
      const child = store.container(childId);
      if (!child || child.accountId !== account.igUserId || !child.isCarouselItem) {
        throw invalidParameter(`The carousel item ${childId} is not a valid carousel container`);
      }
      const status = containerStatus(core, child, now).code;
      if (status === "EXPIRED" || status === "PUBLISHED") {
        throw graphError(-2, "The carousel item has expired", { subcode: 2207020 });
      }
    }
    container.children = children;
    container.readyAt = now + CAROUSEL_PROCESSING_MS;
  } else if (
    kind === "IMAGE" ||
    (kind === "STORIES" && imageUrl !== undefined && videoUrl === undefined && !resumable)
  ) {
    if (imageUrl === undefined || imageUrl === "") throw missingParameter("image_url");
    container.imageUrl = imageUrl;
    container.image = await fetchImage(core, imageUrl, { checkAspect: kind === "IMAGE" });
    container.readyAt = now + IMAGE_PROCESSING_MS;
  } else {
    const coverUrl = stringParam(ctx.params, "cover_url");
    if (coverUrl !== undefined && coverUrl !== "") {
      await fetchImage(core, coverUrl, { checkAspect: false });
      container.coverUrl = coverUrl;
    }
    if (resumable) {
      container.upload = { committed: 0, scan: createMp4Scan() };
    } else {
      if (videoUrl === undefined || videoUrl === "") throw missingParameter("video_url");
      container.videoUrl = videoUrl;
      const fetched = await fetchVideo(core, videoUrl, kind);
      if ("failure" in fetched) {
        container.failure = fetched.failure;
      } else {
        if (fetched.info) container.video = fetched.info;
        const failure = checkVideo(kind, fetched.info, fetched.bytes, container.thumbOffsetMs);
        if (failure) container.failure = failure;
      }
      container.readyAt = now + VIDEO_PROCESSING_MS;
    }
  }

  store.putContainer(container);
  const response: Record<string, unknown> = { id: container.id };
  if (resumable) {
    response.uri = core.sandboxUrl(
      `/rupload.facebook.com/ig-api-upload/${ctx.version ?? "v23.0"}/${container.id}`,
    );
  }
  return response;
}

/** Marks the bytes as complete and schedules processing (rupload, §2.3). */
export function completeUpload(
  ctx: { core: GraphContext["core"]; now: number },
  container: ContainerRecord,
): void {
  const upload = container.upload;
  if (!upload) return;
  upload.completedAt = ctx.now;
  const info = upload.scan.info;
  if (info) container.video = info;
  const failure = checkVideo(
    container.kind,
    info,
    upload.fileSize ?? upload.committed,
    container.thumbOffsetMs,
  );
  if (failure) container.failure = failure;
  // The moov copy is no longer needed once parsed; keep the state file small.
  upload.scan = {
    next: 0,
    header: "",
    boxes: upload.scan.boxes,
    ...(info ? { info } : {}),
    ...(upload.scan.error ? { error: upload.scan.error } : {}),
  };
  container.readyAt = ctx.now + VIDEO_PROCESSING_MS;
}

function publishesSince(ctx: GraphContext, accountId: string, since: number): number {
  return ctx.core.store
    .listMedia(accountId, ctx.now, { stories: false })
    .concat(ctx.core.store.listMedia(accountId, ctx.now, { stories: true }))
    .filter((media) => media.source === "api" && media.timestamp >= since).length;
}

/** `POST /{ig-user-id}/media_publish` (§2.5). */
export function publishContainer(ctx: GraphContext, account: Account): Record<string, unknown> {
  requireCapability(ctx, "publish");
  const { core, now } = ctx;
  const store = core.store;
  const creationId = stringParam(ctx.params, "creation_id");
  if (creationId === undefined || creationId === "") throw missingParameter("creation_id");
  const container = store.container(creationId);
  if (!container || container.accountId !== account.igUserId) {
    throw graphError(24, "The requested resource does not exist", {
      subcode: 2207006,
      userTitle: "Media not found",
      userMessage: "The media with the given id could not be found.",
    });
  }
  if (container.isCarouselItem)
    throw invalidParameter(
      "Carousel items cannot be published on their own; publish the carousel container",
    );
  const status = containerStatus(core, container, now);
  if (status.code === "PUBLISHED")
    throw invalidParameter("This media container has already been published");
  if (status.code === "EXPIRED") {
    throw graphError(-2, "The media container has expired", {
      subcode: 2207020,
      userTitle: "Media expired",
      userMessage: "The media has expired. Please create a new container.",
    });
  }
  if (status.code === "ERROR") {
    const failure = status.failure ?? failureFor(2207032);
    throw graphError(failure.code, failure.message, { subcode: failure.subcode });
  }
  if (status.code === "IN_PROGRESS") {
    throw graphError(9007, "Media ID is not available", {
      subcode: 2207027,
      userTitle: "Media not ready for publishing",
      userMessage: "The media is not ready for publishing, please wait for a moment",
    });
  }
  if (publishesSince(ctx, account.igUserId, now - DAY_MS) >= core.options.quotaTotal) {
    // §8.3, Meta's error table word for word.
    throw graphError(
      9,
      "You reached maximum number of posts that is allowed to be published by Content Publishing API.",
      {
        subcode: 2207042,
        userTitle: "Publishing limit reached",
        userMessage:
          "You reached maximum number of posts that is allowed to be published by Content Publishing API.",
      },
    );
  }

  const mediaId = core.newId("179");
  const rng = createRng(store.dyn.seed, "published", mediaId);
  const productType =
    container.kind === "REELS" ? "REELS" : container.kind === "STORIES" ? "STORY" : "FEED";
  const isVideo =
    container.kind === "REELS" ||
    (container.kind === "STORIES" && container.imageUrl === undefined);
  const mediaType = container.kind === "CAROUSEL" ? "CAROUSEL_ALBUM" : isVideo ? "VIDEO" : "IMAGE";
  let children: MediaChild[] | undefined;
  if (container.kind === "CAROUSEL") {
    children = (container.children ?? []).map((childId) => {
      const child = store.container(childId)!;
      const childMedia: MediaChild = {
        id: core.newId("179"),
        mediaType: child.kind === "VIDEO" ? "VIDEO" : "IMAGE",
        width: child.image?.width ?? child.video?.width ?? 1080,
        height: child.image?.height ?? child.video?.height ?? 1080,
        art: Math.floor(hashUnit(childId) * 2 ** 31),
      };
      if (child.altText) childMedia.altText = child.altText;
      if (child.video) childMedia.durationMs = child.video.durationMs;
      return childMedia;
    });
  }
  const width = container.image?.width ?? container.video?.width ?? children?.[0]?.width ?? 1080;
  const height =
    container.image?.height ?? container.video?.height ?? children?.[0]?.height ?? 1080;
  const followers = followersAt(account, store.dyn.anchorDay, now);
  const media: MediaRecord = {
    id: mediaId,
    accountId: account.igUserId,
    mediaType,
    productType,
    caption: container.caption ?? "",
    timestamp: now,
    shortcode: shortcode(rng),
    width,
    height,
    commentEnabled: true,
    stats: generatePostStats(
      rng,
      store.profile(account),
      productType,
      mediaType,
      followers,
      now,
      container.video?.durationMs,
    ),
    art: rng.int(0, 2 ** 31),
    source: "api",
    containerId: container.id,
  };
  if (container.video) media.durationMs = container.video.durationMs;
  if (children) media.children = children;
  if (container.altText) media.altText = container.altText;
  if (container.userTags) media.userTags = container.userTags;
  if (container.collaborators) media.collaborators = container.collaborators;
  if (productType === "REELS") media.isSharedToFeed = container.shareToFeed ?? true;
  store.addMedia(media);
  for (const childId of container.children ?? []) {
    const child = store.container(childId);
    if (child) store.putContainer({ ...child, publishedMediaId: mediaId });
  }
  store.putContainer({ ...container, publishedMediaId: mediaId });
  return { id: mediaId };
}

/** `GET /{ig-user-id}/content_publishing_limit` (§2.6). */
export function publishingLimit(ctx: GraphContext, account: Account): Record<string, unknown> {
  requireCapability(ctx, "publish");
  const sinceSeconds = intParam(ctx.params, "since");
  const windowStart = ctx.now - DAY_MS;
  const since =
    sinceSeconds !== undefined ? Math.max(windowStart, sinceSeconds * 1000) : windowStart;
  const fields = (stringParam(ctx.params, "fields") ?? "quota_usage")
    .split(",")
    .map((field) => field.trim());
  const entry: Record<string, unknown> = {};
  for (const field of fields) {
    if (field === "quota_usage") entry.quota_usage = publishesSince(ctx, account.igUserId, since);
    else if (field === "config")
      entry.config = { quota_total: ctx.core.options.quotaTotal, quota_duration: 86400 };
    else if (field !== "")
      throw invalidParameter(
        `Tried accessing nonexisting field (${field}) on node type (ContentPublishingLimit)`,
      );
  }
  return { data: [entry] };
}
