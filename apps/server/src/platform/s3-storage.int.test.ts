import { GetObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestS3Server, type TestS3Server } from "../testing/s3-server.ts";
import { describeStorageContract } from "../testing/storage-contract.ts";
import { createS3Storage } from "./s3-storage.ts";

// A real S3-compatible server (s3rver) on a free port: the SDK is not mocked.
const started = await startTestS3Server();
const server: TestS3Server | undefined = "unavailable" in started ? undefined : started;
const skip =
  "unavailable" in started ? `no S3-compatible server could start: ${started.unavailable}` : "";
const made: ReturnType<typeof createS3Storage>[] = [];

afterAll(async () => {
  for (const storage of made.splice(0)) storage.close();
  await server?.close();
});

/** A storage on the test server's bucket, or on `bucket` (one that does not exist, say). */
function s3Storage(now: () => number, prefix?: string, bucket?: string) {
  if (!server) throw new Error(skip);
  const storage = createS3Storage({
    bucket: bucket ?? server.bucket,
    region: "us-east-1",
    endpoint: server.endpoint,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    forcePathStyle: true,
    prefix,
    signingSecret: "s".repeat(32),
    publicOrigin: "http://app.test",
    now,
  });
  made.push(storage);
  return storage;
}

describeStorageContract("S3-compatible (s3rver)", (now) => s3Storage(now), { skip });
describeStorageContract("S3-compatible with a prefix", (now) => s3Storage(now, "sightline/prod"), {
  skip,
});

describe.skipIf(Boolean(skip))("S3 readiness", () => {
  it("fails the probe when the bucket does not answer", async () => {
    const missing = s3Storage(Date.now, undefined, "no-such-bucket-here");
    await expect(missing.checkReady()).rejects.toThrow();
    await expect(s3Storage(Date.now).checkReady()).resolves.toBeUndefined();
  });
});

describe.skipIf(Boolean(skip))("S3 layout", () => {
  let storage: ReturnType<typeof createS3Storage>;
  beforeAll(() => {
    storage = s3Storage(Date.now, "tenant-a");
  });

  it("keeps each spec bucket as a folder of the one S3 bucket, under the prefix, with the sniffed type", async () => {
    await storage.put(
      "instagram-media",
      "u1/1-a.jpg",
      new Uint8Array([0xff, 0xd8, 0xff, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    );
    const object = await storage.client.send(
      new GetObjectCommand({ Bucket: server!.bucket, Key: "tenant-a/instagram-media/u1/1-a.jpg" }),
    );
    expect(object.ContentType).toBe("image/jpeg");
    expect(await object.Body!.transformToByteArray()).toHaveLength(12);
    // Another prefix (another deployment sharing the bucket) does not see it.
    expect(
      await s3Storage(Date.now, "tenant-b").get("instagram-media", "u1/1-a.jpg"),
    ).toBeUndefined();
  });

  it("refuses a prefix that is not plain folder names", () => {
    expect(() => s3Storage(Date.now, "../x")).toThrow("S3 prefix");
  });

  it("reports a server error instead of answering 'missing'", async () => {
    const broken = s3Storage(Date.now, undefined, "no-such-bucket-here");
    await expect(broken.put("instagram-media", "u1/a.jpg", new Uint8Array(16))).rejects.toThrow();
  });
});
