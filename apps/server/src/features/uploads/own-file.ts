import { type Bucket, isBucket, type Storage } from "../../platform/storage.ts";

/**
 * A URL (or `/storage/…` path) that names one of the caller's own stored files: this server's
 * origin, a bucket of the caller's uploads, a key under the caller's workspace's folder and, for a full
 * URL, a valid unexpired signature. Anything else answers undefined, so a caller can never make
 * Sightline (or Instagram through it) read a file or an address of someone else's choosing.
 */
export function ownStoredFile(
  storage: Storage,
  publicUrl: string,
  folder: string,
  raw: string,
): { bucket: Exclude<Bucket, "instagram_media">; key: string; url: string } | undefined {
  let url: URL;
  try {
    url = new URL(raw, publicUrl);
  } catch {
    return undefined;
  }
  const match = /^\/storage\/([^/]+)\/(.+)$/.exec(url.pathname);
  const bucket = match?.[1];
  let key: string | undefined;
  try {
    key = match?.[2] ? decodeURIComponent(match[2]) : undefined;
  } catch {
    return undefined;
  }
  if (url.origin !== new URL(publicUrl).origin || !bucket || !key || !isBucket(bucket)) {
    return undefined;
  }
  if (bucket === "instagram_media" || !key.startsWith(`${folder}/`)) return undefined;
  // A bare path is the app's own reference (stored drafts); a full URL must carry its signature.
  const isPath = !/^[a-z]+:/i.test(raw);
  if (
    !isPath &&
    !storage.verify(
      bucket,
      key,
      Number(url.searchParams.get("expires")),
      url.searchParams.get("signature") ?? "",
    )
  ) {
    return undefined;
  }
  return { bucket, key, url: url.toString() };
}
