import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import {
  type FileHandle,
  mkdir,
  open,
  readFile,
  rename,
  rm,
  unlink,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import type { Clock } from "./clock.ts";

/**
 * Files behind one interface (issue 13): a local folder in the embedded default, or an
 * S3-compatible bucket when configured (platform/s3-storage.ts). Keys are
 * checked so they cannot leave their bucket's folder; reads from outside go through short-lived
 * signed URLs (Instagram fetches images from a URL).
 */
export interface Storage {
  put(bucket: Bucket, key: string, bytes: Uint8Array): Promise<void>;
  get(bucket: Bucket, key: string): Promise<Uint8Array | undefined>;
  /**
   * The file's first `length` bytes (all of it when shorter), or undefined when it is not there:
   * enough to tell what a file is without reading it whole (issue 26 point 5).
   */
  head(bucket: Bucket, key: string, length: number): Promise<Uint8Array | undefined>;
  delete(bucket: Bucket, key: string): Promise<void>;
  /** Deletes every file whose key starts with `folder/` (a user's folder, say). */
  deleteFolder(bucket: Bucket, folder: string): Promise<void>;
  /** A URL anyone may GET until it expires (`ttlSeconds`, default 1 hour). */
  signedUrl(bucket: Bucket, key: string, ttlSeconds?: number): string;
  /** True when `signature` signs this bucket, key and expiry and the expiry is ahead. */
  verify(bucket: Bucket, key: string, expires: number, signature: string): boolean;
  /**
   * Resolves when files can be stored: the local folder takes a write (a probe file, removed at
   * once), the S3 bucket answers a listing. Readiness (/api/ready) bounds it with its timeout and
   * aborts `signal` when that passes.
   */
  checkReady(signal?: AbortSignal): Promise<void>;
}

/** Spec §7's buckets: covers, images to publish, and scheduled content. */
export const buckets = ["instagram_media", "instagram-media", "scheduled-content"] as const;
export type Bucket = (typeof buckets)[number];

export function isBucket(value: string): value is Bucket {
  return (buckets as readonly string[]).includes(value);
}

const segmentPattern = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** A key is 1–6 plain segments: no "..", no leading dot or slash, no backslash, no NUL. */
export function isSafeKey(key: string): boolean {
  const segments = key.split("/");
  return (
    key.length <= 512 &&
    segments.length >= 1 &&
    segments.length <= 6 &&
    segments.every((segment) => segmentPattern.test(segment) && !segment.includes(".."))
  );
}

/** Throws unless the bucket is one of the spec's and the key cannot leave it. */
export function assertStorageKey(bucket: Bucket, key: string): void {
  if (!isBucket(bucket) || !isSafeKey(key)) throw new Error("invalid storage key");
}

/**
 * The app's own signed `/storage/<bucket>/<key>?expires&signature` URLs (HMAC-SHA256 over
 * bucket, key and expiry), shared by every backend so Instagram fetches the same way whatever
 * holds the bytes.
 */
export function createUrlSigner(options: {
  signingSecret: string;
  publicOrigin: string;
  now: Clock;
}): Pick<Storage, "signedUrl" | "verify"> {
  function sign(bucket: Bucket, key: string, expires: number): string {
    return createHmac("sha256", options.signingSecret)
      .update(`${bucket}\n${key}\n${expires}`)
      .digest("base64url");
  }
  return {
    signedUrl(bucket, key, ttlSeconds = 3600) {
      assertStorageKey(bucket, key);
      const expires = Math.floor(options.now() / 1000) + ttlSeconds;
      const url = new URL(`/storage/${bucket}/${key}`, options.publicOrigin);
      url.searchParams.set("expires", String(expires));
      url.searchParams.set("signature", sign(bucket, key, expires));
      return url.toString();
    },
    verify(bucket, key, expires, signature) {
      if (!isBucket(bucket) || !isSafeKey(key) || !Number.isInteger(expires)) return false;
      if (expires < Math.floor(options.now() / 1000)) return false;
      const expected = Buffer.from(sign(bucket, key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

export function createLocalStorage(options: {
  root: string;
  signingSecret: string;
  publicOrigin: string;
  now: Clock;
}): Storage {
  const root = path.resolve(options.root);
  function fileOf(bucket: Bucket, key: string): string {
    assertStorageKey(bucket, key);
    const file = path.resolve(root, bucket, key);
    // Belt and braces: whatever the key, the file stays inside the bucket's folder.
    if (!file.startsWith(`${path.join(root, bucket)}${path.sep}`)) {
      throw new Error("invalid storage key");
    }
    return file;
  }
  return {
    async put(bucket, key, bytes) {
      const file = fileOf(bucket, key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      const temp = `${file}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, file);
    },
    async get(bucket, key) {
      try {
        return new Uint8Array(await readFile(fileOf(bucket, key)));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
    },
    async head(bucket, key, length) {
      let handle: FileHandle;
      try {
        handle = await open(fileOf(bucket, key), "r");
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
        throw error;
      }
      try {
        const buffer = new Uint8Array(length);
        const { bytesRead } = await handle.read(buffer, 0, length, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    },
    async delete(bucket, key) {
      await rm(fileOf(bucket, key), { force: true });
    },
    async deleteFolder(bucket, folder) {
      await rm(fileOf(bucket, folder), { recursive: true, force: true });
    },
    async checkReady(signal) {
      // A write where uploads go, not just a look at the folder: a full disk, a read-only mount
      // or a folder that turned into something else all fail here (its name never is a key).
      await mkdir(root, { recursive: true, mode: 0o700 });
      const probe = path.join(root, `.ready-${randomUUID()}`);
      await writeFile(probe, "ok", { mode: 0o600, ...(signal ? { signal } : {}) });
      await unlink(probe);
    },
    ...createUrlSigner(options),
  };
}

// One reading of a file's real type for the browser and the server (issue 24).
export { type SniffedMedia, sniffMedia } from "@sightline/contracts";
