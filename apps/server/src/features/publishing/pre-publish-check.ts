import { imageDimensions, isImageAspectAllowed, pausedRule } from "@sightline/contracts";
import { findInstagramConnection, type InstagramConnectionRow } from "@sightline/db";
import { type Bucket, type Storage, sniffMedia } from "../../platform/storage.ts";
import {
  accountClientFor,
  accountPausedBy,
  handleGraphFailure,
  hasCapability,
  type InstagramContext,
  unreachablePublicUrl,
} from "../instagram/index.ts";

export type CheckProblem = { code: string; message: string };

/** Enough of a file to tell what it is and, for nearly every image, its width and height. */
export const FILE_HEAD_BYTES = 256 * 1024;

/** A file's first FILE_HEAD_BYTES, or undefined when it is not stored (or cannot be read). */
export type FileHeads = (bucket: Bucket, key: string) => Promise<Uint8Array | undefined>;

/**
 * Reads each file's first bytes once for one request or one publish (issue 26 point 5): a draft's
 * file is checked as the user's own, then by the pre-publish check, from one small read instead
 * of the whole file each time.
 */
export function fileHeads(storage: Pick<Storage, "head">): FileHeads {
  const read = new Map<string, Promise<Uint8Array | undefined>>();
  return (bucket, key) => {
    const id = `${bucket}\n${key}`;
    let bytes = read.get(id);
    if (!bytes) {
      bytes = storage.head(bucket, key, FILE_HEAD_BYTES).catch(() => undefined);
      read.set(id, bytes);
    }
    return bytes;
  };
}

/**
 * The pre-publish check (issue 13 point 7), run when a post is scheduled and again before it
 * goes out: every problem in words a user understands, none guessed. An empty list means
 * nothing stands in the way that Sightline can see.
 */
export async function prePublishCheck(
  ctx: InstagramContext,
  storage: Storage,
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
    /** The account's connection when the caller has just read it (the same request's check). */
    connection?: InstagramConnectionRow;
  },
  heads: FileHeads = fileHeads(storage),
): Promise<CheckProblem[]> {
  const problems: CheckProblem[] = [];
  const connection =
    input.connection ?? (await findInstagramConnection(ctx.db, input.workspaceId, input.accountId));
  if (!connection) return [{ code: "no_connection", message: "No Instagram connection" }];
  if (connection.status !== "active") {
    problems.push({
      code: "reconnect",
      message: `Instagram no longer accepts Sightline's access to @${connection.instagramUsername}. Reconnect it in Settings.`,
    });
  }
  const pausedBy = await accountPausedBy(ctx.db, connection);
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
  problems.push(...(await checkFiles(storage, input.items, { aspectRatio: true }, heads)));
  if (connection.status === "active") {
    try {
      const limit = await accountClientFor(ctx, connection).getPublishingLimit();
      if (limit.quotaTotal !== undefined && limit.quotaUsage >= limit.quotaTotal) {
        problems.push({
          code: "quota",
          message: `The publishing limit is reached: ${limit.quotaUsage} of ${limit.quotaTotal} posts in the last 24 hours. Instagram accepts more once the oldest of them is a day old.`,
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
 * aspect ratio Instagram takes — read from the file itself, the draft's figure only when the
 * header cannot be read (issue 24: the server refuses what the composer refuses).
 */
export async function checkFiles(
  storage: Pick<Storage, "get" | "head">,
  items: ReadonlyArray<{
    bucket: Bucket;
    key: string;
    mediaType: "image" | "video";
    aspectRatio?: number;
  }>,
  options: { aspectRatio: boolean },
  heads: FileHeads = fileHeads(storage),
): Promise<CheckProblem[]> {
  const problems: CheckProblem[] = [];
  for (const [index, item] of items.entries()) {
    const label = items.length > 1 ? `Item ${index + 1}` : "The file";
    const bytes = await heads(item.bucket, item.key);
    const media = bytes ? sniffMedia(bytes) : undefined;
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
    const size =
      item.mediaType === "image"
        ? await dimensionsOf(storage, item, bytes as Uint8Array)
        : undefined;
    const aspectRatio = size ? size.width / size.height : item.aspectRatio;
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

/**
 * An image's width and height from its first bytes; from the whole file only when they do not
 * tell and there is more of it (a JPEG whose metadata comes before its size, past the head).
 */
async function dimensionsOf(
  storage: Pick<Storage, "get">,
  item: { bucket: Bucket; key: string },
  head: Uint8Array,
): Promise<{ width: number; height: number } | undefined> {
  const size = imageDimensions(head);
  if (size || head.length < FILE_HEAD_BYTES) return size;
  const whole = await storage.get(item.bucket, item.key).catch(() => undefined);
  return whole ? imageDimensions(whole) : undefined;
}
