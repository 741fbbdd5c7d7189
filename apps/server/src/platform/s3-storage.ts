import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  ListObjectsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Clock } from "./clock.ts";
import {
  assertStorageKey,
  type Bucket,
  createUrlSigner,
  isSafeKey,
  type Storage,
  sniffMedia,
} from "./storage.ts";

export type S3StorageOptions = {
  /** The one S3 bucket holding everything; the spec's three buckets are key prefixes in it. */
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, s3rver…); unset means AWS itself. */
  endpoint?: string | undefined;
  /** Unset: the SDK's own chain (environment, shared config, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Path-style addressing (`endpoint/bucket/key`), which most self-hosted servers need. */
  forcePathStyle?: boolean | undefined;
  /** A folder inside the bucket in front of every key, e.g. `sightline` (no slashes around). */
  prefix?: string | undefined;
  signingSecret: string;
  publicOrigin: string;
  now: Clock;
};

/**
 * Storage in an S3-compatible bucket (issue 13). Object keys are `[prefix/]<spec bucket>/<key>`
 * with the same key checks as the local folder, so nothing reaches outside its spec bucket.
 * URLs handed out are the app's own HMAC-signed `/storage/...` URLs, served by reading the
 * object here: the same behaviour as the local backend, and the S3 bucket can stay private.
 */
export function createS3Storage(
  options: S3StorageOptions,
): Storage & { client: S3Client; close(): void } {
  if (options.prefix !== undefined && !isSafeKey(options.prefix)) {
    throw new Error("S3 prefix must be plain folder names separated by /");
  }
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    forcePathStyle: options.forcePathStyle ?? false,
    // Only the checksums S3 requires: several S3-compatible servers reject the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
    maxAttempts: 3,
  });
  const objectKey = (bucket: Bucket, key: string): string => {
    assertStorageKey(bucket, key);
    return options.prefix ? `${options.prefix}/${bucket}/${key}` : `${bucket}/${key}`;
  };
  async function get(bucket: Bucket, key: string): Promise<Uint8Array | undefined> {
    const Key = objectKey(bucket, key);
    try {
      const answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key }));
      if (!answer.Body) return undefined;
      return await answer.Body.transformToByteArray();
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }
  return {
    client,
    async put(bucket, key, bytes) {
      const Key = objectKey(bucket, key);
      await client.send(
        new PutObjectCommand({
          Bucket: options.bucket,
          Key,
          Body: bytes,
          ContentLength: bytes.length,
          ContentType: sniffMedia(bytes)?.contentType ?? "application/octet-stream",
        }),
      );
    },
    get,
    async head(bucket, key, length) {
      const Key = objectKey(bucket, key);
      try {
        const answer = await client.send(
          new GetObjectCommand({ Bucket: options.bucket, Key, Range: `bytes=0-${length - 1}` }),
        );
        if (!answer.Body) return undefined;
        // "bytes 0-0/0": the object is empty. Some S3-compatible servers (s3rver) promise one
        // byte and never send it, which held the read for 6 s until the socket gave up.
        if (answer.ContentRange?.endsWith("/0")) {
          (answer.Body as { destroy?: () => void }).destroy?.();
          return new Uint8Array(0);
        }
        return (await answer.Body.transformToByteArray()).subarray(0, length);
      } catch (error) {
        if (isMissing(error)) return undefined;
        // A range it cannot answer (an empty object has no byte 0: S3 says 416, some compatible
        // servers drop the connection): the object read whole, which says what there is.
        return (await get(bucket, key))?.subarray(0, length);
      }
    },
    async delete(bucket, key) {
      const Key = objectKey(bucket, key);
      // S3 answers 204 for a key that is not there: deleting twice is fine, as with files.
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key }));
    },
    async deleteFolder(bucket, folder) {
      const Prefix = `${objectKey(bucket, folder)}/`;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: options.bucket, Prefix, ContinuationToken }),
        );
        const keys = (page.Contents ?? []).flatMap((item) => (item.Key ? [item.Key] : []));
        if (keys.length > 0) {
          await client.send(
            new DeleteObjectsCommand({
              Bucket: options.bucket,
              Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true },
            }),
          );
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
    async checkReady(signal) {
      // A listing of one key under the app's own folder: the permission deleteFolder needs
      // already (a policy may allow listing only under the prefix, which HeadBucket is not), and
      // nothing is written. The first version of the listing, which every S3-compatible server
      // answers: s3rver answers a truncated ListObjectsV2 (more keys than MaxKeys) with a 500.
      await client.send(
        new ListObjectsCommand({
          Bucket: options.bucket,
          MaxKeys: 1,
          ...(options.prefix ? { Prefix: `${options.prefix}/` } : {}),
        }),
        signal ? { abortSignal: signal } : {},
      );
    },
    ...createUrlSigner(options),
    close() {
      client.destroy();
    },
  };
}

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return error.name === "NoSuchKey" || error.$metadata.httpStatusCode === 404;
}
