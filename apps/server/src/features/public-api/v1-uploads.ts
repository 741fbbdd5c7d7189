import {
  IDEMPOTENCY_KEY_HEADER,
  PUBLIC_API_UPLOAD_TTL_MINUTES,
  publicApiCreateUploadSchema,
  publicApiUploadParamSchema,
  publicApiUploadResponseSchema,
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
import { describeRoute } from "./openapi.ts";
import {
  uploadCompleteExample,
  uploadExample,
  uploadRequestExample,
} from "./openapi-examples-posts.ts";

type UploadRoutesDeps = UploadDeps & Parameters<typeof idempotent>[0] & { publicUrl: string };

type AnnouncedType = keyof typeof publicApiUploadTypes;

function isAnnouncedType(value: string): value is AnnouncedType {
  return Object.hasOwn(publicApiUploadTypes, value);
}

const NOT_THIS_UPLOAD = "This upload does not exist.";
const notThisUpload = () => new AppError("not_found", NOT_THIS_UPLOAD);
const notThisUploadError = { status: 404, code: "not_found", message: NOT_THIS_UPLOAD } as const;
const ANNOUNCED_TYPES = Object.keys(publicApiUploadTypes)
  .map((type) => `\`${type}\``)
  .join(", ");
const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);

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
        describeRoute({
          operationId: "createUpload",
          tag: "Uploads",
          summary: "Announce a file to upload",
          description: `The first of two steps to put a photo or video in the workspace's storage: name the file, its \`contentType\` (${ANNOUNCED_TYPES}; HEIC is kept as JPEG), its \`size\` in bytes (at most ${MAX_UPLOAD_MB}MB) and its \`purpose\` (\`media\` for a post's photo or video, the default; \`thumbnail\`; or \`cover\`, a video's cover frame: a JPEG of at most 500KB). The answer says where to PUT the bytes (\`upload\`, within ${PUBLIC_API_UPLOAD_TTL_MINUTES} minutes, with the same token) and the file reference a draft names (\`file\`). Another type is refused with "${UPLOAD_UNSUPPORTED_MESSAGE}" (415), a larger file with "${UPLOAD_TOO_LARGE_MESSAGE}" (413). Send an \`${IDEMPOTENCY_KEY_HEADER}\` to retry safely.`,
          response: {
            status: 201,
            description: "The announced upload, waiting for its bytes.",
            schema: publicApiUploadResponseSchema,
            example: uploadExample,
          },
          requestExample: uploadRequestExample,
          errors: [
            { status: 413, code: "payload_too_large", message: UPLOAD_TOO_LARGE_MESSAGE },
            { status: 415, code: "unsupported_media_type", message: UPLOAD_UNSUPPORTED_MESSAGE },
          ],
        }),
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
        describeRoute({
          operationId: "getUpload",
          tag: "Uploads",
          summary: "Read an upload's state",
          description:
            "An upload of the token's workspace: `pending` while its bytes are awaited, `complete` once they are kept (its `file` can be named by a draft), `expired` when they did not come in time (announce it again). Either posts scope will do.",
          response: {
            status: 200,
            description: "The upload.",
            schema: publicApiUploadResponseSchema,
            example: uploadCompleteExample,
          },
          errors: [notThisUploadError],
        }),
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
        describeRoute({
          operationId: "uploadFile",
          tag: "Uploads",
          summary: "Upload a file's bytes",
          description: `The second step: the file's raw bytes as the body (not JSON), with the announced \`Content-Type\` and the same token, at most ${MAX_UPLOAD_MB}MB. They go through the composer's upload checks (the type read from the bytes, HEIC to JPEG, a picture whose header reads, a cover's JPEG and 500KB, the plan's storage) and must be what was announced: another type is refused (415, "Upload failed: the file is image/png, not the image/jpeg announced."), another size too (422, "Upload failed: the file has 1024 bytes, not the 2048 announced."); a refused PUT keeps nothing and may be sent again corrected. An upload takes its bytes once: safe to retry without an \`${IDEMPOTENCY_KEY_HEADER}\`, since a completed upload answers 409 ("This upload is already complete; use its file."). One past its time is a 404 ("This upload has expired. Announce the file again with POST /api/v1/uploads.").`,
          requestBody: {
            contentType: "application/octet-stream",
            description:
              "The file's bytes. Send the `Content-Type` of `upload.headers`; the type is read from the bytes themselves.",
          },
          response: {
            status: 200,
            description: "The upload, complete: its `file` can now be named by a draft.",
            schema: publicApiUploadResponseSchema,
            example: uploadCompleteExample,
          },
          errors: [
            { status: 400, code: "bad_request", message: "Upload failed: the file is empty." },
            notThisUploadError,
            {
              status: 409,
              code: "conflict",
              message: "This upload is already complete; use its file.",
            },
            { status: 413, code: "payload_too_large", message: UPLOAD_TOO_LARGE_MESSAGE },
            {
              status: 415,
              code: "unsupported_media_type",
              message: "Upload failed: the file is image/png, not the image/jpeg announced.",
            },
            {
              status: 422,
              code: "validation_failed",
              message: "Upload failed: the file has 1024 bytes, not the 2048 announced.",
            },
          ],
        }),
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
            await keepUpload(deps, workspaceId, { bucket, key: claimed.key }, bytes, media);
          } catch (error) {
            await releaseApiUpload(deps.db, workspaceId, uploadId);
            throw error;
          }
          return c.json({ data: uploadView(claimed) });
        },
      )
  );
}
