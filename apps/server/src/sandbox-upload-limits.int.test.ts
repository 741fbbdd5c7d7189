import { RUPLOAD_MAX_BODY_BYTES } from "@sightline/instagram-sandbox";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BODY_LIMIT } from "./middleware/body-limit.ts";
import { createTestApp, TEST_PUBLIC_URL, type TestApp } from "./testing/create-test-app.ts";

/**
 * Issue 25: the server's small default body limit used to apply to the sandbox mount too, so a
 * 100 KB video chunk sent to the sandbox's rupload through the server was refused (413). The
 * sandbox's upload route takes what Meta's does: up to a whole video in one request.
 */

let testApp: TestApp;
beforeAll(async () => {
  testApp = await createTestApp();
});
afterAll(async () => {
  await testApp?.close();
});

async function resumableContainer() {
  const account = testApp.sandbox!.accounts().find((entry) => entry.username === "lena.makes")!;
  const token = testApp.sandbox!.issueToken({ username: "lena.makes", login: "instagram" });
  const client = testApp.graph.account({
    login: "instagram",
    accessToken: token,
    igUserId: account.igUserId,
  });
  const { id } = await client.createContainer({ kind: "reel", resumable: true });
  return { id, token, client };
}

function upload(
  containerId: string,
  token: string,
  body: Uint8Array,
  headers: Record<string, string>,
) {
  return testApp.app.request(
    `${TEST_PUBLIC_URL}/sandbox/rupload.facebook.com/ig-api-upload/v23.0/${containerId}`,
    {
      method: "POST",
      headers: {
        authorization: `OAuth ${token}`,
        "content-type": "application/octet-stream",
        "content-length": String(body.byteLength),
        ...headers,
      },
      body,
    },
  );
}

describe("the sandbox's video upload through the server", () => {
  it("takes a 100 KB chunk (more than the server's own 64 KB default), and counts its bytes", async () => {
    expect(100 * 1024).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    const { id, token, client } = await resumableContainer();
    const chunk = new Uint8Array(100 * 1024).fill(7);
    const response = await upload(id, token, chunk, {
      offset: "0",
      file_size: String(300 * 1024),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true, message: "Upload successful." });
    expect((await client.getUploadProgress(id)).bytesTransferred).toBe(100 * 1024);
  });

  it("refuses a body over Meta's largest video before reading it", async () => {
    const { id, token } = await resumableContainer();
    const response = await upload(id, token, new Uint8Array(16), {
      offset: "0",
      file_size: String(RUPLOAD_MAX_BODY_BYTES + 1),
      "content-length": String(RUPLOAD_MAX_BODY_BYTES + 1),
    });
    expect(response.status).toBe(413);
  });

  it("keeps the small default everywhere else on the sandbox", async () => {
    const response = await testApp.app.request(
      `${TEST_PUBLIC_URL}/sandbox/graph.instagram.com/v23.0/me/media`,
      {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": String(DEFAULT_BODY_LIMIT + 1),
        },
        body: "a".repeat(DEFAULT_BODY_LIMIT + 1),
      },
    );
    expect(response.status).toBe(413);
  });
});
