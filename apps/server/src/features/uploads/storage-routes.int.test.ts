import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import { createVerifiedUser, personalWorkspaceId } from "../../testing/factories.ts";
import type { HttpClient } from "../../testing/http-client.ts";

let testApp: TestApp;
let client: HttpClient;
let email: string;
let sampleJpeg: Uint8Array;
beforeAll(async () => {
  testApp = await createTestApp();
  ({ client, email } = await createVerifiedUser(testApp));
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  sampleJpeg = new Uint8Array(await sample.arrayBuffer());
});
afterAll(async () => {
  await testApp?.close();
});

function upload(bucket: string, body: Uint8Array, query = "") {
  return client.request(`/api/uploads/${bucket}${query}`, {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body,
  });
}

type Uploaded = { bucket: string; key: string; url: string; contentType: string; size: number };

describe("uploads", () => {
  it("stores an image under the workspace's folder in the spec's layout and serves it by signed URL", async () => {
    const response = await upload("instagram-media", sampleJpeg);
    expect(response.status).toBe(201);
    const uploaded = (await response.json()) as Uploaded;
    // A workspace made after migration 0019 keeps its files in a folder named by its id.
    const folder = await personalWorkspaceId(testApp, email);
    expect(uploaded.key).toMatch(new RegExp(`^${folder}/\\d+-[0-9a-f-]{36}\\.jpg$`));
    expect(uploaded.contentType).toBe("image/jpeg");
    const file = await testApp.app.request(uploaded.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(sampleJpeg);

    const tampered = new URL(uploaded.url);
    tampered.searchParams.set("signature", "x".repeat(43));
    expect((await testApp.app.request(tampered.toString())).status).toBe(403);
    const unsigned = new URL(uploaded.url);
    unsigned.search = "";
    expect((await testApp.app.request(unsigned.toString())).status).toBe(403);
  });

  it("sniffs the real type: a page renamed .jpg is refused, a video is not an image", async () => {
    const html = new TextEncoder().encode("<!doctype html><script>alert(1)</script>".repeat(4));
    const refused = await upload("instagram-media", html, "?filename=photo.jpg");
    expect(refused.status).toBe(415);
    expect(await refused.text()).toContain("Upload failed");
    const video = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/video.mp4`);
    const videoBytes = new Uint8Array(await video.arrayBuffer());
    expect((await upload("instagram-media", videoBytes)).status).toBe(415);
    const scheduled = await upload("scheduled-content", videoBytes);
    expect(scheduled.status).toBe(201);
    expect(((await scheduled.json()) as Uploaded).contentType).toBe("video/mp4");
    expect((await upload("instagram-media", new Uint8Array())).status).toBe(400);
    // Issue 24: what the composer refuses when a file is chosen, refused here too: a corrupt
    // GIF (its signature, then nothing a picture has) and a JPEG cut off before its size.
    const corruptGif = new Uint8Array(256);
    corruptGif.set(new TextEncoder().encode("GIF89a"));
    const cutJpeg = new Uint8Array(256);
    cutJpeg.set(sampleJpeg.subarray(0, 4));
    for (const damaged of [corruptGif, cutJpeg]) {
      const answer = await upload("instagram-media", damaged);
      expect(answer.status).toBe(415);
      expect(await answer.text()).toContain("Upload failed: the image could not be read");
    }
    expect((await upload("no-such-bucket", sampleJpeg)).status).toBe(404);
  });

  it("keeps covers to JPEGs of at most 500KB under video_covers/", async () => {
    const cover = await upload("instagram_media", sampleJpeg);
    expect(cover.status).toBe(201);
    expect(((await cover.json()) as Uploaded).key).toMatch(/^video_covers\/[0-9a-f-]{36}\.jpg$/);
    const big = new Uint8Array(600 * 1024);
    big.set(sampleJpeg.subarray(0, 16));
    expect((await upload("instagram_media", big)).status).toBe(413);
  });

  it("refuses a body over 50MB before reading it, and anonymous uploads", async () => {
    const tooBig = await client.request("/api/uploads/scheduled-content", {
      method: "POST",
      headers: {
        "content-type": "application/octet-stream",
        "content-length": String(51 * 1024 * 1024),
      },
      body: sampleJpeg,
    });
    expect(tooBig.status).toBe(413);
    const anonymous = await testApp.app.request("/api/uploads/instagram-media", {
      method: "POST",
      headers: { origin: TEST_PUBLIC_URL, "content-type": "application/octet-stream" },
      body: sampleJpeg,
    });
    expect(anonymous.status).toBe(401);
  });

  it("gives URLs Instagram can fetch: the sandbox makes a container from one", async () => {
    const uploaded = (await (await upload("instagram-media", sampleJpeg)).json()) as Uploaded;
    const lena = testApp.sandbox!.accounts().find((account) => account.username === "lena.makes")!;
    const token = testApp.sandbox!.issueToken({ username: "lena.makes", login: "instagram" });
    const container = await testApp.graph
      .account({ login: "instagram", accessToken: token, igUserId: lena.igUserId })
      .createContainer({ kind: "image", imageUrl: uploaded.url, caption: "From our storage" });
    expect(container.id).toMatch(/^\d+$/);
  });
});

describe("HEIC uploads", () => {
  const heic = new Uint8Array(
    readFileSync(new URL("./fixtures/gradient-64x48.heic", import.meta.url)),
  );

  it("are stored as JPEG in the publishing buckets, and refused as covers", async () => {
    for (const bucket of ["instagram-media", "scheduled-content"]) {
      const response = await upload(bucket, heic);
      expect(response.status, bucket).toBe(201);
      const uploaded = (await response.json()) as Uploaded;
      expect(uploaded.key, bucket).toMatch(/\.jpg$/);
      expect(uploaded.contentType, bucket).toBe("image/jpeg");
      const file = await testApp.app.request(uploaded.url);
      expect(file.headers.get("content-type"), bucket).toBe("image/jpeg");
    }
    expect((await upload("instagram_media", heic)).status).toBe(415);
  });

  it("that cannot be converted get 'Upload failed: '", async () => {
    const response = await upload("instagram-media", new Uint8Array(heic.subarray(0, 60)));
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("Upload failed: the HEIC photo could not be read");
  });
});
