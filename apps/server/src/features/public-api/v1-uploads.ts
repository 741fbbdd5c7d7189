import {
  PUBLIC_API_UPLOAD_TTL_MINUTES,
  publicApiCreateUploadSchema,
  publicApiUploadParamSchema,
  publicApiUploadTypes,
} from "@sightline/contracts";
import {
  type ApiUploadRow,
  claimApiUpload,
  findApiUpload,
  insertApiUpload,
  releaseApiUpload,
} from "@sightline/db";
import { Hono } from "hono";
import { AppError } from "../../lib/app-error.ts";
import { validate } from "../../lib/validate.ts";
import { dateOf } from "../../platform/clock.ts";
import type { Bucket } from "../../platform/storage.ts";
import {
  checkUploadBytes,
  keepUpload,
  MAX_UPLOAD_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
  UPLOAD_UNSUPPORTED_MESSAGE,
  type UploadDeps,
  uploadKey,
} from "../uploads/index.ts";
import { workspaceStorageFolder } from "../workspaces/index.ts";
import { requireScope, type TokenEnv } from "./authenticate.ts";
import { idempotent } from "./idempotency.ts";

type UploadRoutesDeps = UploadDeps & Parameters<typeof idempotent>[0] & { publicUrl: string };

type AnnouncedType = keyof typeof publicApiUploadTypes;

function isAnnouncedType(value: string): value is AnnouncedType {
  return Object.hasOwn(publicApiUploadTypes, value);
}

const notThisUpload = () => new AppError("not_found", "This upload does not exist.");

/**
 * Files for drafts through /api/v1 (issue 35 point 2, decision 033's addendum), in two steps:
 * `POST /uploads` announces a file (name, type, size, purpose) and answers where to PUT its
 * bytes and the file reference a draft names (`{ bucket, key, mediaType }`); `PUT
 * /uploads/:uploadId` with the same token takes the bytes, once, through the composer's own
 * upload checks (size, the type read from the bytes, HEIC to JPEG, a picture that can be read,
 * the plan's storage) and the announcement (the same size and type).
 */
export function v1UploadRoutes(deps: UploadRoutesDeps) {
  function uploadView(row: ApiUploadRow) {
    const type = publicApiUploadTypes[row.contentType as AnnouncedType];
    const now = dateOf(deps.now);
    return {
      id: row.id,
      status: row.completedAt ? "complete" : row.expiresAt <= now ? "expired" : "pending",
      fileName: row.fileName,
      contentType: row.contentType,
      size: row.sizeBytes,
      upload: {
        url: `${deps.publicUrl.replace(/\/$/, "")}/api/v1/uploads/${row.id}`,
        method: "PUT" as const,
        headers: { "Content-Type": row.contentType },
        expiresAt: row.expiresAt.toISOString(),
      },
      file: {
        bucket: row.bucket,
        key: row.key,
        mediaType: type?.kind ?? null,
      },
      completedAt: row.completedAt?.toISOString() ?? null,
    };
  }

  return (
    new Hono<TokenEnv>()
      .post(
        "/uploads",
        requireScope("posts:write"),
        idempotent(deps),
        validate("json", publicApiCreateUploadSchema),
        async (c) => {
          const token = c.var.apiToken;
          const body = c.req.valid("json");
          if (!isAnnouncedType(body.contentType)) {
            throw new AppError("unsupported_media_type", UPLOAD_UNSUPPORTED_MESSAGE);
          }
          if (body.size > MAX_UPLOAD_BYTES) {
            throw new AppError("payload_too_large", UPLOAD_TOO_LARGE_MESSAGE);
          }
          const type = publicApiUploadTypes[body.contentType];
          // Where the composer keeps the same file: covers apart, everything else with the
          // workspace's scheduled content.
          const bucket: Bucket = body.purpose === "cover" ? "instagram_media" : "scheduled-content";
          const now = dateOf(deps.now);
          const key = uploadKey(
            bucket,
            await workspaceStorageFolder(deps.db, token.workspaceId),
            now.getTime(),
            body.purpose === "thumbnail" ? "thumbnail" : "media",
            type.extension,
          );
          const row = await insertApiUpload(deps.db, token.workspaceId, {
            tokenId: token.id,
            bucket,
            key,
            fileName: body.fileName,
            contentType: body.contentType,
            sizeBytes: body.size,
            expiresAt: new Date(now.getTime() + PUBLIC_API_UPLOAD_TTL_MINUTES * 60_000),
            createdAt: now,
          });
          return c.json({ data: uploadView(row) }, 201);
        },
      )
      .get(
        "/uploads/:uploadId",
        requireScope("posts:read", "posts:write"),
        validate("param", publicApiUploadParamSchema),
        async (c) => {
          const row = await findApiUpload(
            deps.db,
            c.var.apiToken.workspaceId,
            c.req.valid("param").uploadId,
          );
          if (!row) throw notThisUpload();
          return c.json({ data: uploadView(row) });
        },
      )
      // The bytes, once: safe to retry, since a completed upload is never written again (409).
      .put(
        "/uploads/:uploadId",
        requireScope("posts:write"),
        validate("param", publicApiUploadParamSchema),
        async (c) => {
          const workspaceId = c.var.apiToken.workspaceId;
          const { uploadId } = c.req.valid("param");
          const now = dateOf(deps.now);
          const announced = await findApiUpload(deps.db, workspaceId, uploadId);
          if (!announced) throw notThisUpload();
          if (announced.completedAt) {
            throw new AppError("conflict", "This upload is already complete; use its file.");
          }
          if (announced.expiresAt <= now) {
            throw new AppError(
              "not_found",
              "This upload has expired. Announce the file again with POST /api/v1/uploads.",
            );
          }
          const claimed = await claimApiUpload(deps.db, workspaceId, uploadId, now);
          if (!claimed) {
            throw new AppError("conflict", "This upload is already complete; use its file.");
          }
          try {
            const received = new Uint8Array(await c.req.arrayBuffer());
            // The composer's checks first, with the composer's messages.
            const bucket = claimed.bucket as Bucket;
            const { bytes, media } = await checkUploadBytes(bucket, received);
            const expected = publicApiUploadTypes[claimed.contentType as AnnouncedType];
            if (!expected || expected.extension !== media.extension) {
              throw new AppError(
                "unsupported_media_type",
                `Upload failed: the file is ${media.contentType}, not the ${claimed.contentType} announced.`,
              );
            }
            if (received.length !== claimed.sizeBytes) {
              throw new AppError(
                "validation_failed",
                `Upload failed: the file has ${received.length} bytes, not the ${claimed.sizeBytes} announced.`,
              );
            }
            await keepUpload(deps, workspaceId, { bucket, key: claimed.key }, bytes);
          } catch (error) {
            await releaseApiUpload(deps.db, workspaceId, uploadId);
            throw error;
          }
          return c.json({ data: uploadView(claimed) });
        },
      )
  );
}
