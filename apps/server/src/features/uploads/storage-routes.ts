import type { Db } from "@sightline/db";
import { Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../lib/app-error.ts";
import type { AppEnv } from "../../lib/app-types.ts";
import { validate } from "../../lib/validate.ts";
import { requireMember } from "../../middleware/session.ts";
import type { Clock } from "../../platform/clock.ts";
import { userLimit } from "../../platform/limits/user-limits.ts";
import { isBucket, type Storage, sniffMedia } from "../../platform/storage.ts";
import { checkUploadBytes, keepUpload, uploadKey } from "./store-upload.ts";

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
      const { bytes, media } = await checkUploadBytes(
        bucket,
        new Uint8Array(await c.req.arrayBuffer()),
      );
      const key = uploadKey(
        bucket,
        c.var.workspace.storageFolder,
        deps.now(),
        c.req.valid("query").purpose,
        media.extension,
      );
      await keepUpload(deps, c.var.workspace.id, { bucket, key }, bytes, media);
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
