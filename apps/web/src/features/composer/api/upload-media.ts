import { api, unwrap } from "../../../lib/api-client.ts";
import { ApiError } from "../../../lib/api-error.ts";

export type UploadBucket = "instagram-media" | "scheduled-content" | "instagram_media";

export type UploadedFile = Awaited<ReturnType<typeof uploadMedia>>;

/**
 * POST /api/uploads/:bucket with the raw file as the body (the server sniffs the type and builds
 * the key). Images go to instagram-media, videos to scheduled-content, covers to instagram_media.
 */
export async function uploadMedia(
  bucket: UploadBucket,
  file: Blob,
  purpose: "media" | "thumbnail" = "media",
) {
  return unwrap(
    api.uploads[":bucket"].$post(
      { param: { bucket }, query: { purpose } },
      // The body is the file itself; fetch sends the Blob's type as the content type.
      { init: { body: file } },
    ),
  );
}

/**
 * Spec §8: 'File is too large. Please use a smaller video (max 50MB)' when storage says the
 * size was exceeded or answered 413, otherwise 'Upload failed: {message}'.
 */
export function uploadErrorMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if ((error instanceof ApiError && error.status === 413) || /exceeded|413/i.test(message)) {
    return "File is too large. Please use a smaller video (max 50MB)";
  }
  return message.startsWith("Upload failed:") ? message : `Upload failed: ${message}`;
}
