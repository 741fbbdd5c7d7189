import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_PUBLIC_URL, type TestApp } from "../../testing/create-test-app.ts";
import type { HttpClient } from "../../testing/http-client.ts";
import { createTestAppWithSyncedAccount } from "../../testing/synced-account.ts";

/*
 * caption-generate with an AI provider configured: a local OpenAI-compatible server (what a
 * self-hosted model speaks) stands in for the provider, so the real AI SDK request goes over
 * HTTP and the test reads what the model was sent.
 */
let testApp: TestApp;
let client: HttpClient;
let server: Server;
let answer = "";
const received: Array<{ path: string; body: unknown; authorization: string | undefined }> = [];

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8"));
}

beforeAll(async () => {
  server = createServer(async (request, response) => {
    received.push({
      path: request.url ?? "",
      body: await readBody(request),
      authorization: request.headers.authorization,
    });
    response.setHeader("content-type", "application/json");
    response.end(
      JSON.stringify({
        id: "chatcmpl-1",
        object: "chat.completion",
        created: 1,
        model: "vision-test",
        choices: [
          { index: 0, message: { role: "assistant", content: answer }, finish_reason: "stop" },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  // A user with @lena.makes connected and synced once (a copy of the run's snapshot): the
  // captions are the subject here, not the connection.
  ({ testApp, client } = await createTestAppWithSyncedAccount(
    { username: "lena.makes", login: "instagram" },
    {
      env: {
        AI_PROVIDER: "openai-compatible",
        AI_MODEL: "vision-test",
        AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
        AI_API_KEY: "local-test-key",
      },
    },
  ));
}, 180_000);
afterAll(async () => {
  await testApp?.close();
  await new Promise((resolve) => server?.close(resolve));
});

async function uploadedImageUrl() {
  const sample = await testApp.sandbox!.fetch(`${TEST_PUBLIC_URL}/sandbox/cdn/samples/image.jpg`);
  const response = await client.request("/api/uploads/instagram-media", {
    method: "POST",
    headers: { "content-type": "application/octet-stream" },
    body: new Uint8Array(await sample.arrayBuffer()),
  });
  return ((await response.json()) as { url: string }).url;
}

type CaptionAnswer = {
  success: boolean;
  caption: string;
  hashtags: string[];
  engine: string;
  model?: string;
  note: string;
};

describe("instagram-caption-generate with an AI provider", () => {
  it("sends the image and the account's voice to the model and says the AI wrote it", async () => {
    answer =
      'Here you go:\n```json\n{"caption": "Fresh from the kiln this morning.", "hashtags": ["#ceramics", "pottery", "pottery"]}\n```';
    received.length = 0;
    const response = await client.post("/api/functions/instagram-caption-generate", {
      media_url: await uploadedImageUrl(),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as CaptionAnswer;
    expect(body).toMatchObject({
      success: true,
      caption: "Fresh from the kiln this morning.",
      hashtags: ["ceramics", "pottery"],
      engine: "ai",
      model: "openai-compatible: vision-test",
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe("/v1/chat/completions");
    expect(received[0]!.authorization).toBe("Bearer local-test-key");
    const sent = JSON.stringify(received[0]!.body);
    expect(sent).toContain("data:image/jpeg;base64,");
    expect(sent).toContain("voice of these past captions");
    expect(sent).toContain("You write Instagram captions");
  }, 60_000);

  it("falls back to the built-in engine, and says so, when the model answers nonsense", async () => {
    answer = "I cannot help with that.";
    received.length = 0;
    const response = await client.post("/api/functions/instagram-caption-generate", {
      media_url: await uploadedImageUrl(),
    });
    const body = (await response.json()) as CaptionAnswer;
    expect(body.engine).toBe("built-in");
    expect(body.success).toBe(true);
    expect(body.note).toMatch(/did not answer usefully; Drafted from your \d+ best-performing/);
    // The model was asked (and its answer refused), not skipped.
    expect(received).toHaveLength(1);
  }, 60_000);

  it("never sends the model a file that is not the caller's own upload", async () => {
    received.length = 0;
    for (const media_url of [
      "https://scontent.cdninstagram.com/v/t51/photo.jpg",
      `${TEST_PUBLIC_URL}/storage/instagram-media/someone-else/1-a.jpg?expires=9999999999&signature=x`,
    ]) {
      const response = await client.post("/api/functions/instagram-caption-generate", {
        media_url,
      });
      const body = (await response.json()) as CaptionAnswer;
      expect(body.engine).toBe("built-in");
      expect(body.note).toMatch(/only looks at images you uploaded to Sightline/);
    }
    expect(received).toHaveLength(0);
  }, 60_000);
});
