import { randomUUID } from "node:crypto";
import { imageDimensions } from "@sightline/contracts";
import { type Db, insertStoredFile, sumStoredBytes } from "@sightline/db";
import { AppError } from "../../lib/app-error.ts";
import type { Clock } from "../../platform/clock.ts";
import {
  type Bucket,
  type SniffedMedia,
  type Storage,
  sniffMedia,
} from "../../platform/storage.ts";
import { assertStorageRoom } from "../plans/index.ts";
import { HeicConversionError, toInstagramJpeg } from "./heic.ts";

/** Spec §9: the largest file the product takes. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Spec §9: a cover frame is at most 500KB. */
export const MAX_COVER_BYTES = 500 * 1024;

export const UPLOAD_TOO_LARGE_MESSAGE = "File is too large. Please use a smaller video (max 50MB)";
export const UPLOAD_UNSUPPORTED_MESSAGE =
  "Upload failed: only images (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, MOV) can be uploaded.";

export type UploadDeps = { db: Db; storage: Storage; now: Clock };
export type UploadPurpose = "media" | "thumbnail";

/**
 * The composer's checks of an upload's bytes for `bucket` (issue 24: the same files the
 * composer refuses when they are chosen): not empty, at most 50MB, really an image or video
 * (sniffed from the bytes; the name and declared type are ignored), a HEIC photo converted to
 * the JPEG Instagram takes, the bucket's own rules, and a picture whose header can be read.
 * Answers the bytes to keep and what they are.
 */
export async function checkUploadBytes(
  bucket: Bucket,
  received: Uint8Array,
): Promise<{ bytes: Uint8Array; media: SniffedMedia }> {
  let bytes = received;
  if (bytes.length === 0) throw new AppError("bad_request", "Upload failed: the file is empty.");
  if (bytes.length > MAX_UPLOAD_BYTES) {
    throw new AppError("payload_too_large", UPLOAD_TOO_LARGE_MESSAGE);
  }
  let media = sniffMedia(bytes);
  if (!media) throw new AppError("unsupported_media_type", UPLOAD_UNSUPPORTED_MESSAGE);
  if (media.contentType === "image/heic" && bucket !== "instagram_media") {
    // Instagram takes only JPEG: a HEIC photo is stored as its JPEG, so the pipeline and
    // the pre-publish check never see HEIC (covers are refused below as before).
    try {
      bytes = await toInstagramJpeg(bytes);
    } catch (error) {
      if (!(error instanceof HeicConversionError)) throw error;
      throw new AppError(
        "unsupported_media_type",
        `Upload failed: ${error.message}. Export it as JPEG and try again.`,
      );
    }
    media = sniffMedia(bytes) as SniffedMedia;
  }
  if (bucket === "instagram_media") {
    // Spec §7: covers at video_covers/{uuid}.jpg, JPEG of at most 500KB (§9).
    if (media.contentType !== "image/jpeg") {
      throw new AppError("unsupported_media_type", "Upload failed: a cover must be a JPEG image.");
    }
    if (bytes.length > MAX_COVER_BYTES) {
      throw new AppError("payload_too_large", "Upload failed: a cover must be at most 500KB.");
    }
  } else if (bucket === "instagram-media" && media.kind !== "image") {
    throw new AppError("unsupported_media_type", "Upload failed: this bucket takes images only.");
  }
  // A picture whose header is damaged or says 0×0 would become a blank tile and fail at
  // Instagram.
  if (media.kind === "image" && !imageDimensions(bytes)) {
    throw new AppError(
      "unsupported_media_type",
      "Upload failed: the image could not be read. It may be damaged; export it again and retry.",
    );
  }
  return { bytes, media };
}

/** Where an upload is kept: the spec's layout, under the workspace's own folder. */
export function uploadKey(
  bucket: Bucket,
  folder: string,
  stamp: number,
  purpose: UploadPurpose,
  extension: string,
): string {
  if (bucket === "instagram_media") return `video_covers/${randomUUID()}.jpg`;
  if (bucket === "scheduled-content" && purpose === "thumbnail") {
    return `${folder}/thumbnails/${stamp}-${randomUUID()}.${extension}`;
  }
  return `${folder}/${stamp}-${randomUUID()}.${extension}`;
}

/**
 * Keeps checked bytes at `key`: within the plan's storage (the quota counts what the workspace
 * keeps), recorded as the workspace's file (which also says whose a cover is) with what
 * `checkUploadBytes` found it to be, then stored.
 */
export async function keepUpload(
  deps: UploadDeps,
  workspaceId: string,
  file: { bucket: Bucket; key: string },
  bytes: Uint8Array,
  media: SniffedMedia,
): Promise<void> {
  await assertStorageRoom(
    deps.db,
    workspaceId,
    await sumStoredBytes(deps.db, workspaceId),
    bytes.length,
  );
  await insertStoredFile(deps.db, {
    bucket: file.bucket,
    key: file.key,
    workspaceId,
    sizeBytes: bytes.length,
    // Sniffed here once: the pre-publish checks read these instead of the file (issue 26 point 5).
    contentType: media.contentType,
    ...(media.kind === "image" ? imageDimensions(bytes) : {}),
  });
  await deps.storage.put(file.bucket, file.key, bytes);
}
