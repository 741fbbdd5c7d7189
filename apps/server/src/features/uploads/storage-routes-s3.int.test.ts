import { readFileSync } from "node:fs";
import { GetObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sniffMedia } from "../../platform/storage.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { startTestS3Server, type TestS3Server } from "../../testing/s3-server.ts";

// The app configured for S3 through its environment (S3_BUCKET, S3_ENDPOINT, …) against a real
// S3-compatible server (s3rver) started here: uploads land in the bucket, signed URLs read back.
const started = await startTestS3Server();
const skip = "unavailable" in started ? started.unavailable : "";
if (skip) console.warn(`SKIPPED upload routes on S3: no S3-compatible server could start: ${skip}`);
const server = "unavailable" in started ? undefined : (started as TestS3Server);

const heic = new Uint8Array(
  readFileSync(new URL("./fixtures/gradient-64x48.heic", import.meta.url)),
);
type Uploaded = { bucket: string; key: string; url: string; contentType: string; size: number };

describe.skipIf(Boolean(skip))("upload routes with S3 storage", () => {
  let testApp: TestApp;
  let client: HttpClient;
  let s3: S3Client;
  let sampleJpeg: Uint8Array;
  beforeAll(async () => {
    testApp = await createTestApp({ env: server!.env });
    ({ client } = await createVerifiedUser(testApp));
    const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
    sampleJpeg = new Uint8Array(await sample.arrayBuffer());
    s3 = new S3Client({
      region: "us-east-1",
      endpoint: server!.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
  });
  afterAll(async () => {
    s3?.destroy();
    await testApp?.close();
    await server?.close();
  });

  function upload(bucket: string, body: Uint8Array) {
    return client.request(`/api/uploads/${bucket}`, {
      method: "POST",
      headers: { "content-type": "application/octet-stream" },
      body,
    });
  }
  async function objectBytes(key: string): Promise<Uint8Array | undefined> {
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: server!.bucket, Key: key }));
      return await object.Body!.transformToByteArray();
    } catch {
      return undefined;
    }
  }

  it("stores the upload in the S3 bucket under its spec bucket and serves it by signed URL", async () => {
    const response = await upload("instagram-media", sampleJpeg);
    expect(response.status).toBe(201);
    const uploaded = (await response.json()) as Uploaded;
    const stored = await objectBytes(`instagram-media/${uploaded.key}`);
    expect(stored?.length).toBe(sampleJpeg.length);
    expect(new URL(uploaded.url).origin).toBe(TEST_PUBLIC_URL);
    const file = await testApp.app.request(uploaded.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.compare(Buffer.from(await file.arrayBuffer()), Buffer.from(sampleJpeg))).toBe(0);
    const tampered = new URL(uploaded.url);
    tampered.searchParams.set("signature", "x".repeat(43));
    expect((await testApp.app.request(tampered.toString())).status).toBe(403);
    // Gone from S3, the signed URL answers 404.
    await testApp.storage.delete("instagram-media", uploaded.key);
    expect((await testApp.app.request(uploaded.url)).status).toBe(404);
  });

  it("converts a HEIC photo to JPEG before storing it, so only JPEG is ever published", async () => {
    const response = await upload("instagram-media", heic);
    expect(response.status).toBe(201);
    const uploaded = (await response.json()) as Uploaded;
    expect(uploaded.key).toMatch(/\.jpg$/);
    expect(uploaded.contentType).toBe("image/jpeg");
    const stored = await objectBytes(`instagram-media/${uploaded.key}`);
    expect(sniffMedia(stored!)?.contentType).toBe("image/jpeg");
    expect(uploaded.size).toBe(stored!.length);
    const file = await testApp.app.request(uploaded.url);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
  });

  it("refuses a HEIC that cannot be converted with 'Upload failed: ' and stores nothing", async () => {
    const broken = new Uint8Array(heic.subarray(0, 60));
    const response = await upload("scheduled-content", broken);
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Upload failed: the HEIC photo could not be read");
  });
});
