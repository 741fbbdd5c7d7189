import { randomUUID } from "node:crypto";
import { imageDimensions } from "@sightline/contracts";
import { type Db, insertStoredFile, sumStoredBytes } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import type { Clock } from "../../platform/clock.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { isBucket, type SniffedMedia, type Storage, sniffMedia } from "../../platform/storage.ts";
import { assertStorageRoom } from "../plans/index.ts";
import { HeicConversionError, toInstagramJpeg } from "./heic.ts";

/** Spec §9: the largest file the product takes. */
export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
/** Spec §9: a cover frame is at most 500KB. */
export const MAX_COVER_BYTES = 500 * 1024;

const uploadQuerySchema = z.object({
  purpose: z.enum(["media", "thumbnail"]).default("media"),
});

/**
 * POST /api/uploads/:bucket — the raw file as the body. The type is sniffed from the bytes (the
 * name and the declared type are ignored), the size checked, and the key built on the server
 * in the spec's layout under the user's own folder; the answer has a signed URL for an hour.
 */
export function uploadRoutes(deps: { db: Db; storage: Storage; now: Clock }) {
  return new Hono<AppEnv>().post(
    "/:bucket",
    requireMember("publish"),
    userLimit(deps, "upload"),
    validate("query", uploadQuerySchema),
    async (c) => {
      const bucket = c.req.param("bucket");
      if (!isBucket(bucket)) throw new AppError("not_found", "There is no such storage bucket.");
      let bytes: Uint8Array = new Uint8Array(await c.req.arrayBuffer());
      if (bytes.length === 0)
        throw new AppError("bad_request", "Upload failed: the file is empty.");
      if (bytes.length > MAX_UPLOAD_BYTES) {
        throw new AppError(
          "payload_too_large",
          "File is too large. Please use a smaller video (max 50MB)",
        );
      }
      let media = sniffMedia(bytes);
      if (!media) {
        throw new AppError(
          "unsupported_media_type",
          "Upload failed: only images (JPEG, PNG, WebP, GIF, HEIC) and videos (MP4, MOV) can be uploaded.",
        );
      }
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
      const workspaceId = c.var.workspace.id;
      const folder = c.var.workspace.storageFolder;
      const stamp = deps.now();
      const { purpose } = c.req.valid("query");
      let key: string;
      if (bucket === "instagram_media") {
        // Spec §7: covers at video_covers/{uuid}.jpg, JPEG of at most 500KB (§9).
        if (media.contentType !== "image/jpeg") {
          throw new AppError(
            "unsupported_media_type",
            "Upload failed: a cover must be a JPEG image.",
          );
        }
        if (bytes.length > MAX_COVER_BYTES) {
          throw new AppError("payload_too_large", "Upload failed: a cover must be at most 500KB.");
        }
        key = `video_covers/${randomUUID()}.jpg`;
      } else if (bucket === "instagram-media") {
        if (media.kind !== "image") {
          throw new AppError(
            "unsupported_media_type",
            "Upload failed: this bucket takes images only.",
          );
        }
        key = `${folder}/${stamp}-${randomUUID()}.${media.extension}`;
      } else {
        key =
          purpose === "thumbnail"
            ? `${folder}/thumbnails/${stamp}-${randomUUID()}.${media.extension}`
            : `${folder}/${stamp}-${randomUUID()}.${media.extension}`;
      }
      // Issue 24: the same files the composer refuses when they are chosen. A picture whose
      // header is damaged or says 0×0 would become a blank tile and fail at Instagram.
      if (media.kind === "image" && !imageDimensions(bytes)) {
        throw new AppError(
          "unsupported_media_type",
          "Upload failed: the image could not be read. It may be damaged; export it again and retry.",
        );
      }
      // The quota counts what the user keeps; the row also says whose file a cover is.
      await assertStorageRoom(
        deps.db,
        workspaceId,
        await sumStoredBytes(deps.db, workspaceId),
        bytes.length,
      );
      await insertStoredFile(deps.db, { bucket, key, workspaceId, sizeBytes: bytes.length });
      await deps.storage.put(bucket, key, bytes);
      return c.json(
        {
          bucket,
          key,
          url: deps.storage.signedUrl(bucket, key),
          kind: media.kind,
          contentType: media.contentType,
          size: bytes.length,
        },
        201,
      );
    },
  );
}

/**
 * GET /storage/:bucket/<key>?expires&signature — what Instagram (or the sandbox) fetches when
 * it takes an image from a URL. Only signed, unexpired URLs answer; the type is sniffed again.
 */
export function storageFileRoutes(deps: { storage: Storage; now: Clock }) {
  return new Hono<AppEnv>().get("/:bucket/*", async (c) => {
    const bucket = c.req.param("bucket");
    let key: string;
    try {
      key = decodeURIComponent(c.req.path.slice(`/storage/${bucket}/`.length));
    } catch {
      return c.text("This link is not valid.", 400, { "cache-control": "no-store" });
    }
    const expires = Number(c.req.query("expires"));
    const signature = c.req.query("signature") ?? "";
    if (!isBucket(bucket) || !deps.storage.verify(bucket, key, expires, signature)) {
      return c.text("This link is not valid or has expired.", 403, { "cache-control": "no-store" });
    }
    const bytes = await deps.storage.get(bucket, key);
    const media = bytes ? sniffMedia(bytes) : undefined;
    if (!bytes || !media) return c.text("Not found", 404, { "cache-control": "no-store" });
    const maxAge = Math.max(0, expires - Math.floor(deps.now() / 1000));
    return c.body(
      bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer,
      200,
      {
        "content-type": media.contentType,
        "content-length": String(bytes.length),
        "cache-control": `private, max-age=${maxAge}`,
        "x-content-type-options": "nosniff",
        "content-disposition": "inline",
      },
    );
  });
}
